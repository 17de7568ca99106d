import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProfiles() {
  return api('profiles', {});
}

export const profilesQueryOptions = () => queryOptions({ queryKey: queryKeys.profiles, queryFn: getProfiles });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}
