import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

import { PlaceholderPage } from '../ui/placeholder-page';

/** A page of an area that later issues build: titled with the page name. */
export function PlaceholderRoute({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <PlaceholderPage title={i18n._(title)} />;
}
