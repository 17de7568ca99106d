/**
 * A contest's thumbnail: re-encoded as a work image is (sharp through the images adapter: upright, WebP, no
 * metadata, long edge at most 2048 px) and written under contests/<random>.webp. Whoever writes the file removes it
 * again when the database work that should reference it fails.
 */
import { randomBytes } from 'node:crypto';

import { ImageRejected, makeWorkImages } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import { ValidationError } from '../errors';

export const THUMBNAIL_FIELD = 'thumbnail';

/** Decodes, re-encodes and stores the upload; 400 {thumbnail} for an image the adapter rejects. Returns its key. */
export async function storeThumbnail(storage: StorageAdapter, bytes: Uint8Array): Promise<string> {
  let encoded: Buffer;
  try {
    encoded = (await makeWorkImages(bytes)).display;
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of(THUMBNAIL_FIELD, err.messageId);
    throw err;
  }
  const key = `contests/${randomBytes(16).toString('hex')}.webp`;
  try {
    await storage.put(key, encoded, 'image/webp');
  } catch (err) {
    await removeThumbnail(storage, key);
    throw err;
  }
  return key;
}

/** Best effort, for a file written by a request that then failed (never referenced by any row). */
export async function removeThumbnail(storage: StorageAdapter, key: string | null): Promise<void> {
  if (!key) return;
  await storage.delete(key).catch((err: unknown) => console.error('[contests] could not delete', key, err));
}
