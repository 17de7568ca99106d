/**
 * What the console's contests and classes share: the organization's paged list (newest first, a page at a time),
 * and the refresh after a change, which also reaches what families read of that area (the public list, a page).
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';

import type { Paged } from '@contract/works';
import { api, apiKey, type ApiResult, type CallInput } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { refreshConsole } from './keys';

export function useOrgPages<K extends 'orgContests' | 'orgClasses'>(op: K, orgId: number) {
  const params = { orgId };
  return useInfiniteQuery({
    queryKey: apiKey(op, { params }),
    queryFn: (context): Promise<ApiResult<K>> =>
      api(op, {
        params,
        query: { page: context.pageParam },
        signal: context.signal,
        silent: alreadyShown(context, context.pageParam),
      } as unknown as CallInput<K>),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => ((last as Paged<unknown>).next ? lastPage + 1 : undefined),
  });
}

/** Refreshes the console and `area` (what families read of it). */
export function useRefreshArea(area: readonly unknown[]) {
  const client = useQueryClient();
  return () => {
    refreshConsole(client);
    void client.invalidateQueries({ queryKey: area });
  };
}
