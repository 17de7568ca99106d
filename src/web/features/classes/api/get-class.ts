/** One class (GET /api/artist-classes/{id}): with a child token, that child's sign-up (`member_signup`). */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError } from '@web/lib/api-error';
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

/** The museum answered that there is no such class (404, or an id it does not accept). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
