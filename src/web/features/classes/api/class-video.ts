/**
 * The class's video for the calling child's confirmed sign-up (POST /api/artist-classes/{id}/video-url/, works spec
 * §7), asked by the video page when it opens. The call also e-mails the link, so it is made once per visit to the
 * page: not again on focus, reconnect or a `classes` refresh (its key is outside that area), and not retried.
 */
import { useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';

export function useClassVideo(classId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['class-video', classId],
    // No toast: the page says why there is no link (not signed up, payment pending, offline).
    queryFn: () => api('classVideoUrl', { params: { id: classId }, silent: true }),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
