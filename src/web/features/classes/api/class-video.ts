/**
 * The class's links for the calling child's confirmed sign-up (POST /api/artist-classes/{id}/video-url/, works spec
 * §7). Opening the video page reads them (no `resend`: the server sends nothing, the e-mail went at confirmation;
 * issue 28, item 7). Only "Send the link again" e-mails them again (`resend: true`, 3 per hour per sign-up: then
 * the client's toast says the server's 429 message).
 */
import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';

export function useClassVideo(classId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['class-video', classId],
    // No toast: the page says why there is no link (not signed up, payment pending, offline).
    queryFn: () => api('classVideoUrl', { params: { id: classId }, json: {}, silent: true }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** "Send the link again": one e-mail to the parent's address; the answer's message says so. */
export function useResendClassLink(classId: number) {
  return useMutation({
    mutationFn: () => api('classVideoUrl', { params: { id: classId }, json: { resend: true } }),
  });
}
