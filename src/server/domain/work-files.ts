/**
 * Work image files: re-encoded through the images adapter (sharp, file-type) and written through
 * the storage adapter under works/<random>.webp. Whoever writes files removes them again when the
 * database work that should reference them fails, so a rejected upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';

import { checkImage, ImageRejected, makeWorkImages, type WorkImageFiles } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import { ValidationError } from '../errors';

export interface StoredImage {
  displayKey: string;
  thumbKey: string;
  width: number;
  height: number;
  bytes: number;
}

/** 128 random bits: private works' URLs cannot be guessed. */
const newKey = () => `works/${randomBytes(16).toString('hex')}.webp`;

/** 400 {images} for an image the adapter rejected; anything else is the server's own failure. */
async function asField<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of('images', err.messageId);
    throw err;
  }
}

/**
 * Checks every file's type and dimensions from its header, so that a request whose fifth file is
 * unacceptable costs no decoding of the first four; 400 {images} if any is rejected.
 */
export async function checkImages(files: Uint8Array[]): Promise<void> {
  for (const file of files) await asField(() => checkImage(file));
}

/** Decodes and re-encodes every file (one at a time, to bound memory); 400 {images} if any is rejected. */
export async function encodeImages(files: Uint8Array[]): Promise<WorkImageFiles[]> {
  await checkImages(files);
  const out: WorkImageFiles[] = [];
  for (const file of files) out.push(await asField(() => makeWorkImages(file)));
  return out;
}

export async function storeImages(storage: StorageAdapter, encoded: WorkImageFiles[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const img of encoded) {
      const entry = { displayKey: newKey(), thumbKey: newKey(), width: img.width, height: img.height, bytes: img.display.byteLength };
      stored.push(entry);
      await storage.put(entry.displayKey, img.display, 'image/webp');
      await storage.put(entry.thumbKey, img.thumb, 'image/webp');
    }
    return stored;
  } catch (err) {
    await removeImages(storage, stored);
    throw err;
  }
}

/** Best effort: a missing file is fine, and a failed delete must not turn a success into an error. */
export async function removeImages(storage: StorageAdapter, images: Pick<StoredImage, 'displayKey' | 'thumbKey'>[]): Promise<void> {
  await Promise.all(
    images
      .flatMap((i) => [i.displayKey, i.thumbKey])
      .map((key) => storage.delete(key).catch((err: unknown) => console.error('[works] could not delete', key, err))),
  );
}
