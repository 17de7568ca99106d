/**
 * Who sees which work (works notes, "Who may do what"). A viewer profile V sees a work when it is
 * public, when V owns it, or when the owner shares with V (an accepted shared user). Owners and
 * accepted shared users may edit; only owners may delete. Anything else is simply not found.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { Executor } from '../db/open';
import { artworks, profileShares, type ArtworkRow } from '../db/schema';
import { ApiError } from '../errors';

/** artworks.profile_id is a profile that shares its works with the viewer. */
export function sharedWith(viewerId: number): SQL {
  return sql`${artworks.profileId} in (select ${profileShares.ownerProfileId} from ${profileShares} where ${profileShares.targetProfileId} = ${viewerId})`;
}

/** The works a viewer may see; anonymous callers and parent tokens see public works only. */
export function visibleTo(viewerId: number | null): SQL {
  if (viewerId === null) return eq(artworks.isPublic, true);
  return or(eq(artworks.isPublic, true), eq(artworks.profileId, viewerId), sharedWith(viewerId))!;
}

/** The owners that share with the viewer: the viewer may edit their works. */
export async function ownersSharingWith(db: Executor, viewerId: number | null): Promise<Set<number>> {
  if (viewerId === null) return new Set();
  const rows = await db
    .select({ owner: profileShares.ownerProfileId })
    .from(profileShares)
    .where(eq(profileShares.targetProfileId, viewerId));
  return new Set(rows.map((r) => r.owner));
}

export interface VisibleWork {
  work: ArtworkRow;
  isOwner: boolean;
  canEdit: boolean;
}

/** The work if the viewer may see it, else 404 (never 403: another family's private work does not exist). */
export async function visibleWork(db: Executor, workId: number, viewerId: number | null): Promise<VisibleWork> {
  const [work] = await db
    .select()
    .from(artworks)
    .where(and(eq(artworks.id, workId), visibleTo(viewerId)));
  if (!work) throw new ApiError(404, M.notFound);
  const isOwner = work.profileId === viewerId;
  const canEdit = isOwner || (await ownersSharingWith(db, viewerId)).has(work.profileId);
  return { work, isOwner, canEdit };
}

/** For update: owner or accepted shared user, else 403 (the work is visible, so it may be named). */
export async function editableWork(db: Executor, workId: number, viewerId: number): Promise<VisibleWork> {
  const found = await visibleWork(db, workId, viewerId);
  if (!found.canEdit) throw new ApiError(403, M.forbidden);
  return found;
}

/** For delete: the owner only. */
export async function ownedWork(db: Executor, workId: number, viewerId: number): Promise<VisibleWork> {
  const found = await visibleWork(db, workId, viewerId);
  if (!found.isOwner) throw new ApiError(403, M.forbidden);
  return found;
}
