/** The parent account: its info, changes (e-mail, password) and deletion. */
import { asc, eq, sql } from 'drizzle-orm';

import type { AccountInfo } from '../../contract/accounts';
import { M } from '../../contract/messages';
import { isUniqueViolation } from '../db/errors';
import { profiles, refreshTokens, users, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ValidationError } from '../errors';
import { hashPassword } from './passwords';
import { issuePair, type TokenPairOut } from './sessions';

export async function accountInfo(deps: AppDeps, userId: number): Promise<AccountInfo> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  const rows = await deps.db
    .select({ id: profiles.id, username: profiles.username, pictureKey: profiles.pictureKey })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(asc(profiles.id));
  return {
    email: user?.email ?? '',
    first_name: user?.firstName ?? '',
    address: user?.address ?? '',
    profiles: rows.map((p) => ({ id: p.id, username: p.username, profile_picture: p.pictureKey ? deps.storage.url(p.pictureKey) : null })),
  };
}

export interface AccountPatch {
  first_name?: string;
  address?: string;
  email?: string;
  password?: string;
}

/** Applies the change; a new password ends every session and hands back a fresh parent pair. */
export async function patchAccount(deps: AppDeps, user: UserRow, patch: AccountPatch): Promise<AccountInfo & Partial<TokenPairOut>> {
  if (patch.email && patch.email !== user.email) {
    const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, patch.email));
    if (taken) throw ValidationError.of('email', M.emailUnavailable.id);
  }
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  const now = deps.clock();
  let updated: UserRow | undefined;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          firstName: patch.first_name,
          address: patch.address,
          email: patch.email,
          ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (passwordHash) await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.userId, user.id));
      return row;
    });
  } catch (err) {
    // Two accounts racing for the same new address: the unique index decides.
    if (isUniqueViolation(err)) throw ValidationError.of('email', M.emailUnavailable.id);
    throw err;
  }
  const info = await accountInfo(deps, user.id);
  if (!passwordHash || !updated) return info;
  return { ...info, ...(await issuePair(deps, updated, null)) };
}

/** Deletes the user; the cascade removes profiles, tokens and links, then the files go. */
export async function deleteAccount(deps: AppDeps, userId: number): Promise<void> {
  const keys = await deps.db.select({ key: profiles.pictureKey }).from(profiles).where(eq(profiles.userId, userId));
  await deps.db.delete(users).where(eq(users.id, userId));
  await Promise.all(keys.flatMap(({ key }) => (key ? [deps.storage.delete(key)] : [])));
}
