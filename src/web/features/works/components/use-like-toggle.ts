import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';

import type { Work } from '../../../../contract/works';
import { useSession } from '../../../lib/session';
import { isOnline } from '../../../lib/use-online';
import { notify } from '../../../lib/toast';
import { likeWork } from '../api/like-work';
import { unlikeWork } from '../api/unlike-work';
import { patchWork } from '../api/works-cache';

/**
 * Like or unlike a work. The state shown changes only after the server says success (works spec §4): the
 * answer is written into every cached copy of the work. A failure is toasted by the HTTP client and returns
 * false. A visitor is asked to log in, a parent to pick a user. Offline nothing is sent: a paused like replayed
 * later could undo a newer one. (A plain request, not a TanStack mutation: the toggle keeps its own busy state,
 * and the galleries' first load does without the mutation code.)
 */
export function useLikeToggle() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const hasChild = useSession((s) => Boolean(s.childToken));
  const hasParent = useSession((s) => Boolean(s.token));
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);

  const toggle = async (work: Work): Promise<boolean> => {
    // Offline the button is aria-disabled and explains itself (ui/like-button); never queue a like.
    if (!isOnline()) return false;
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
    setBusyId(work.id);
    try {
      const answer = await (work.is_liked_by_user ? unlikeWork : likeWork)(work.id);
      if (answer.success) {
        patchWork(queryClient, work.id, { likes_count: answer.likes_count, is_liked_by_user: answer.is_liked_by_user });
      }
      return answer.success;
    } catch {
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return { toggle, busyId };
}
