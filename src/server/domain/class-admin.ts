/**
 * The console's artist classes (issue 13): staff of an organization list, create, edit, publish and delete its
 * classes, and see who signed up. Access (staff of `{orgId}`) is checked before any of this runs
 * (routes/register.ts); every query here is still scoped by the organization, so another organization's class is
 * simply not found (404).
 *
 * Races: an edit locks the class row before it counts sign-ups, and a sign-up reads the class FOR SHARE
 * (./class-signups.ts), so a price changed at the moment a child signs up either comes first (the child pays the
 * new price) or is refused (409). A delete locks the row before it counts sign-ups; the foreign key (restrict)
 * refuses the rest.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';

import type { ConsoleClass, ConsoleSignup } from '@contract/classes';
import { CLASS_CURRENCY, type classFields } from '@contract/classes';
import { M } from '@contract/messages';
import type { Paged } from '@contract/works';
import type { z } from 'zod';
import { isForeignKeyViolation } from '../db/errors';
import type { Executor } from '../db/open';
import { artistClasses, artistClassTags, classSignups, profiles, tags, type ArtistClassRow } from '../db/schema';
import type { ImageSource } from '../adapters/images';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { consoleClassView, consoleClassViews } from './class-views';
import { classPage } from './classes';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';
import type { ListLinks } from './lists';
import { adoptOrgPicture, removeOrgPicture, storeOrgPicture } from './org-pages';

export type ClassInput = z.output<typeof classFields>;

/** The organization's class; another organization's (or none) is not found. */
export async function orgClass(db: Executor, orgId: number, classId: number, lock?: 'update' | 'share'): Promise<ArtistClassRow> {
  const query = db
    .select()
    .from(artistClasses)
    .where(and(eq(artistClasses.id, classId), eq(artistClasses.organizationId, orgId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

/** GET /api/org/{orgId}/classes/: published or not, newest first. */
export async function listOrgClasses(deps: AppDeps, orgId: number, page: number, links: ListLinks): Promise<Paged<ConsoleClass>> {
  return classPage(deps, eq(artistClasses.organizationId, orgId), page, links, (rows) => consoleClassViews(deps, rows));
}

/**
 * The columns of a form. A free class costs 0; a recorded one has no meeting or start; a live one keeps an optional
 * video (its recording, for later).
 */
function columnsOf(input: ClassInput) {
  const live = input.class_type === 'real_time';
  return {
    name: input.name,
    description: input.description,
    isFree: input.is_free,
    price: input.is_free ? 0 : (input.price ?? 0),
    currency: CLASS_CURRENCY,
    classType: input.class_type,
    meetingUrl: live ? input.url : null,
    startsAt: live ? (input.start_at ?? null) : null,
    videoUrl: input.video_url,
    published: input.published,
  };
}

/** The tags must exist (400 {tags} otherwise); each once. */
async function checkTags(db: Executor, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, unique));
  if (found.length !== unique.length) throw ValidationError.of('tags', M.invalidValue.id);
  return unique;
}

async function writeTags(tx: Executor, classId: number, tagIds: number[]): Promise<void> {
  await tx.delete(artistClassTags).where(eq(artistClassTags.classId, classId));
  if (tagIds.length > 0) await tx.insert(artistClassTags).values(tagIds.map((tagId) => ({ classId, tagId })));
}

/** POST /api/org/{orgId}/classes/: the thumbnail is re-encoded before the row is written. */
export async function createClass(
  deps: AppDeps,
  orgId: number,
  userId: number,
  input: ClassInput,
  thumbnail: ImageSource,
): Promise<ConsoleClass> {
  const tagIds = await checkTags(deps.db, input.tags);
  const key = await storeOrgPicture(deps, 'classes', thumbnail);
  try {
    return await deps.db.transaction(async (tx) => {
      await adoptOrgPicture(tx, key);
      const now = deps.clock();
      const [row] = await tx
        .insert(artistClasses)
        .values({ ...columnsOf(input), organizationId: orgId, thumbnailKey: key, createdBy: userId, createdAt: now, updatedAt: now })
        .returning();
      await writeTags(tx, row!.id, tagIds);
      return consoleClassView(deps, row!, tx);
    });
  } catch (err) {
    await removeOrgPicture(deps, key);
    // The organization (or a tag) was deleted in the meantime.
    if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
    throw err;
  }
}

/**
 * POST …/classes/{id}/update/: the fields replace the stored ones; a new thumbnail replaces the old file. Once
 * anyone has signed up, the price (and free or paid) is fixed: 409.
 */
export async function updateClass(
  deps: AppDeps,
  orgId: number,
  classId: number,
  input: ClassInput,
  thumbnail: ImageSource | null,
): Promise<ConsoleClass> {
  const tagIds = await checkTags(deps.db, input.tags);
  const key = thumbnail ? await storeOrgPicture(deps, 'classes', thumbnail) : null;
  let saved: { view: ConsoleClass; deleting: string[] };
  try {
    saved = await deps.db.transaction(async (tx) => {
      const current = await orgClass(tx, orgId, classId, 'update');
      await adoptOrgPicture(tx, key);
      const columns = columnsOf(input);
      if (columns.isFree !== current.isFree || columns.price !== current.price) {
        const [signup] = await tx.select({ id: classSignups.id }).from(classSignups).where(eq(classSignups.classId, classId)).limit(1);
        if (signup) throw new ApiError(409, M.classPriceLocked);
      }
      const [updated] = await tx
        .update(artistClasses)
        .set({ ...columns, ...(key ? { thumbnailKey: key } : {}), updatedAt: deps.clock() })
        .where(eq(artistClasses.id, classId))
        .returning();
      await writeTags(tx, classId, tagIds);
      const deleting = key ? await scheduleFileDeletions(tx, [current.thumbnailKey]) : [];
      return { view: await consoleClassView(deps, updated!, tx), deleting };
    });
  } catch (err) {
    // The new file was never referenced by a committed row.
    await removeOrgPicture(deps, key);
    if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
    throw err;
  }
  await deleteScheduledFiles(deps, saved.deleting);
  return saved.view;
}

/** DELETE …/classes/{id}/: only a class nobody signed up for (409), with its thumbnail file. */
export async function deleteClass(deps: AppDeps, orgId: number, classId: number): Promise<void> {
  let keys: string[];
  try {
    keys = await deps.db.transaction(async (tx) => {
      const row = await orgClass(tx, orgId, classId, 'update');
      const [signup] = await tx.select({ id: classSignups.id }).from(classSignups).where(eq(classSignups.classId, classId)).limit(1);
      if (signup) throw new ApiError(409, M.classHasSignups);
      await tx.delete(artistClasses).where(eq(artistClasses.id, classId));
      return scheduleFileDeletions(tx, [row.thumbnailKey]);
    });
  } catch (err) {
    // A sign-up that came in between (the foreign key restricts).
    if (isForeignKeyViolation(err)) throw new ApiError(409, M.classHasSignups);
    throw err;
  }
  await deleteScheduledFiles(deps, keys);
}

/**
 * GET …/classes/{id}/signups/: the child's username and picture, the state and what was asked; never the family's
 * e-mail or the child's real name. Newest first.
 */
export async function classSignupsOf(deps: AppDeps, orgId: number, classId: number): Promise<ConsoleSignup[]> {
  await orgClass(deps.db, orgId, classId);
  const rows = await deps.db
    .select({
      id: classSignups.id,
      username: profiles.username,
      pictureKey: profiles.pictureKey,
      status: classSignups.status,
      amount: classSignups.amount,
      currency: classSignups.currency,
      createdAt: classSignups.createdAt,
      confirmedAt: classSignups.confirmedAt,
    })
    .from(classSignups)
    .innerJoin(profiles, eq(profiles.id, classSignups.profileId))
    .where(eq(classSignups.classId, classId))
    .orderBy(desc(classSignups.createdAt), desc(classSignups.id));
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    profile_picture: r.pictureKey ? deps.storage.url(r.pictureKey) : null,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    created_at: r.createdAt.toISOString(),
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
  }));
}
