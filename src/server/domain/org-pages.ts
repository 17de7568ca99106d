/**
 * What a contest and a class share as pages an organization publishes (issues 12, 13): their picture and the
 * organization they are shown with.
 *
 * The picture (a contest's or a class's thumbnail) is re-encoded as a work image is (sharp through the images
 * adapter: upright, WebP, no metadata, long edge at most 2048 px) and written under <folder>/<random>.webp. Whoever
 * writes the file as pending: the row's transaction adopts it, a failed request discards it (domain/pending-files.ts).
 */
import { randomBytes } from 'node:crypto';

import { inArray } from 'drizzle-orm';

import { ImageRejected, makeWorkImages, type ImageSource } from '../adapters/images';
import type { Executor } from '../db/open';
import { organizations } from '../db/schema';
import type { AppDeps } from '../deps';
import { ValidationError } from '../errors';
import { adoptPending, discardPending, putPending } from './pending-files';

/** The form field both the contest and the class forms send their picture in. */
const THUMBNAIL_FIELD = 'thumbnail';

/** The storage folder of each kind of page's pictures. */
export type PictureFolder = 'contests' | 'classes';

/**
 * Decodes, re-encodes and stores the upload as a pending file (domain/pending-files.ts); 400 {thumbnail} for an image
 * the adapter rejects. Returns its key, which the transaction writing the row adopts (adoptPending).
 */
export async function storeOrgPicture(deps: AppDeps, folder: PictureFolder, bytes: ImageSource): Promise<string> {
  let encoded: Buffer;
  try {
    encoded = (await makeWorkImages(bytes)).display;
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of(THUMBNAIL_FIELD, err.messageId);
    throw err;
  }
  const key = `${folder}/${randomBytes(16).toString('hex')}.webp`;
  await putPending(deps, [{ key, bytes: encoded, contentType: 'image/webp' }]);
  return key;
}

/** In the transaction that writes the row naming the picture. */
export const adoptOrgPicture = (tx: Executor, key: string | null): Promise<void> => adoptPending(tx, [key]);

/** For a picture written by a request that then failed (never referenced by any row); never throws. */
export const removeOrgPicture = (deps: AppDeps, key: string | null): Promise<void> => discardPending(deps, [key]);

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
