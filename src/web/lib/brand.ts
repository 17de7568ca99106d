/** The product's name in the language shown (its one place is the contract's BRAND; issue 28). */
import { useLingui } from '@lingui/react';

import { brandIn } from '@contract/brand';

export function useBrand(): string {
  return brandIn(useLingui().i18n.locale);
}
