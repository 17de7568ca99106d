/**
 * The multipart body of a work (works spec §3): the fields, the new images, and for an update the ids of the images
 * kept. The upload queue (create) and the edit page (update) both send it.
 */
import type { QueueFields } from './queue';

export function workFormBody(fields: QueueFields, images: readonly File[], keepImages?: readonly number[]): FormData {
  const body = new FormData();
  for (const file of images) body.append('images', file, file.name);
  body.append('title', fields.title);
  body.append('description', fields.description);
  if (fields.category !== null) body.append('category', String(fields.category));
  for (const tag of fields.tags) body.append('tags', String(tag));
  body.append('is_public', String(fields.is_public));
  if (fields.is_circle !== undefined) body.append('is_circle', String(fields.is_circle));
  if (keepImages) {
    for (const keep of keepImages) body.append('keep_images', String(keep));
    // An absent keep_images keeps every image, so "keep none" is sent as one empty value.
    if (keepImages.length === 0) body.append('keep_images', '');
  }
  return body;
}
