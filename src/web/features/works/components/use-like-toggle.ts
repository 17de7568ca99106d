import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';

import type { Work } from '@contract/works';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { setLike } from '../api/like-work';
import { patchWork } from '../api/works-cache';

/**
 * Like or unlike a work. The state shown changes only after the server says success (works spec §4): the
 * answer is written into every cached copy of the work. A failure is toasted by the HTTP client and returns
 * false. A visitor is asked to log in, a parent to pick a user. Offline the button does not call this
 * (ui/like-button, lib/network-action), and the mutation never pauses to replay later: a like replayed later
 * could undo a newer one.
 */
export function useLikeToggle() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const hasChild = useSession((s) => Boolean(s.childToken));
  const hasParent = useSession((s) => Boolean(s.token));
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (work: Work) => setLike(work.id, !work.is_liked_by_user),
    networkMode: 'always',
    onSuccess: (answer, work) => {
      if (answer.success) patchWork(queryClient, work.id, { likes_count: answer.likes_count, is_liked_by_user: answer.is_liked_by_user });
    },
  });

  const toggle = async (work: Work): Promise<boolean> => {
    if (!hasChild) {
      if (hasParent) {
        notify.info(t`Please select a user to like works.`);
        navigate('/add-user');
      } else {
        notify.info(t`Please log in to like works.`);
        navigate('/login');
      }
      return false;
    }
    return mutation.mutateAsync(work).then(
      (answer) => answer.success,
      () => false,
    );
  };

  return { toggle, busyId: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}
