import { queryOptions, useQuery } from '@tanstack/react-query';

import { profile } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The active child profile (needs a child token). */
export function getProfile() {
  return http.get(API.profile, { schema: profile });
}

export const profileQueryOptions = () => queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
