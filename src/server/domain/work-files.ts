/**
 * Work image files: re-encoded through the images adapter (sharp, file-type) and written through
 * the storage adapter under works/<random>.webp, as pending files (domain/pending-files.ts): the
 * transaction that inserts their rows adopts them, and a request that fails discards them, so
 * neither a rejected upload nor a crash at any point leaves a file that no row names.
 */
import { randomBytes } from 'node:crypto';

import { checkImage, ImageRejected, makeWorkImages, type ImageSource, type WorkImageFiles } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import type { Db, Executor } from '../db/open';
import { ValidationError } from '../errors';
import { errorFields, log } from '../log';
import { adoptPending, discardPending, putPending, type FileToPut } from './pending-files';

interface FileDeps {
  db: Db;
  storage: StorageAdapter;
  clock: () => Date;
}

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
export async function checkImages(files: ImageSource[]): Promise<void> {
  for (const file of files) await asField(() => checkImage(file));
}

/** Decodes and re-encodes every file (one at a time, to bound memory); 400 {images} if any is rejected. */
export async function encodeImages(files: ImageSource[]): Promise<WorkImageFiles[]> {
  await checkImages(files);
  const out: WorkImageFiles[] = [];
  for (const file of files) out.push(await asField(() => makeWorkImages(file, true)));
  return out;
}

/** Writes the encoded copies as pending files; the caller adopts them with its rows (adoptImages) or discards them. */
export async function storeImages(deps: FileDeps, encoded: WorkImageFiles[]): Promise<StoredImage[]> {
  const stored = encoded.map((img) => ({
    displayKey: newKey(),
    thumbKey: newKey(),
    width: img.width,
    height: img.height,
    bytes: img.display.byteLength,
  }));
  await putPending(
    deps,
    encoded.flatMap((img, i) => [
      { key: stored[i]!.displayKey, bytes: img.display, contentType: 'image/webp' },
      { key: stored[i]!.thumbKey, bytes: img.thumb, contentType: 'image/webp' },
    ]),
  );
  return stored;
}

const keysOf = (images: Pick<StoredImage, 'displayKey' | 'thumbKey'>[]) => images.flatMap((i) => [i.displayKey, i.thumbKey]);

/** In the transaction that inserts the images' rows. */
export const adoptImages = (tx: Executor, images: StoredImage[]): Promise<void> => adoptPending(tx, keysOf(images));

/** For images no row will name; never throws (domain/pending-files.ts). */
export const removeImages = (deps: FileDeps, images: Pick<StoredImage, 'displayKey' | 'thumbKey'>[]): Promise<void> =>
  discardPending(deps, keysOf(images));

/** An image row's files at their new keys (moveImages). */
export interface MovedImage {
  id: number;
  displayKey: string;
  thumbKey: string;
}

/** A stored file's bytes and type; a file that is gone is the server's fault (its row names it). */
async function readStored(storage: StorageAdapter, key: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  const found = await storage.get(key);
  if (!found) throw new Error(`stored image missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), contentType: found.contentType };
}

/**
 * A work made private (decisions.md "Made private means private"): copies each image's display and thumbnail to new
 * random keys, written as pending files like an upload's. The transaction that flips the work points the rows at them
 * (adoptMoved) and schedules the old keys for deletion, so the addresses anyone saw stop answering; a failure or a
 * crash before that commit leaves the copies to be discarded or swept, and the work as it was. A copy is a get and a
 * put, the same on the disk and on S3; the files of at most five images (re-encoded WebP, well under a few MB in all)
 * are read into memory before any is put, so no pending record waits on a slow read.
 */
export async function copyImages(deps: FileDeps, images: readonly MovedImage[]): Promise<MovedImage[]> {
  const moved: MovedImage[] = [];
  const files: FileToPut[] = [];
  for (const img of images) {
    const copy = { id: img.id, displayKey: newKey(), thumbKey: newKey() };
    for (const [from, to] of [
      [img.displayKey, copy.displayKey],
      [img.thumbKey, copy.thumbKey],
    ] as const)
      files.push({ key: to, ...(await readStored(deps.storage, from)) });
    moved.push(copy);
  }
  await putPending(deps, files);
  return moved;
}

/** In the transaction that points the rows at the copies. */
export const adoptMoved = (tx: Executor, moved: readonly MovedImage[]): Promise<void> => adoptPending(tx, keysOf([...moved]));

/** For copies no row will name; never throws. */
export const discardMoved = (deps: FileDeps, moved: readonly MovedImage[]): Promise<void> => discardPending(deps, keysOf([...moved]));

/**
 * The demo seed's writer (db/seed-works.ts), before the app serves anyone: files put straight away, removed if the
 * seed fails. A crash mid-seed can leave demo files behind; nothing a user sent is ever written this way.
 */
export async function storeSeedImages(storage: StorageAdapter, encoded: WorkImageFiles[]): Promise<StoredImage[]> {
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
    await removeSeedImages(storage, stored);
    throw err;
  }
}

/** Best effort, for the seed's files when the seed fails. */
export async function removeSeedImages(storage: StorageAdapter, images: Pick<StoredImage, 'displayKey' | 'thumbKey'>[]): Promise<void> {
  await Promise.all(
    keysOf(images).map((key) =>
      storage.delete(key).catch((err: unknown) => log('error', 'seed: could not delete', { key, ...errorFields(err) })),
    ),
  );
}
