/**
 * What a contest and a class share as pages an organization publishes (issues 12, 13): their picture and the
 * organization they are shown with.
 *
 * The picture (a contest's or a class's thumbnail) is re-encoded as a work image is (sharp through the images
 * adapter: upright, WebP, no metadata, long edge at most 2048 px) and written under <folder>/<random>.webp. Whoever
 * writes the file removes it again when the database work that should reference it fails.
 */
import { randomBytes } from 'node:crypto';

import { inArray } from 'drizzle-orm';

import { ImageRejected, makeWorkImages } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';
import type { Executor } from '../db/open';
import { organizations } from '../db/schema';
import type { AppDeps } from '../deps';
import { ValidationError } from '../errors';

/** The form field both the contest and the class forms send their picture in. */
const THUMBNAIL_FIELD = 'thumbnail';

/** The storage folder of each kind of page's pictures. */
export type PictureFolder = 'contests' | 'classes';

/** Decodes, re-encodes and stores the upload; 400 {thumbnail} for an image the adapter rejects. Returns its key. */
export async function storeOrgPicture(storage: StorageAdapter, folder: PictureFolder, bytes: Uint8Array): Promise<string> {
  let encoded: Buffer;
  try {
    encoded = (await makeWorkImages(bytes)).display;
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of(THUMBNAIL_FIELD, err.messageId);
    throw err;
  }
  const key = `${folder}/${randomBytes(16).toString('hex')}.webp`;
  try {
    await storage.put(key, encoded, 'image/webp');
  } catch (err) {
    await removeOrgPicture(storage, key);
    throw err;
  }
  return key;
}

/** Best effort, for a file written by a request that then failed (never referenced by any row). */
export async function removeOrgPicture(storage: StorageAdapter, key: string | null): Promise<void> {
  if (!key) return;
  await storage.delete(key).catch((err: unknown) => console.error('[pictures] could not delete', key, err));
}

/** A page's row as far as its heading needs it. */
export interface OrgPageRow {
  organizationId: number;
  thumbnailKey: string | null;
}

export interface OrgPageHeading {
  thumbnail: string | null;
  organization: { id: number; name: string };
}

/** Each row's picture URL and organization, for a page of rows at once (the organizations in one query). */
export async function orgPageHeadings(
  deps: AppDeps,
  db: Executor,
  rows: readonly OrgPageRow[],
): Promise<(row: OrgPageRow) => OrgPageHeading> {
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, orgIds));
  const nameOf = new Map(orgs.map((o) => [o.id, o.name]));
  return (row) => ({
    thumbnail: row.thumbnailKey ? deps.storage.url(row.thumbnailKey) : null,
    organization: { id: row.organizationId, name: nameOf.get(row.organizationId) ?? '' },
  });
}
