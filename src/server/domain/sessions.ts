/**
 * Sessions: access/refresh pairs, refresh rotation with replay detection, and resolving a bearer
 * token to a user (and profile for child tokens). Every token names its login session (`fam`); a
 * session revoked (logout, replay, deletion) or whose parent login was revoked stops every token of
 * it at once, checked on every request against the database, so on every instance. token_version on
 * the user row still invalidates all of a user's tokens at once (password change or reset).
 */
import { randomUUID } from 'node:crypto';

import { and, eq, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { M } from '@contract/messages';
import type { Executor } from '../db/open';
import { loginSessions, profiles, refreshTokens, users, type ProfileRow, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { signToken, verifyToken, type Claims } from './jwt';
import { currentVersions, familyVersionColumn } from './versions';

export interface TokenPairOut {
  access: string;
  refresh: string;
}

/** The authenticated caller. `profile` is set for child tokens only; `session` is the login's id. */
export interface Auth {
  user: UserRow;
  profile: ProfileRow | null;
  claims: Claims;
  session: string;
}

/** Signs a pair for an existing session; the refresh token is recorded for rotation. */
async function signPair(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  profileId: number | null,
  session: string,
  db: Executor,
): Promise<TokenPairOut> {
  const now = deps.clock();
  const child = profileId !== null;
  const base = { userId: user.id, ver: user.tokenVersion, profileId, family: session };
  const access = await signToken(deps.config.jwtSecret, { ...base, typ: child ? 'child_access' : 'access' }, now);
  const refresh = await signToken(deps.config.jwtSecret, { ...base, typ: child ? 'child_refresh' : 'refresh' }, now);
  await db.insert(refreshTokens).values({ jti: refresh.jti, family: session, userId: user.id, profileId, expiresAt: refresh.exp });
  return { access: access.token, refresh: refresh.token };
}

/**
 * Starts a session and issues its first pair: a parent login (no `parent`), or a child login chosen from
 * the parent session `parent`, which it cannot outlive.
 */
export async function startSession(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  profileId: number | null,
  parent: string | null = null,
  db: Executor = deps.db,
): Promise<TokenPairOut> {
  const id = randomUUID();
  await db.insert(loginSessions).values({ id, userId: user.id, profileId, parentId: parent, createdAt: deps.clock() });
  return signPair(deps, user, profileId, id, db);
}

const expired = () => new ApiError(401, M.sessionExpired);

const parentSession = alias(loginSessions, 'parent_session');

/** What the session check reads: the session's user and, for a child login, its profile. */
interface SessionRow {
  user: UserRow;
  profile: ProfileRow | null;
  sessionProfile: number | null;
}

/** The check's rows, for a session of a user; `version` is the families' version in the same snapshot. */
function sessionQuery(db: Executor) {
  return db
    .select({ user: users, profile: profiles, sessionProfile: loginSessions.profileId, version: familyVersionColumn })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.userId))
    .leftJoin(parentSession, eq(parentSession.id, loginSessions.parentId))
    .leftJoin(profiles, and(eq(profiles.id, loginSessions.profileId), eq(profiles.userId, loginSessions.userId)))
    .where(
      and(
        eq(loginSessions.id, sql.placeholder('session')),
        eq(loginSessions.userId, sql.placeholder('user')),
        isNull(loginSessions.revokedAt),
        or(isNull(loginSessions.parentId), isNull(parentSession.revokedAt)),
      ),
    );
}

/** The claims against the session's row: the token's version, and the profile its login chose. */
function liveFrom(row: SessionRow | undefined, claims: Claims): { user: UserRow; profile: ProfileRow | null } | null {
  if (!row || row.user.tokenVersion !== claims.ver) return null;
  if ((row.sessionProfile ?? undefined) !== claims.pid) return null;
  if (claims.pid !== undefined && !row.profile) return null;
  return { user: row.user, profile: row.profile };
}

/**
 * The live session a token's claims name: its user (at the token's version) and, for a child token, its
 * profile. One query; null when anything has ended (the session or its parent login revoked, the user's tokens
 * invalidated, the profile or the account deleted).
 */
async function liveSession(db: Executor, claims: Claims): Promise<{ user: UserRow; profile: ProfileRow | null } | null> {
  if (!claims.fam) return null;
  const [row] = await sessionQuery(db).execute({ session: claims.fam, user: Number(claims.sub) });
  return liveFrom(row, claims);
}

/**
 * Session checks this instance made, per app, by session and user, with the families' version they were read at
 * (issue 30: the check was a round trip of its own on every request). One is used only while the version, read
 * after the request arrived (versions.ts, one read shared by the requests that arrive together), is still the same:
 * logout, a replay's revocation, a password change, a deleted profile or account on any instance changes it, so the
 * very next request anywhere checks afresh. Only live sessions are kept; at most MAX_CHECKS.
 */
interface KeptCheck {
  version: string;
  row: SessionRow;
}
const MAX_CHECKS = 20_000;
const keptChecks = new WeakMap<AppDeps, Map<string, KeptCheck>>();
const preparedChecks = new WeakMap<AppDeps, ReturnType<typeof prepareCheck>>();
const prepareCheck = (deps: AppDeps) => sessionQuery(deps.db).prepare('session_check');

async function checkedSession(deps: AppDeps, claims: Claims & { fam: string }): Promise<SessionRow | undefined> {
  let kept = keptChecks.get(deps);
  if (!kept) keptChecks.set(deps, (kept = new Map()));
  const key = `${claims.fam}:${claims.sub}`;
  const hit = kept.get(key);
  if (hit && hit.version === (await currentVersions(deps)).family) return hit.row;
  let statement = preparedChecks.get(deps);
  if (!statement) preparedChecks.set(deps, (statement = prepareCheck(deps)));
  const [row] = await statement.execute({ session: claims.fam, user: Number(claims.sub) });
  if (!row) {
    kept.delete(key);
    return undefined;
  }
  const { version, ...session } = row;
  kept.delete(key);
  kept.set(key, { version, row: Object.freeze(session) });
  if (kept.size > MAX_CHECKS) kept.delete(kept.keys().next().value!);
  return session;
}

/** POST /api/token/refresh/: rotate, or revoke the whole session on a replay. */
export async function rotateRefresh(deps: AppDeps, token: string): Promise<TokenPairOut> {
  const now = deps.clock();
  const claims = await verifyToken(deps.config.jwtSecret, token, ['refresh', 'child_refresh'], now);
  if (!claims?.fam) throw expired();
  const session = claims.fam;
  const live = await liveSession(deps.db, claims);
  if (!live) throw expired();

  const outcome = await deps.db.transaction(async (tx) => {
    // Claiming the row atomically: of two concurrent uses only one sees used_at IS NULL.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.jti, claims.jti),
          eq(refreshTokens.family, session),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ profileId: refreshTokens.profileId });
    if (!claimed[0]) return 'replay' as const;
    return signPair(deps, live.user, live.profile?.id ?? null, session, tx);
  });
  if (outcome === 'replay') {
    // A used token came back: someone holds a copy. End this login, and the child logins chosen from it.
    await revokeSession(deps, session);
    throw expired();
  }
  return outcome;
}

/** Ends a session (and so the child sessions chosen from it); `userId` restricts it to that user's. */
export async function revokeSession(deps: AppDeps, session: string, userId?: number): Promise<void> {
  const now = deps.clock();
  const mine = userId === undefined ? eq(loginSessions.id, session) : and(eq(loginSessions.id, session), eq(loginSessions.userId, userId));
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(loginSessions)
      .set({ revokedAt: now })
      .where(and(mine, isNull(loginSessions.revokedAt)))
      .returning({ id: loginSessions.id });
    if (ended.length === 0) return;
    // The refresh tokens go too, so that nothing can rotate them (the session check would refuse anyway).
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.family, session), isNull(refreshTokens.revokedAt)));
  });
}

/**
 * Logout ends the session of the token that calls it: a child token ends that child login only, a parent
 * token ends the parent login and every child login chosen from it. A refresh token sent along (the
 * contract's body) ends its session too, if it belongs to the caller.
 */
export async function logout(deps: AppDeps, auth: Auth, refresh: string | undefined): Promise<void> {
  await revokeSession(deps, auth.session, auth.user.id);
  if (!refresh) return;
  const claims = await verifyToken(deps.config.jwtSecret, refresh, ['refresh', 'child_refresh'], deps.clock());
  if (claims?.fam && claims.fam !== auth.session && Number(claims.sub) === auth.user.id)
    await revokeSession(deps, claims.fam, auth.user.id);
}

/** Resolves a bearer access token; null when it is invalid, expired or revoked. */
export async function authenticate(deps: AppDeps, token: string): Promise<Auth | null> {
  const claims = await verifyToken(deps.config.jwtSecret, token, ['access', 'child_access'], deps.clock());
  if (!claims?.fam) return null;
  const live = liveFrom(await checkedSession(deps, claims as Claims & { fam: string }), claims);
  return live ? { ...live, claims, session: claims.fam } : null;
}

/**
 * Drops what can no longer be used (main.ts runs it at start and hourly): expired refresh tokens, then the
 * sessions that have none left. A session's access tokens never outlive its last refresh token, so such a
 * session is over; a day's margin spares one whose first pair is being written just now.
 */
export async function purgeEndedSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  const tokensLeft = db.select({ one: refreshTokens.jti }).from(refreshTokens).where(eq(refreshTokens.family, loginSessions.id));
  await db
    .delete(loginSessions)
    .where(and(lt(loginSessions.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)), notExists(tokensLeft)));
}
