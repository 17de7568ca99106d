/**
 * Fixed-window rate limits with the counters in the database, so they hold across restarts and
 * across API instances. One atomic upsert per hit: concurrent requests cannot both slip under.
 */
import { createHash } from 'node:crypto';

import { and, eq, lt, sql } from 'drizzle-orm';

import { M } from '@contract/messages';
import { RATE_LIMITS, type RateLimit } from '@contract/rate-limits';
import type { Db } from '../db/open';
import { rateLimits } from '../db/schema';
import { ApiError } from '../errors';

type Limit = RateLimit;

export interface Hit {
  key: string;
  windowStart: Date;
}

/** Subjects are e-mails, addresses and ids as sent; a long one is hashed, so a key stays small and indexable. */
function keyOf(limit: Limit, subject: string): string {
  const bounded =
    subject.length <= 64 && !subject.includes('\u0000') ? subject : `sha256:${createHash('sha256').update(subject).digest('hex')}`;
  return `${limit.name}:${bounded}`;
}

function windowOf(limit: Limit, subject: string, now: Date): Hit {
  const size = limit.windowSeconds * 1000;
  return { key: keyOf(limit, subject), windowStart: new Date(Math.floor(now.getTime() / size) * size) };
}

/** Counts one attempt; throws 429 once the window's count exceeds the limit. */
export async function hit(db: Db, limit: Limit, subject: string, now: Date): Promise<Hit> {
  const w = windowOf(limit, subject, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: w.key, windowStart: w.windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  // Old windows of this key are dead weight; dropping them here keeps the table small without a job.
  await db.delete(rateLimits).where(and(eq(rateLimits.key, w.key), lt(rateLimits.windowStart, w.windowStart)));
  if ((row?.count ?? 0) > limit.max) throw new ApiError(429, M.rateLimited);
  return w;
}

/** Gives an attempt back (a successful login does not count towards brute-force limits). */
export async function refund(db: Db, w: Hit): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, w.windowStart)));
}

/** Drops windows older than the longest limit; main.ts runs it at start and hourly. */
export async function purgeOldWindows(db: Db, now: Date): Promise<void> {
  const longest = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowSeconds));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - longest * 1000)));
}
