import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError } from '@web/lib/api-error';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function getWork(id: number) {
  // No toast: the pages that show a work show each way it can fail (not found, not loaded, offline) themselves.
  return api('work', { params: { id }, silent: true });
}

export const workQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.work(id), queryFn: () => getWork(id) });

/** The museum answered that there is no such work for this visitor (404, or an id it does not accept). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function useWork(id: number | null) {
  return useQuery({ ...workQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
