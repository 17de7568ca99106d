/**
 * The family circle as its parent manages it (issue 32): the circle (its fans, invitations and the family's default),
 * a new invitation, cancelling one, what a fan follows, and removing a fan. Their routes come with the pages that use
 * them (lib/console-routes), not with every page.
 */
import '@web/lib/console-routes';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CircleInviteBody } from '@contract/circle';
import { api, apiKey } from '@web/lib/http';

const CIRCLE_KEY = apiKey('circle');

export function useCircle() {
  return useQuery({ queryKey: CIRCLE_KEY, queryFn: () => api('circle', {}) });
}

function useCircleRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: CIRCLE_KEY });
}

export function useCircleDefault() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (circleByDefault: boolean) => api('circleSettings', { json: { circle_by_default: circleByDefault } }),
    onSuccess: (overview) => client.setQueryData(CIRCLE_KEY, overview),
  });
}

export function useInvite() {
  const refresh = useCircleRefresh();
  return useMutation({ mutationFn: (body: CircleInviteBody) => api('circleInvite', { json: body }), onSuccess: refresh });
}

export function useRevokeInvitation() {
  const refresh = useCircleRefresh();
  return useMutation({ mutationFn: (id: number) => api('circleInvitationRevoke', { params: { id } }), onSuccess: refresh });
}

export function useUpdateFan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, children, needsApproval }: { id: number; children?: number[]; needsApproval?: boolean }) =>
      api('circleFanUpdate', {
        params: { id },
        json: { ...(children ? { children } : {}), ...(needsApproval === undefined ? {} : { needs_approval: needsApproval }) },
      }),
    onSuccess: (overview) => client.setQueryData(CIRCLE_KEY, overview),
  });
}

export function useRemoveFan() {
  const refresh = useCircleRefresh();
  return useMutation({ mutationFn: (id: number) => api('circleFanRemove', { params: { id } }), onSuccess: refresh });
}

const COMMENTS_KEY = apiKey('circleComments');

/** The fans' comments waiting for a parent. */
export function usePendingComments() {
  return useQuery({ queryKey: COMMENTS_KEY, queryFn: () => api('circleComments', { silent: true }) });
}

export function useAnswerComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      approve ? api('circleCommentApprove', { params: { id } }) : api('circleCommentRemove', { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}
