import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

export function getWork(id: number) {
  return api('work', { params: { id } });
}

export const workQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.work(id), queryFn: () => getWork(id) });

export function useWork(id: number | null) {
  return useQuery({ ...workQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
