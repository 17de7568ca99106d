import { queryOptions, useQuery } from '@tanstack/react-query';

import { accountInfo } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getAccountInfo() {
  return http.get(API.accountInfo, { schema: accountInfo });
}

export const accountInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.accountInfo, queryFn: getAccountInfo });

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
