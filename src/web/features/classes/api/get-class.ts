/** One class (GET /api/artist-classes/{id}): with a child token, that child's sign-up (`member_signup`). */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';

export const classQueryOptions = (id: number) =>
  queryOptions({
    queryKey: apiKey('artistClass', { params: { id } }),
    // No toast: the pages show each way it can fail (not found, not loaded, offline) themselves.
    queryFn: ({ signal }) => api('artistClass', { params: { id }, signal, silent: true }),
  });

export function useArtistClass(id: number | null) {
  return useQuery({ ...classQueryOptions(id ?? 0), enabled: id !== null });
}
