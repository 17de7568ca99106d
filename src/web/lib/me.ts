import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './http';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** The current user; also the start-up session check (silent: a stale token is no news). */
export function getMe() {
  return api('me', { silent: true });
}

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe, retry: false, staleTime: Infinity });

export function useMe() {
  const hasToken = useSession((s) => Boolean(s.token || s.childToken));
  return useQuery({ ...meQueryOptions(), enabled: hasToken });
}
