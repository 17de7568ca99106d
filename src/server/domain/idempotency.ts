/**
 * Exactly-once creation for the upload queue (architecture step 5, works notes "Create").
 * The key is scoped to the profile. A record is written in the transaction that creates the work,
 * so a record exists exactly when its work was committed. Replays with the same fingerprint get
 * the stored 201 body; the same key with another payload gets 422. Concurrent first attempts are
 * serialised by the account lock (quota.ts); the later one finds the record after the lock and
 * replays it, and the unique index on (profile_id, key) is the backstop.
 */
import { createHash } from 'node:crypto';

import { and, eq, lt } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { Executor } from '../db/open';
import { idempotencyKeys } from '../db/schema';
import { ApiError, ValidationError } from '../errors';

export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The header value, or null when absent; a malformed key is a 400. */
export function parseIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const key = header.trim();
  if (!KEY_PATTERN.test(key)) throw ValidationError.nonField(M.invalidValue.id);
  return key;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * sha256 over the text fields (name-sorted, order of repeated values kept) and each file's sha256
 * (hex), which the multipart reader computes while the file streams in.
 */
export function requestFingerprint(fields: [string, string][], fileDigests: string[]): string {
  const sorted = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify({ fields: sorted, files: fileDigests }));
}

export interface Replay {
  status: number;
  body: unknown;
}

/** The stored answer for this key, null when the key is new, or 422 when it came with another payload. */
export async function findReplay(db: Executor, profileId: number, key: string, fingerprint: string): Promise<Replay | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.profileId, profileId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.fingerprint !== fingerprint) throw new ApiError(422, M.idempotencyMismatch);
  return { status: row.responseStatus, body: row.responseBody };
}

/**
 * Whether a reply is stored under this key, whatever its payload: before an upload's body is read,
 * this decides whether a full account's request may still be a replay (and must be read) or can be
 * refused at once.
 */
export async function hasReplay(db: Executor, profileId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.profileId, profileId), eq(idempotencyKeys.key, key)));
  return Boolean(row);
}

export async function saveReplay(db: Executor, profileId: number, key: string, fingerprint: string, reply: Replay): Promise<void> {
  await db.insert(idempotencyKeys).values({ profileId, key, fingerprint, responseStatus: reply.status, responseBody: reply.body });
}

/** Drops records older than 7 days (run hourly by main.ts). */
export async function purgeIdempotencyKeys(db: Executor, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
