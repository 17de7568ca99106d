/**
 * Sessions: access/refresh pairs, refresh rotation with replay detection, and resolving a bearer
 * token to a user (and profile for child tokens). token_version on the user row invalidates every
 * token at once; a refresh family invalidates one login.
 */
import { randomUUID } from 'node:crypto';

import { and, eq, isNull } from 'drizzle-orm';

import { M } from '../../contract/messages';
import type { Executor } from '../db/open';
import { profiles, refreshTokens, users, type ProfileRow, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { signToken, verifyToken, type Claims } from './jwt';

export interface TokenPairOut {
  access: string;
  refresh: string;
}

/** The authenticated caller. `profile` is set for child tokens only. */
export interface Auth {
  user: UserRow;
  profile: ProfileRow | null;
  claims: Claims;
}

/** Issues a new pair; without `family` it starts a new one (a fresh login). */
export async function issuePair(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  profileId: number | null,
  family: string = randomUUID(),
  db: Executor = deps.db,
): Promise<TokenPairOut> {
  const now = deps.clock();
  const child = profileId !== null;
  const base = { userId: user.id, ver: user.tokenVersion, profileId };
  const access = await signToken(deps.config.jwtSecret, { ...base, typ: child ? 'child_access' : 'access' }, now);
  const refresh = await signToken(deps.config.jwtSecret, { ...base, typ: child ? 'child_refresh' : 'refresh', family }, now);
  await db.insert(refreshTokens).values({ jti: refresh.jti, family, userId: user.id, profileId, expiresAt: refresh.exp });
  return { access: access.token, refresh: refresh.token };
}

const expired = () => new ApiError(401, M.sessionExpired);

/** POST /api/token/refresh/: rotate, or revoke the whole family on a replay. */
export async function rotateRefresh(deps: AppDeps, token: string): Promise<TokenPairOut> {
  const now = deps.clock();
  const claims = await verifyToken(deps.config.jwtSecret, token, ['refresh', 'child_refresh'], now);
  if (!claims?.fam) throw expired();
  const family = claims.fam;
  const user = await currentUser(deps.db, claims);
  if (!user) throw expired();

  const outcome = await deps.db.transaction(async (tx) => {
    // Claiming the row atomically: of two concurrent uses only one sees used_at IS NULL.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ profileId: refreshTokens.profileId });
    const row = claimed[0];
    if (!row) return 'replay' as const;
    if (row.profileId !== null && !(await profileOfUser(tx, row.profileId, user.id))) return 'gone' as const;
    return issuePair(deps, user, row.profileId, family, tx);
  });
  if (outcome === 'replay') {
    // A used token came back: someone holds a copy. End every session of this login.
    await revokeFamily(deps, family);
    throw expired();
  }
  if (outcome === 'gone') throw expired();
  return outcome;
}

export async function revokeFamily(deps: AppDeps, family: string, userId?: number): Promise<void> {
  const where = userId === undefined ? eq(refreshTokens.family, family) : and(eq(refreshTokens.family, family), eq(refreshTokens.userId, userId));
  await deps.db.update(refreshTokens).set({ revokedAt: deps.clock() }).where(and(where, isNull(refreshTokens.revokedAt)));
}

/** Logout: revokes the family of the given refresh token if it belongs to the caller. */
export async function logout(deps: AppDeps, auth: Auth, refresh: string | undefined): Promise<void> {
  if (!refresh) return;
  const claims = await verifyToken(deps.config.jwtSecret, refresh, ['refresh', 'child_refresh'], deps.clock());
  if (claims?.fam && Number(claims.sub) === auth.user.id) await revokeFamily(deps, claims.fam, auth.user.id);
}

/** Resolves a bearer access token; null when it is invalid, expired or revoked. */
export async function authenticate(deps: AppDeps, token: string): Promise<Auth | null> {
  const claims = await verifyToken(deps.config.jwtSecret, token, ['access', 'child_access'], deps.clock());
  if (!claims) return null;
  const user = await currentUser(deps.db, claims);
  if (!user) return null;
  if (claims.pid === undefined) return { user, profile: null, claims };
  const profile = await profileOfUser(deps.db, claims.pid, user.id);
  return profile ? { user, profile, claims } : null;
}

async function currentUser(db: Executor, claims: Claims): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, Number(claims.sub)));
  return user && user.tokenVersion === claims.ver ? user : null;
}

async function profileOfUser(db: Executor, profileId: number, userId: number): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)));
  return row ?? null;
}
