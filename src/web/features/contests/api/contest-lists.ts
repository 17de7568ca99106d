/** The two paged contest lists (works spec §2, §4): every contest, and the child's own. Page 1 replaces, later pages append. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ContestFilter } from '@contract/contests';
import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';

export interface ContestFilters {
  search?: string;
  status: ContestFilter;
}

export type ContestListOp = 'contests' | 'myContests';

export function contestListOptions(op: ContestListOp, filters: ContestFilters) {
  return infiniteQueryOptions({
    queryKey: apiKey(op, { query: filters }),
    queryFn: (context) => {
      const { pageParam, signal } = context;
      return api(op, { query: { ...filters, page: pageParam }, signal, silent: alreadyShown(context, pageParam) });
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

export function useContestList(op: ContestListOp, filters: ContestFilters) {
  return useInfiniteQuery(contestListOptions(op, filters));
}
