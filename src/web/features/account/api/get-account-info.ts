import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getAccountInfo() {
  return api('accountInfo', {});
}

export const accountInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.accountInfo, queryFn: getAccountInfo });

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
