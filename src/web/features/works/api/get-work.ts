import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function getWork(id: number) {
  // No toast: the pages that show a work show each way it can fail (not found, not loaded, offline) themselves.
  return api('work', { params: { id }, silent: true });
}

export const workQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.work(id), queryFn: () => getWork(id) });

export function useWork(id: number | null) {
  return useQuery({ ...workQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
