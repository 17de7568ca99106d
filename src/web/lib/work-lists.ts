/**
 * The one hook of the five paged works lists (public, my, collection, family, a member's): page 1 replaces, later
 * pages append. The works walls use it, and the contest's gallery picker lists the child's own works with it.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys, type WorkListOp } from '@web/lib/query-keys';

export interface WorkFilters {
  search?: string;
  category?: number;
}

/** `memberId` names the member of `memberWorks` (the other lists have no parameter). */
export function workListOptions(op: WorkListOp, filters: WorkFilters, memberId?: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.workList(op, filters, memberId),
    queryFn: (context) => {
      const { pageParam, signal } = context;
      const silent = alreadyShown(context, pageParam);
      return op === 'memberWorks'
        ? api(op, { params: { id: memberId ?? 0 }, query: { ...filters, page: pageParam }, signal, silent })
        : api(op, { query: { ...filters, page: pageParam }, signal, silent });
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

export function useWorkList(op: WorkListOp, filters: WorkFilters, options: { memberId?: number; enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...workListOptions(op, filters, options.memberId), enabled: options.enabled ?? true });
}
