/** What every paged works list shares: the filters, one page fetch and the infinite query options. */
import { infiniteQueryOptions } from '@tanstack/react-query';

import type { Paged, Work } from '../../../../contract/works';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export interface WorkFilters {
  search?: string;
  category?: number;
}

export function fetchWorkPage(path: string, filters: WorkFilters, page: number, signal?: AbortSignal): Promise<Paged<Work>> {
  const searchParams: Record<string, string | number> = { page };
  if (filters.search) searchParams.search = filters.search;
  if (filters.category) searchParams.category = filters.category;
  return http.get(path, { searchParams, schema: () => import('./schemas').then((m) => m.workPage), signal });
}

/** Page 1 replaces, later pages append (TanStack keeps the pages in order). */
export function worksInfiniteOptions(kind: string, path: string, filters: WorkFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.workList(kind, filters),
    queryFn: ({ pageParam, signal }) => fetchWorkPage(path, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}
