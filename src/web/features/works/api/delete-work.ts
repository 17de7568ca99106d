import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';
import { dropWork } from './works-cache';

export function deleteWork(id: number) {
  return api('workDelete', { params: { id } });
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
