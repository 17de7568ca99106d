/**
 * A class's thumbnail: re-encoded as a contest's and a work's are (sharp through the images adapter: upright, WebP,
 * no metadata, long edge at most 2048 px) and written under classes/<random>.webp. Whoever writes the file removes
 * it again when the database work that should reference it fails (removeThumbnail, ./contest-files.ts).
 */
import { randomBytes } from 'node:crypto';

import { ImageRejected, makeWorkImages } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import { ValidationError } from '../errors';
import { removeThumbnail, THUMBNAIL_FIELD } from './contest-files';

export { removeThumbnail };

/** Decodes, re-encodes and stores the upload; 400 {thumbnail} for an image the adapter rejects. Returns its key. */
export async function storeClassThumbnail(storage: StorageAdapter, bytes: Uint8Array): Promise<string> {
  let encoded: Buffer;
  try {
    encoded = (await makeWorkImages(bytes)).display;
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of(THUMBNAIL_FIELD, err.messageId);
    throw err;
  }
  const key = `classes/${randomBytes(16).toString('hex')}.webp`;
  try {
    await storage.put(key, encoded, 'image/webp');
  } catch (err) {
    await removeThumbnail(storage, key);
    throw err;
  }
  return key;
}
