import { useMutation, useQueryClient } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { patchWork } from './works-cache';

export function unlikeWork(id: number) {
  return http.post(API.artworkUnlike(id), { schema: () => import('./schemas').then((m) => m.likeResponse) });
}

/** The shown like state changes only after the server reports success (works spec §4). */
export function useUnlikeWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlikeWork,
    onSuccess: (answer, id) => {
      if (answer.success) patchWork(queryClient, id, { likes_count: answer.likes_count, is_liked_by_user: answer.is_liked_by_user });
    },
  });
}
