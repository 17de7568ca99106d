/**
 * Login throttling (issue 27, finding 4; LOGIN_THROTTLE in the contract says what is counted and why). OWASP warns
 * that a lockout hands the lock to whoever can type a wrong password: here failures only ever delay the next check,
 * an attacker's failures count against their own address, and an address the account logged in from before is
 * slowed by nothing but its own pair.
 *
 * A delay is a refusal until a time (429 with Retry-After), not a sleep: a sleeping server would hold a connection
 * and a request slot per guess, which is what a flood wants; the refusal costs one small transaction and no password
 * check. The counters are rows in the database (as the other rate limits), so every instance sees them, on PGlite and
 * PostgreSQL alike. Keys and known addresses are HMACs under the server's secret: the table holds no e-mail or
 * address, and its contents cannot be matched against a list of addresses without the secret.
 */
import { createHmac } from 'node:crypto';

import { and, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';

import { M } from '@contract/messages';
import { LOGIN_THROTTLE, type Slowdown } from '@contract/rate-limits';
import type { Db } from '../db/open';
import { loginAddresses, loginThrottles } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';

const T = LOGIN_THROTTLE;

/** The seconds a key waits after its last failure, with `failures` recent ones. */
export function delaySeconds(s: Slowdown, failures: number): number {
  return failures < s.free ? 0 : Math.min(s.capSeconds, 2 ** (failures - s.free));
}

function mac(secret: Uint8Array, ...parts: string[]): string {
  return createHmac('sha256', secret).update(JSON.stringify(parts)).digest('base64url');
}

export interface LoginAttempt {
  email: string;
  /** The client's address (clientIp). */
  address: string;
  /** The account of the e-mail, if any: an unknown e-mail is throttled exactly as an account is. */
  userId: number | null;
}

/** A check that was let through and counted as a failure until the password proves right. */
export interface LoginClaim {
  pairKey: string;
  /** The account-wide and address-wide keys it was counted on (none from a known address). */
  counted: string[];
}

interface Recent {
  failures: number;
  last: Date | null;
}

function waitSeconds(s: Slowdown, r: Recent, now: Date): number {
  if (!r.last) return 0;
  return Math.max(0, Math.ceil((r.last.getTime() + delaySeconds(s, r.failures) * 1000 - now.getTime()) / 1000));
}

async function isKnown(db: Db, userId: number, addressHash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: loginAddresses.userId })
    .from(loginAddresses)
    .where(and(eq(loginAddresses.userId, userId), eq(loginAddresses.addressHash, addressHash)));
  return row !== undefined;
}

function slowDown(seconds: number): ApiError {
  const headers = { 'Retry-After': String(seconds) };
  return seconds < 60
    ? new ApiError(429, M.loginWaitSeconds, { seconds }, headers)
    : new ApiError(429, M.loginWaitMinutes, { minutes: Math.ceil(seconds / 60) }, headers);
}

/**
 * Lets one password check through, or throws 429 with the seconds to wait. A check let through is counted as a
 * failure at once, in one transaction with the rows locked, so concurrent guesses cannot all slip under a limit;
 * releaseLoginCheck gives it back when the password is right.
 */
export async function claimLoginCheck(deps: AppDeps, attempt: LoginAttempt): Promise<LoginClaim> {
  const secret = deps.config.jwtSecret;
  // Looked up for an unknown e-mail too (no account has id 0), so both take the same steps.
  const known = (await isKnown(deps.db, attempt.userId ?? 0, mac(secret, 'known', attempt.address))) && attempt.userId !== null;
  const pairKey = `pair:${mac(secret, 'pair', attempt.email, attempt.address)}`;
  const accountKey = known ? null : `account:${mac(secret, 'account', attempt.email)}`;
  const addressKey = known ? null : `address:${mac(secret, 'address', attempt.address)}`;
  // Locked in one order by every check, so two checks sharing keys wait for each other instead of deadlocking.
  const keys = [pairKey, accountKey, addressKey].filter((k): k is string => k !== null).sort();
  const now = deps.clock();
  const forgetBefore = now.getTime() - T.forgetAfterSeconds * 1000;
  type Row = typeof loginThrottles.$inferSelect;
  const waitOf = (rows: Row[]) => {
    const recent = (key: string | null): Recent => {
      const row = rows.find((r) => r.key === key);
      if (!row?.lastFailureAt || row.lastFailureAt.getTime() < forgetBefore) return { failures: 0, last: null };
      return { failures: row.failures, last: row.lastFailureAt };
    };
    const [pair, account, address] = [recent(pairKey), recent(accountKey), recent(addressKey)];
    const wait = Math.max(
      waitSeconds(known ? T.pairKnown : T.pairUnknown, pair, now),
      accountKey ? waitSeconds(T.account, account, now) : 0,
      addressKey ? waitSeconds(T.address, address, now) : 0,
    );
    return { wait, pair, account, address };
  };

  // A refusal reads and writes nothing more: a flood of refused guesses costs one select each.
  const seen = waitOf(await deps.db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys)));
  if (seen.wait > 0) throw slowDown(seen.wait);

  const outcome = await deps.db.transaction(async (tx): Promise<{ wait: number } | { claim: LoginClaim }> => {
    await tx
      .insert(loginThrottles)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
    const rows = await tx.select().from(loginThrottles).where(inArray(loginThrottles.key, keys)).orderBy(loginThrottles.key).for('update');
    // Again under the lock: a concurrent check may have counted meanwhile.
    const { wait, pair, account, address } = waitOf(rows);
    if (wait > 0) return { wait };

    const bump = (key: string, r: Recent) =>
      tx
        .update(loginThrottles)
        .set({ failures: r.failures + 1, lastFailureAt: now })
        .where(eq(loginThrottles.key, key));
    await bump(pairKey, pair);
    const counted: string[] = [];
    // One address adds only its first few failures to the account's: alone, it never slows the owner elsewhere.
    if (accountKey && pair.failures < T.account.perPair) {
      await bump(accountKey, account);
      counted.push(accountKey);
    }
    if (addressKey) {
      await bump(addressKey, address);
      counted.push(addressKey);
    }
    return { claim: { pairKey, counted } };
  });
  if ('wait' in outcome) throw slowDown(outcome.wait);
  return outcome.claim;
}

/** The password was right: its pair starts afresh, and the shared counters get their count back. */
export async function releaseLoginCheck(deps: AppDeps, claim: LoginClaim): Promise<void> {
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.key, claim.pairKey));
  if (claim.counted.length === 0) return;
  await deps.db
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(inArray(loginThrottles.key, claim.counted));
}

/**
 * Remembers that the account's owner came from this address (a login, or a password reset from a link): its correct
 * logins skip the account-wide and address-wide delays from now on. Only the newest few are kept.
 */
export async function rememberAddress(deps: AppDeps, userId: number, address: string): Promise<void> {
  const now = deps.clock();
  const addressHash = mac(deps.config.jwtSecret, 'known', address);
  await deps.db
    .insert(loginAddresses)
    .values({ userId, addressHash, lastSeenAt: now })
    .onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.addressHash], set: { lastSeenAt: now } });
  const newest = deps.db
    .select({ addressHash: loginAddresses.addressHash })
    .from(loginAddresses)
    .where(eq(loginAddresses.userId, userId))
    .orderBy(desc(loginAddresses.lastSeenAt), desc(loginAddresses.addressHash))
    .limit(T.knownAddresses);
  await deps.db.delete(loginAddresses).where(and(eq(loginAddresses.userId, userId), notInArray(loginAddresses.addressHash, newest)));
}

/** Drops counters whose last failure is forgotten; main.ts runs it with the other purges. */
export async function purgeLoginThrottles(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - T.forgetAfterSeconds * 1000);
  await db.delete(loginThrottles).where(or(isNull(loginThrottles.lastFailureAt), lt(loginThrottles.lastFailureAt, before)));
}
