import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import type { QueueFields } from '@web/lib/queue';
import { isWorkListKey, queryKeys } from '@web/lib/query-keys';
import { workFormBody } from '@web/lib/work-form-body';

export interface WorkUpdate {
  id: number;
  fields: QueueFields;
  /** Only the newly added files are uploaded. */
  newImages: File[];
  /** Ids of the existing images that stay. */
  keepImages: number[];
}

export function updateWork({ id, fields, newImages, keepImages }: WorkUpdate) {
  return api('workUpdate', { params: { id }, body: workFormBody(fields, newImages, keepImages) });
}

export function useUpdateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWork,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.work(updated.id), updated);
      void queryClient.invalidateQueries({ predicate: (q) => isWorkListKey(q.queryKey) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.imageCount });
    },
  });
}
