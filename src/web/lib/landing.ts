/**
 * Where a parent lands after logging in (issue 28, item 6). A family picks who is visiting (/add-user); a
 * teacher or the super admin whose account has no child profile has nobody to pick, and came to run the console
 * (/org). Staff with children still pick a user: /add-user then shows a card to the console.
 */
import type { z } from 'zod';

import type { me as meSchema } from '@contract/accounts';
import { api } from './http';
import { meQueryOptions } from './me';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

type Me = z.infer<typeof meSchema>;

/** Whether the account runs an organization or the site (the parent's `me`; a child's says neither). */
export function runsConsole(me: Pick<Me, 'is_staff' | 'is_super_admin'> | null | undefined): boolean {
  return Boolean(me?.is_staff || me?.is_super_admin);
}

/** The page after login: the console for staff and admins without child profiles, else "Who is visiting today?". */
export function landingPath(
  me: Pick<Me, 'is_staff' | 'is_super_admin'> | null | undefined,
  profileCount: number | null,
): '/org' | '/add-user' {
  return runsConsole(me) && profileCount === 0 ? '/org' : '/add-user';
}

/**
 * Asks for `me` and the profiles (kept in the cache for the page that follows) and answers the landing page;
 * /add-user when either cannot be had, which is where every family went before.
 */
export async function chooseLanding(): Promise<'/org' | '/add-user'> {
  try {
    const [me, profiles] = await Promise.all([
      // Fresh: the cache may still hold what an earlier login of this device was told.
      queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ queryKey: queryKeys.profiles, queryFn: () => api('profiles', { silent: true }), staleTime: 0 }),
    ]);
    return landingPath(me, profiles.length);
  } catch {
    return '/add-user';
  }
}
