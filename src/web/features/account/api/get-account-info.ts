import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

export function getAccountInfo(silent = false) {
  return api('accountInfo', { silent });
}

export const accountInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accountInfo, queryFn: (context) => getAccountInfo(alreadyShown(context)) });

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
