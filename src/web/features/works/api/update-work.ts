import { useMutation, useQueryClient } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { work } from '../../../../contract/works';
import { http } from '../../../lib/http';
import type { QueueFields } from '../../../lib/queue';
import { queryKeys } from '../../../lib/query-keys';

export interface WorkUpdate {
  id: number;
  fields: QueueFields;
  /** Only the newly added files are uploaded. */
  newImages: File[];
  /** Ids of the existing images that stay. */
  keepImages: number[];
}

export function updateWork({ id, fields, newImages, keepImages }: WorkUpdate) {
  const body = new FormData();
  body.append('title', fields.title);
  body.append('description', fields.description);
  if (fields.category !== null) body.append('category', String(fields.category));
  for (const tag of fields.tags) body.append('tags', String(tag));
  body.append('is_public', String(fields.is_public));
  for (const file of newImages) body.append('images', file, file.name);
  for (const keep of keepImages) body.append('keep_images', String(keep));
  // An absent keep_images keeps every image, so "keep none" is sent as one empty value.
  if (!keepImages.length) body.append('keep_images', '');
  return http.post(API.artworkUpdate(id), { body, schema: work });
}

export function useUpdateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWork,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.work(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.workLists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.imageCount });
    },
  });
}
