/**
 * What the entry modals read of the works area: categories and tags, the child's own works and the account's
 * image count. Under the works area's own query keys, so both features share one cache (and the same answer
 * shapes: the works list is an infinite query there too).
 */
import { useLingui } from '@lingui/react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { LIMITS } from '@contract/limits';
import { api } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** Categories or tags: names come in the request language, so the key carries it. */
export function useNamedList(op: 'categories' | 'tags') {
  const { i18n } = useLingui();
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys[op], i18n.locale],
      queryFn: (context) => api(op, { silent: alreadyShown(context) }),
      staleTime: 10 * 60_000,
    }),
  );
}

export interface OwnWorkFilters {
  search?: string;
  category?: number;
}

export function useOwnWorks(filters: OwnWorkFilters, enabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.workList('myWorks', filters),
      queryFn: (context) => {
        const { pageParam, signal } = context;
        return api('myWorks', { query: { ...filters, page: pageParam }, signal, silent: alreadyShown(context, pageParam) });
      },
      initialPageParam: 1,
      getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
    }),
    enabled,
  });
}

/** The account's stored images and its limit; a failure counts as none stored (works spec §8). */
export function useImageCount() {
  return useQuery({
    queryKey: queryKeys.imageCount,
    queryFn: async () => {
      try {
        return await api('imageCount', { silent: true });
      } catch (error) {
        console.warn('Image count unavailable; counting 0', error);
        return { total_images: 0, limit: LIMITS.freePlanImageLimit };
      }
    },
    staleTime: 0,
  });
}
