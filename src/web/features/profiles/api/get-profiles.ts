import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { profile } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProfiles() {
  return http.get(API.profiles, { schema: z.array(profile) });
}

export const profilesQueryOptions = () => queryOptions({ queryKey: queryKeys.profiles, queryFn: getProfiles });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}
