/**
 * A fan's calls (issue 32): an invitation as its link shows it, joining, and a followed child's circle works. Their
 * routes come with these pages (lib/console-routes), not with every page.
 */
import '@web/lib/console-routes';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';

import type { CircleReactions, CircleStamp, CircleWork } from '@contract/circle';
import type { Paged } from '@contract/works';
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
export type CirclePage = Paged<CircleWork> & { gone?: true };
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

/** What a reaction changed is shown from the answer: the work's circle part in every kept page of that child. */
function usePatchWork(childId: number) {
  const client = useQueryClient();
  return (workId: number, patch: (circle: CircleReactions) => CircleReactions) =>
    client.setQueryData<InfiniteData<CirclePage>>(circleWorksKey(childId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              results: p.results.map((w) => (w.id === workId ? { ...w, circle: patch((w as CircleWork).circle) } : w)),
            })),
          }
        : data,
    );
}

export function useStamp(childId: number) {
  const patch = usePatchWork(childId);
  return useMutation({
    mutationFn: ({ workId, stamp }: { workId: number; stamp: CircleStamp | null }) =>
      api('fanStamp', { params: { id: workId }, json: { stamp } }),
    onSuccess: (circle, { workId }) => patch(workId, () => circle),
  });
}

export function useComment(childId: number) {
  const patch = usePatchWork(childId);
  return useMutation({
    mutationFn: ({ workId, body }: { workId: number; body: string }) => api('fanComment', { params: { id: workId }, json: { body } }),
    onSuccess: (comment, { workId }) => patch(workId, (circle) => ({ ...circle, comments: [...circle.comments, comment] })),
  });
}

/** 「みたよ」, told once per opening; nothing to show if it fails (offline, the next opening tells it). */
export function markSeen(workId: number): void {
  void api('fanSeen', { params: { id: workId }, silent: true }).catch(() => undefined);
}

const FAN_SETTINGS_KEY = apiKey('fanSettings');

/** Whether the weekly e-mail comes (only while no device of the fan's gets notifications). */
export function useFanSettings() {
  return useQuery({ queryKey: FAN_SETTINGS_KEY, queryFn: () => api('fanSettings', {}) });
}

export function useSetDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (digest: boolean) => api('fanSettingsUpdate', { json: { digest } }),
    onSuccess: (settings) => client.setQueryData(FAN_SETTINGS_KEY, settings),
  });
}

/** The weekly e-mail's one-click stop, which its page posts once opened (a link checker's GET stops nothing). */
export function useDigestOff() {
  return useMutation({ mutationFn: (stop: string) => api('circleDigestOff', { params: { stop }, silent: true }) });
}
