/**
 * The active child profile (needs a child token). Shared by the profile screens and the galleries
 * (the family gallery's Shared Users strip), so it lives here rather than in one feature.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './http';
import { alreadyShown } from './query-client';
import { decodeToken } from './jwt';
import { queryKeys } from './query-keys';
import { useSession } from './session';

export function getProfile(silent = false) {
  return api('profile', { silent });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profile, queryFn: (context) => getProfile(alreadyShown(context)) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** The profile id the child token acts for (its `pid` claim), or null without a child session. */
export function activeProfileId(childToken: string | null): number | null {
  if (!childToken) return null;
  return decodeToken(childToken)?.pid ?? null;
}

export function useActiveProfileId(): number | null {
  return useSession((s) => activeProfileId(s.childToken));
}
