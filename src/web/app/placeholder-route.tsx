import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

import { PlaceholderPage } from '../ui/placeholder-page';
import type { PlaceholderTitle } from './route-table';

/** The titles of the route table's placeholders (./route-table.ts), as Lingui messages. */
const TITLES: Record<PlaceholderTitle, MessageDescriptor> = {
  'Artist Class': msg`Artist Class`,
  'Artist class details': msg`Artist class details`,
  'My Artist Classes': msg`My Artist Classes`,
  'Artist details': msg`Artist details`,
  'Class video': msg`Class video`,
  'Class details': msg`Class details`,
  Payment: msg`Payment`,
};

/** A page of an area that later issues build: titled with the page name. */
export function PlaceholderRoute({ title }: { title: PlaceholderTitle }) {
  const { i18n } = useLingui();
  return <PlaceholderPage title={i18n._(TITLES[title])} />;
}
