/** The product's name in the language shown (its one place is the contract's BRAND; issue 28). */
import { useLingui } from '@lingui/react';

import { BRAND } from '@contract/brand';
import type { Language } from '@contract/limits';

export const useBrand = (): string => BRAND[useLingui().i18n.locale as Language];
