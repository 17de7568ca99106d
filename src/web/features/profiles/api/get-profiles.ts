import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function getProfiles() {
  return api('profiles', {});
}

export const profilesQueryOptions = () => queryOptions({ queryKey: queryKeys.profiles, queryFn: getProfiles });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}
