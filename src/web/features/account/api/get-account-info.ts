import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function getAccountInfo() {
  return api('accountInfo', {});
}

export const accountInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.accountInfo, queryFn: getAccountInfo });

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
