/**
 * Single-use e-mail link tokens (verify 24 h, reset 1 h, e-mail change 24 h). Only a sha256 of the
 * token is stored, so a database leak does not hand out working links.
 */
import { createHash, randomBytes } from 'node:crypto';

import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Executor } from '../db/open';
import { oneTimeTokens } from '../db/schema';

export type Purpose = 'verify' | 'reset' | 'email_change';

const TTL_MS: Record<Purpose, number> = { verify: 24 * 60 * 60 * 1000, reset: 60 * 60 * 1000, email_change: 24 * 60 * 60 * 1000 };

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Marks every unused token of that purpose used: none of those links works any more. */
export async function voidOneTimeTokens(db: Executor, userId: number, purpose: Purpose, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

/**
 * Creates a token and invalidates older unused ones of the same purpose: only the newest link works.
 * `newEmail` is the address an email_change link confirms. Its creation time is the app's clock (`now`), as a staff
 * invitation's is: the two are compared (./staff-invitations.ts).
 */
export async function createOneTimeToken(db: Executor, userId: number, purpose: Purpose, now: Date, newEmail?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await voidOneTimeTokens(db, userId, purpose, now);
  await db
    .insert(oneTimeTokens)
    .values({ userId, purpose, newEmail, tokenHash: digest(token), expiresAt: new Date(now.getTime() + TTL_MS[purpose]), createdAt: now });
  return token;
}

/** Marks the token used if it is valid for this user; null for unknown, expired or used tokens. */
export async function consumeOneTimeToken(
  db: Executor,
  userId: number,
  purpose: Purpose,
  token: string,
  now: Date,
): Promise<{ newEmail: string | null; createdAt: Date } | null> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, digest(token)),
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ newEmail: oneTimeTokens.newEmail, createdAt: oneTimeTokens.createdAt });
  return rows[0] ?? null;
}
