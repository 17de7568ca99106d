/**
 * A fan's calls (issue 32): an invitation as its link shows it, joining, and a followed child's circle works. Their
 * routes come with these pages (lib/console-routes), not with every page.
 */
import '@web/lib/console-routes';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Paged, Work } from '@contract/works';
import { isNotFound } from '@web/lib/api-error';
import { FOLLOWED_KEY } from '@web/lib/circle';
import { api, apiKey } from '@web/lib/http';

/** The invitation behind a link; a used, cancelled or expired one is a 404 the page explains (no toast). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: apiKey('circleInvitationPreview', { params: { token } }),
    queryFn: () => api('circleInvitationPreview', { params: { token }, silent: true }),
    retry: false,
  });
}

export function useJoinCircle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('circleJoin', { params: { token } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: FOLLOWED_KEY }),
  });
}

export const circleWorksKey = (childId: number) => apiKey('fanChildWorks', { params: { childId } });

/** A page of a child the fan no longer follows (removed from the circle): it replaces what the phone kept. */
export type CirclePage = Paged<Work> & { gone?: true };
const GONE: CirclePage = { count: 0, next: null, previous: null, results: [], gone: true };

/**
 * A followed child's circle works, a page at a time. A 404 is an answer, not a failure: the family removed the fan
 * (or the child), and the works kept on this phone for offline reading are replaced by nothing at once.
 */
export function useChildCircleWorks(childId: number) {
  return useInfiniteQuery({
    queryKey: circleWorksKey(childId),
    queryFn: ({ pageParam }): Promise<CirclePage> =>
      api('fanChildWorks', { params: { childId }, query: { page: pageParam }, silent: true }).catch((error: unknown) => {
        if (isNotFound(error)) return GONE;
        throw error;
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
}
