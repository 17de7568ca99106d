import { useMutation, useQueryClient } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { patchWork } from './works-cache';

export function likeWork(id: number) {
  return http.post(API.artworkLike(id), { schema: () => import('./schemas').then((m) => m.likeResponse) });
}

/** The shown like state changes only after the server reports success (works spec §4). */
export function useLikeWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeWork,
    onSuccess: (answer, id) => {
      if (answer.success) patchWork(queryClient, id, { likes_count: answer.likes_count, is_liked_by_user: answer.is_liked_by_user });
    },
  });
}
