/** One contest (GET /api/contests/{id}): with a token its entry history, and for a child whether it may enter. */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';

export const contestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: apiKey('contest', { params: { id } }),
    // No toast: the pages show each way it can fail (not found, not loaded, offline) themselves.
    queryFn: ({ signal }) => api('contest', { params: { id }, signal, silent: true }),
  });

export function useContest(id: number | null) {
  return useQuery({ ...contestQueryOptions(id ?? 0), enabled: id !== null });
}
