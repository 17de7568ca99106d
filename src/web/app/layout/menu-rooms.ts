import { msg } from '@lingui/core/macro';

import type { MenuItem } from './menu-items';

/*
 * The menu's rooms, by who is logged in: only the menu panel (loaded when it opens) reads them, so they stay out of
 * the first load that the header's NAV_ITEMS are part of.
 */

/** The child profile's own rooms. */
export const CHILD_ITEMS: readonly MenuItem[] = [
  { href: '/my-work', label: msg`My Gallery` },
  { href: '/my-collection', label: msg`My Collection` },
  { href: '/my-contests', label: msg`My Contests` },
  { href: '/my-artist-classes', label: msg`My Artist Classes` },
  { href: '/family-gallery', label: msg`Family Gallery` },
  { href: '/user-info', label: msg`Profile` },
];

/** The parent's rooms: hidden while a child is also logged in (decisions.md, "Menu"). */
export const PARENT_ITEMS: readonly MenuItem[] = [
  { href: '/account-payment-info', label: msg`Payment Information` },
  { href: '/account-info', label: msg`Account Information` },
  { href: '/add-user', label: msg`Manage Users` },
  // The children this account follows in other families' circles (issue 32).
  { href: '/circle', label: msg({ message: 'Family circle', context: 'heading' }) },
];

/** The organization console: for a parent who is staff of an organization or a super admin (issue 12). */
export const CONSOLE_ITEM: MenuItem = { href: '/org', label: msg`Organization` };

/** `runsConsole`: `me` says the parent is staff or a super admin (the console is the parent's, like its rooms). */
export function menuFor(hasParent: boolean, hasChild: boolean, runsConsole = false): MenuItem[] {
  const items: MenuItem[] = [];
  if (hasChild) items.push(...CHILD_ITEMS);
  if ((hasParent || hasChild) && !(hasParent && hasChild)) items.push(...PARENT_ITEMS);
  if (hasParent && !hasChild && runsConsole) items.push(CONSOLE_ITEM);
  return items;
}
