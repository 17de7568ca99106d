/**
 * The two paged class lists (works spec §2, §4): every published class, and the child's own. A new search or filter
 * is a new key, so it starts again from page 1; See more appends the next page (components/class-logic.ts).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { flattenClasses, toClassQuery, type ClassFilters } from '../components/class-logic';

export type ClassListOp = 'classes' | 'myClasses';

export function classListOptions(op: ClassListOp, filters: ClassFilters) {
  const query = toClassQuery(filters);
  return infiniteQueryOptions({
    queryKey: apiKey(op, { query }),
    queryFn: (context) => {
      const { pageParam, signal } = context;
      return api(op, { query: { ...query, page: pageParam }, signal, silent: alreadyShown(context, pageParam) });
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

export function useClassList(op: ClassListOp, filters: ClassFilters) {
  return useInfiniteQuery({ ...classListOptions(op, filters), select: (data) => ({ ...data, classes: flattenClasses(data.pages) }) });
}
