import { useMutation, useQueryClient } from '@tanstack/react-query';

import { messageResponse } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { dropWork } from './works-cache';

export function deleteWork(id: number) {
  return http.delete(API.artworkDelete(id), { schema: messageResponse });
}

export function useDeleteWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWork,
    onSuccess: (_answer, id) => {
      dropWork(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.imageCount });
    },
  });
}
