import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

export function getProfiles(silent = false) {
  return api('profiles', { silent });
}

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profiles, queryFn: (context) => getProfiles(alreadyShown(context)) });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}
