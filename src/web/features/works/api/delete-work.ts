import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError } from '@web/lib/api-error';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';
import { notify } from '@web/lib/toast';
import { dropWork } from './works-cache';

/**
 * Deletes a work: 'deleted', or 'already' when the server no longer has it (deleted on another phone, or by the
 * parent, while this one had it open), which is what the child asked for too. Any other failure is told in a toast and
 * rejects.
 */
export async function deleteWork(id: number): Promise<'deleted' | 'already'> {
  try {
    await api('workDelete', { params: { id }, silent: true });
    return 'deleted';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'already';
    if (error instanceof ApiError) notify.error(error.message);
    throw error;
  }
}

export function useDeleteWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWork,
    onSuccess: (_outcome, id) => {
      dropWork(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.imageCount });
    },
  });
}
