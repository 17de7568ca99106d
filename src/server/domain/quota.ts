/**
 * The free plan's image quota (decisions.md, "Free plan"): 5 images in total per parent account,
 * all of its child profiles together. Checked inside the transaction that writes the images, after
 * locking the account's user row, so concurrent uploads of one family are serialised and cannot
 * overshoot. PGlite is single-connection and serialises transactions anyway. Uploads check it once
 * more before that, unlocked, to refuse early (a hint, never the decision).
 */
import { count, desc, eq } from 'drizzle-orm';

import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import type { Executor, Tx } from '../db/open';
import { artworkImages, artworks, plans, profiles, subscriptions, users } from '../db/schema';
import { ValidationError } from '../errors';
import { inForceWhere } from './subscriptions';

/**
 * Images the account may hold, or null for unlimited: the free plan's limit, unless a paid plan is in force
 * (domain/subscriptions.ts: active or past_due, its period not ended, a non-zero amount), whose limit it is then
 * (Premium: none). Read with the executor it is given, so within the upload's transaction it is the same snapshot
 * that counts the images. When the period has ended the limit applies again to new uploads; nothing stored is
 * touched. `now` is the app's clock (deps.clock).
 */
export async function imageLimitFor(db: Executor, userId: number, now: Date): Promise<number | null> {
  const [paid] = await db
    .select({ limit: plans.imageLimit })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(inForceWhere(userId, now))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return paid ? paid.limit : LIMITS.freePlanImageLimit;
}

export async function accountImageCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(artworkImages)
    .innerJoin(artworks, eq(artworks.id, artworkImages.artworkId))
    .innerJoin(profiles, eq(profiles.id, artworks.profileId))
    .where(eq(profiles.userId, userId));
  return row?.n ?? 0;
}

/** Serialises the account's writes until the transaction ends (SELECT … FOR UPDATE on the user row). */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * 400 {images: [freePlanLimit]} when adding `adding` images (and removing `removing`) would take the
 * account over its limit. The answer that counts is given after lockAccount in the transaction that
 * writes the images; uploads also ask outside any transaction first, before their body is read or
 * decoded (issue 9, finding 6), so that a full account costs the server nothing.
 */
export async function assertRoom(db: Executor, userId: number, adding: number, removing: number, now: Date): Promise<void> {
  if (adding === 0) return;
  const limit = await imageLimitFor(db, userId, now);
  if (limit === null) return;
  const current = await accountImageCount(db, userId);
  if (current - removing + adding > limit) {
    throw new ValidationError({ images: [M.freePlanLimit.id] }).withValues({ count: current });
  }
}

export async function imageCount(db: Executor, userId: number, now: Date): Promise<{ total_images: number; limit: number | null }> {
  return { total_images: await accountImageCount(db, userId), limit: await imageLimitFor(db, userId, now) };
}
