import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface MenuItem {
  href: string;
  label: MessageDescriptor;
}

/** Header navigation, always shown (accounts spec §2). */
export const NAV_ITEMS: readonly MenuItem[] = [
  { href: '/public-gallery', label: msg`Search Works` },
  { href: '/contest-list', label: msg`All Contests` },
  { href: '/artist-list', label: msg`Artist Class` },
];
