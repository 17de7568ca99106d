/**
 * Creating, updating and deleting works (works notes, "Create" and "Other calls"). The quota is
 * asked before anything costly (issue 9, finding 6): before the body is read (admitNewWork), and
 * again with the real number of images before any is decoded. Images are then decoded and
 * re-encoded outside any transaction and written as pending files (domain/pending-files.ts); the
 * transaction locks the account, checks the quota for good (and the idempotency key), writes the
 * rows and adopts the files with them. Files written for a failed attempt are discarded (a crash's
 * are swept at the next start); files of removed images are deleted after the commit. A work the
 * owner makes private moves its pictures to new keys the same way (moveKeptImages).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { LIMITS, type Language } from '@contract/limits';
import { M } from '@contract/messages';
import type { Work } from '@contract/works';
import type { ImageSource } from '../adapters/images';
import { isUniqueViolation } from '../db/errors';
import type { Executor, Tx } from '../db/open';
import { artworkImages, artworks, artworkTags, categories, profiles, tags, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';
import { findReplay, hasReplay, saveReplay, type Replay } from './idempotency';
import { assertRoom, lockAccount } from './quota';
import { workUpload } from './uploads';
import { editableWork, ownedWork } from './visibility';
import {
  adoptImages,
  adoptMoved,
  copyImages,
  discardMoved,
  encodeImages,
  removeImages,
  storeImages,
  type MovedImage,
  type StoredImage,
} from './work-files';
import { workView } from './work-views';
import { circleWorkShared } from './circle-notices';

export interface WorkFields {
  title: string;
  description: string;
  /** Ids; the first is stored (the PWA sends one). */
  category: number[];
  tags: number[];
  is_public: boolean;
  /** Shared with the family circle (issue 32): absent on create, the family's choice; absent on update, unchanged. */
  is_circle?: boolean | undefined;
}

export interface Actor {
  userId: number;
  profileId: number;
  lang: Language;
}

/** 400 for a category or tag that does not exist. */
async function references(db: Executor, fields: WorkFields): Promise<{ categoryId: number | null; tagIds: number[] }> {
  const categoryId = fields.category[0] ?? null;
  const tagIds = [...new Set(fields.tags)];
  const errors: Record<string, string[]> = {};
  if (categoryId !== null) {
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!found) errors.category = [M.invalidValue.id];
  }
  if (tagIds.length > 0) {
    const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
    if (found.length !== tagIds.length) errors.tags = [M.invalidValue.id];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { categoryId, tagIds };
}

/** Inserts the rows of newly stored images, adopting their pending files in the same transaction. */
async function insertImages(tx: Tx, artworkId: number, images: StoredImage[], firstPosition: number): Promise<void> {
  if (images.length === 0) return;
  await adoptImages(tx, images);
  await tx.insert(artworkImages).values(images.map((img, i) => ({ artworkId, position: firstPosition + i, ...img })));
}

async function addTags(tx: Tx, artworkId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length > 0) await tx.insert(artworkTags).values(tagIds.map((tagId) => ({ artworkId, tagId })));
}

async function replaceTags(tx: Tx, artworkId: number, tagIds: number[]): Promise<void> {
  await tx.delete(artworkTags).where(eq(artworkTags.artworkId, artworkId));
  await addTags(tx, artworkId, tagIds);
}

export interface Idempotency {
  key: string;
  fingerprint: string;
}

/**
 * POST /api/artworks/, before its body is read: 400 {images: [freePlanLimit]} when the account has
 * no room for even one image. A request whose key has a stored reply goes on, because a replay is
 * answered with its 201 and never fails on quota (its reply is only known once the body is read).
 */
export async function admitNewWork(deps: AppDeps, actor: Actor, key: string | null): Promise<void> {
  await roomOrReplay(
    () => assertRoom(deps.db, actor.userId, 1, 0, deps.clock()),
    key ? () => hasReplay(deps.db, actor.profileId, key) : null,
  );
}

/**
 * Runs an unlocked quota check; when it refuses, a stored reply for the key still wins. The reply is
 * looked for after the count, never before: a concurrent attempt with the same key commits its images
 * and its reply together, so a count that includes its images is followed by a look that finds its reply.
 */
async function roomOrReplay<T>(check: () => Promise<void>, replay: (() => Promise<T | null>) | null): Promise<T | null> {
  try {
    await check();
    return null;
  } catch (err) {
    const earlier = replay ? await replay() : null;
    if (earlier) return earlier;
    throw err;
  }
}

/** POST /api/artworks/: the 201 reply, or the stored reply of an earlier attempt with the same key. */
export async function createWork(
  deps: AppDeps,
  actor: Actor,
  fields: WorkFields,
  files: ImageSource[],
  idem: Idempotency | null,
): Promise<Replay> {
  const refs = await references(deps.db, fields);
  // Unlocked, so only a hint: it spares the decoding of a request that cannot fit.
  const replayed = await roomOrReplay(
    () => assertRoom(deps.db, actor.userId, files.length, 0, deps.clock()),
    idem ? () => findReplay(deps.db, actor.profileId, idem.key, idem.fingerprint) : null,
  );
  if (replayed) return replayed;
  // Decoded, stored and committed when the instance has room (uploads.ts workUpload).
  return workUpload(deps, async () => {
    const stored = await storeImages(deps, await encodeImages(files));
    try {
      const outcome = await deps.db.transaction(async (tx): Promise<{ reply: Replay; replayed: boolean }> => {
        await lockAccount(tx, actor.userId);
        // A concurrent attempt with the same key may have committed while this one waited for the lock.
        const earlier = idem ? await findReplay(tx, actor.profileId, idem.key, idem.fingerprint) : null;
        if (earlier) return { reply: earlier, replayed: true };
        await assertRoom(tx, actor.userId, stored.length, 0, deps.clock());
        const [row] = await tx
          .insert(artworks)
          .values({
            profileId: actor.profileId,
            title: fields.title,
            description: fields.description,
            categoryId: refs.categoryId,
            isPublic: fields.is_public,
            // Unsaid, the family's choice for new works (issue 32), read in this transaction.
            inCircle: fields.is_circle ?? sql`(select ${users.circleByDefault} from ${users} where ${users.id} = ${actor.userId})`,
            createdAt: deps.clock(),
          })
          .returning();
        await insertImages(tx, row!.id, stored, 0);
        // A new work has no tags yet: only inserted, one round trip less while the account is locked.
        await addTags(tx, row!.id, refs.tagIds);
        const reply: Replay = { status: 201, body: await workView(deps, row!, actor.profileId, actor.lang, tx) };
        if (idem) await saveReplay(tx, actor.profileId, idem.key, idem.fingerprint, reply);
        return { reply, replayed: false };
      });
      if (outcome.replayed) await removeImages(deps, stored);
      else if (isShared(outcome.reply.body)) circleWorkShared(deps, actor.profileId);
      return outcome.reply;
    } catch (err) {
      await removeImages(deps, stored);
      // Backstop: the unique (profile_id, key) index lost a race that the account lock did not serialise.
      if (idem && isUniqueViolation(err)) {
        const earlier = await findReplay(deps.db, actor.profileId, idem.key, idem.fingerprint);
        if (earlier) return earlier;
      }
      throw err;
    }
  });
}

export interface WorkUpdate extends WorkFields {
  /** Ids of existing images to keep; undefined keeps all of them. */
  keep_images?: number[] | undefined;
}

/** Which existing images stay and which go; 400 for foreign ids or a total outside 1..5. */
function planImages<I extends { id: number }>(existing: I[], keep: number[] | undefined, adding: number): { kept: I[]; removed: I[] } {
  const ids = new Set(existing.map((i) => i.id));
  if (keep && keep.some((id) => !ids.has(id))) throw ValidationError.of('keep_images', M.invalidValue.id);
  const keepSet = new Set(keep ?? existing.map((i) => i.id));
  const kept = existing.filter((i) => keepSet.has(i.id));
  const removed = existing.filter((i) => !keepSet.has(i.id));
  const total = kept.length + adding;
  if (total < 1) throw ValidationError.of('images', M.imagesMin.id);
  if (total > LIMITS.maxImagesPerWork) throw ValidationError.of('images', M.imagesMax.id);
  return { kept, removed };
}

const imagesOf = (db: Executor, artworkId: number) =>
  db.select().from(artworkImages).where(eq(artworkImages.artworkId, artworkId)).orderBy(asc(artworkImages.position), asc(artworkImages.id));

/**
 * A work the owner makes private (is_public true to false) gets its kept images at new keys (decisions.md "Made
 * private means private"): the rows are pointed at copies made before the transaction (work-files.ts copyImages) and
 * the old keys are scheduled for deletion in it, so the addresses seen on the wall stop answering once it commits.
 * Returns the old keys, deleted after the commit. 409 if an image appeared that was not copied (a concurrent edit):
 * the caller discards the copies and the work stays as it was.
 */
async function moveKeptImages(tx: Tx, kept: readonly StoredRow[], copies: readonly MovedImage[]): Promise<string[]> {
  const byId = new Map(copies.map((c) => [c.id, c]));
  const used = kept.map((img) => byId.get(img.id));
  if (used.some((c) => !c)) throw new ApiError(409, M.workChangedMeanwhile);
  const moved = used as MovedImage[];
  await adoptMoved(tx, moved);
  for (const copy of moved)
    await tx.update(artworkImages).set({ displayKey: copy.displayKey, thumbKey: copy.thumbKey }).where(eq(artworkImages.id, copy.id));
  return scheduleFileDeletions(
    tx,
    kept.flatMap((i) => [i.displayKey, i.thumbKey]),
  );
}

type StoredRow = Awaited<ReturnType<typeof imagesOf>>[number];

/** A new work's answer says it is the circle's (shared with it, or public). */
const isShared = (body: unknown) => {
  const w = body as { is_public?: boolean; is_circle?: boolean };
  return w.is_public === true || w.is_circle === true;
};

/** Who may see a work beyond its family: 2 everyone, 1 the family circle, 0 nobody. */
const audience = (isPublic: boolean, inCircle: boolean) => (isPublic ? 2 : inCircle ? 1 : 0);

/** POST /api/artworks/{id}/update/: owner or accepted shared user. Text fields replace the stored ones. */
export async function updateWork(deps: AppDeps, actor: Actor, workId: number, fields: WorkUpdate, files: ImageSource[]): Promise<Work> {
  const { work, isOwner } = await editableWork(deps.db, workId, actor.profileId);
  const early = planImages(await imagesOf(deps.db, workId), fields.keep_images, files.length);
  const refs = await references(deps.db, fields);
  const [owner] = await deps.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, work.profileId));
  await assertRoom(deps.db, owner!.userId, files.length, early.removed.length, deps.clock());
  return files.length === 0 ? storeAndUpdate() : workUpload(deps, storeAndUpdate);
  async function storeAndUpdate(): Promise<Work> {
    const stored = await storeImages(deps, await encodeImages(files));
    let copies: MovedImage[] = [];
    try {
      // Publishing and sharing with the circle are the owner's choice alone: a family member's are ignored (README).
      const inCircle = isOwner ? (fields.is_circle ?? work.inCircle) : work.inCircle;
      const isPublic = isOwner ? fields.is_public : work.isPublic;
      // Fewer may see it than before (public -> circle -> private): its pictures move to new keys.
      const narrows = (was: { isPublic: boolean; inCircle: boolean }) =>
        audience(isPublic, inCircle) < audience(was.isPublic, was.inCircle);
      if (narrows(work)) copies = await copyImages(deps, early.kept);
      const { view, removed, moved } = await deps.db.transaction(async (tx) => {
        // The quota belongs to the owner's account (a shared user is of the same family).
        await lockAccount(tx, owner!.userId);
        const current = await imagesOf(tx, workId);
        const [still] = await tx
          .select({ isPublic: artworks.isPublic, inCircle: artworks.inCircle })
          .from(artworks)
          .where(eq(artworks.id, workId))
          .for('update');
        if (!still) throw new ApiError(404, M.notFound);
        const plan = planImages(current, fields.keep_images, stored.length);
        await assertRoom(tx, owner!.userId, stored.length, plan.removed.length, deps.clock());
        const [row] = await tx
          .update(artworks)
          .set({
            title: fields.title,
            description: fields.description,
            categoryId: refs.categoryId,
            isPublic: isOwner ? fields.is_public : undefined,
            inCircle: isOwner && fields.is_circle !== undefined ? fields.is_circle : undefined,
          })
          .where(eq(artworks.id, workId))
          .returning();
        // Read under the row lock: a concurrent edit may have published or hidden the work since the copies were made.
        const moved = isOwner && narrows(still) ? await moveKeptImages(tx, plan.kept, copies) : [];
        if (plan.removed.length > 0) {
          await scheduleFileDeletions(
            tx,
            plan.removed.flatMap((i) => [i.displayKey, i.thumbKey]),
          );
          await tx.delete(artworkImages).where(
            and(
              eq(artworkImages.artworkId, workId),
              inArray(
                artworkImages.id,
                plan.removed.map((i) => i.id),
              ),
            ),
          );
        }
        for (const [position, img] of plan.kept.entries()) {
          if (img.position !== position) await tx.update(artworkImages).set({ position }).where(eq(artworkImages.id, img.id));
        }
        await insertImages(tx, workId, stored, plan.kept.length);
        await replaceTags(tx, workId, refs.tagIds);
        return { view: await workView(deps, row!, actor.profileId, actor.lang, tx), removed: plan.removed, moved };
      });
      // Newly the circle's (made so, or published): its fans hear of it.
      if (audience(work.isPublic, work.inCircle) === 0 && audience(view.is_public, view.is_circle === true) > 0) {
        circleWorkShared(deps, work.profileId);
      }
      await deleteScheduledFiles(deps, [...removed.flatMap((i) => [i.displayKey, i.thumbKey]), ...moved]);
      // Copies of images the edit removed, or of a work that was no longer public: no row names them (adopted ones are kept).
      await discardMoved(deps, copies);
      return view;
    } catch (err) {
      await removeImages(deps, stored);
      await discardMoved(deps, copies);
      throw err;
    }
  }
}

/** DELETE /api/artworks/{id}/delete/: the owner only; rows go by cascade, files after the commit (never forgotten). */
export async function deleteWork(deps: AppDeps, profileId: number, workId: number): Promise<void> {
  await ownedWork(deps.db, workId, profileId);
  const keys = await deps.db.transaction(async (tx) => {
    const rows = await imagesOf(tx, workId);
    const deleted = await tx
      .delete(artworks)
      .where(and(eq(artworks.id, workId), eq(artworks.profileId, profileId)))
      .returning({ id: artworks.id });
    return deleted.length > 0
      ? scheduleFileDeletions(
          tx,
          rows.flatMap((i) => [i.displayKey, i.thumbKey]),
        )
      : [];
  });
  await deleteScheduledFiles(deps, keys);
}
