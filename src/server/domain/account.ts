/**
 * The parent account: its info, changes and deletion. Changing the e-mail or the password asks for the
 * current password (decisions.md, "Re-authentication"); a new e-mail takes effect only once its owner
 * opens the link sent to it, and the old address is told. The answer never reveals whether the new
 * address already has an account, as sign-up does not.
 */
import { asc, eq, sql } from 'drizzle-orm';

import type { AccountInfo } from '@contract/accounts';
import type { Language } from '@contract/limits';
import { M } from '@contract/messages';
import { MAIL } from '../mail-messages';
import { isUniqueViolation } from '../db/errors';
import { profiles, refreshTokens, users, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { translator } from '../i18n';
import { endSubscriptionsOf, liveSubscriptions } from './account-subscriptions';
import { emailLink, findUserByUuid, sendMail } from './accounts';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { filesOfProfiles } from './profiles';
import { lockAccount } from './quota';
import { startSession, type TokenPairOut } from './sessions';

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
    terms_accepted:
      user?.termsAcceptedAt && user.termsVersion ? { at: user.termsAcceptedAt.toISOString(), version: user.termsVersion } : null,
  };
}

export interface AccountPatch {
  first_name?: string;
  address?: string;
  email?: string;
  password?: string;
  current_password?: string;
}

/** Checks the current password for a sensitive change (failures count towards its entry's per-account limit). */
async function reauthenticate(user: UserRow, password: string | undefined): Promise<void> {
  if (!password) throw ValidationError.of('current_password', M.currentPasswordRequired.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw ValidationError.of('current_password', M.currentPasswordWrong.id);
}

/**
 * Asks the owner of `email` to confirm it. If another account already has it, that owner is told
 * instead, and the caller cannot tell the difference (each request counts towards its entry's limit).
 */
async function requestEmailChange(deps: AppDeps, user: UserRow, email: string, lang: Language): Promise<void> {
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) {
    sendMail(deps, email, lang, [MAIL.emailTakenSubject, MAIL.emailTakenBody], { link: `${deps.config.publicUrl}/forgot-password` });
    return;
  }
  const token = await createOneTimeToken(deps.db, user.id, 'email_change', deps.clock(), email);
  sendMail(deps, email, lang, [MAIL.emailChangeSubject, MAIL.emailChangeBody], {
    link: emailLink(deps, 'confirm-email', user.uuid, token),
  });
}

export type AccountPatchResult = AccountInfo & Partial<TokenPairOut> & { message: string };

/**
 * Applies the change. A new password ends every session and hands back a fresh parent pair; a new
 * e-mail only sends its confirmation link (the stored address stays until it is opened).
 */
export async function patchAccount(deps: AppDeps, user: UserRow, patch: AccountPatch, lang: Language): Promise<AccountPatchResult> {
  const newEmail = patch.email !== undefined && patch.email !== user.email ? patch.email : undefined;
  if (newEmail !== undefined || patch.password !== undefined) await reauthenticate(user, patch.current_password);

  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  const fields = {
    ...(patch.first_name !== undefined ? { firstName: patch.first_name } : {}),
    ...(patch.address !== undefined ? { address: patch.address } : {}),
    ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
  };
  let updated: UserRow = user;
  if (Object.keys(fields).length > 0) {
    const now = deps.clock();
    updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(fields).where(eq(users.id, user.id)).returning();
      if (passwordHash) await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.userId, user.id));
      return row ?? user;
    });
  }
  if (newEmail !== undefined) await requestEmailChange(deps, user, newEmail, lang);

  const t = translator(lang);
  const info = await accountInfo(deps, user.id);
  const message = t(newEmail !== undefined ? M.emailChangeSent : M.accountUpdated);
  if (!passwordHash) return { ...info, message };
  return { ...info, message, ...(await startSession(deps, updated, null)) };
}

/**
 * Opens an e-mail change link: the address changes (it is proven by the link, so it also counts as
 * verified), and the old address is told. 400 for a used, expired or unknown link, or when the address
 * was taken meanwhile. It applies no staff invitation of the new address: the link proves the address, but the
 * password was chosen by the account's holder, who may be someone else (an attacker asking for an invitee's address,
 * the invitee opening the link). The invitation waits; the address's owner claims it with a password reset
 * (./staff-invitations.ts, issue 27).
 */
export async function confirmEmailChange(deps: AppDeps, uid: string, token: string, lang: Language): Promise<void> {
  const user = await findUserByUuid(deps, uid);
  if (!user) throw new ApiError(400, M.linkInvalid);
  const now = deps.clock();
  let newEmail: string | null = null;
  try {
    newEmail = await deps.db.transaction(async (tx) => {
      const used = await consumeOneTimeToken(tx, user.id, 'email_change', token, now);
      if (!used?.newEmail) return null;
      await tx
        .update(users)
        .set({ email: used.newEmail, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, user.id));
      return used.newEmail;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(400, M.linkInvalid);
    throw err;
  }
  if (!newEmail) throw new ApiError(400, M.linkInvalid);
  sendMail(deps, user.email, lang, [MAIL.emailChangedSubject, MAIL.emailChangedBody], {
    email: newEmail,
    link: `${deps.config.publicUrl}/forgot-password`,
  });
}

/**
 * Deletes the user; the cascade removes profiles, works, tokens and links, then every file goes. Its subscriptions
 * are ended at the provider first (account-subscriptions.ts; 503 and nothing deleted when the provider cannot be
 * reached); one applied meanwhile (a checkout paid at that moment) is found under the account's lock, and ended too.
 */
export async function deleteAccount(deps: AppDeps, userId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await endSubscriptionsOf(deps, userId);
    const keys = await deps.db.transaction(async (tx) => {
      // Locked first, as uploads lock it: a work created meanwhile would otherwise escape the file list.
      await lockAccount(tx, userId);
      const live = await liveSubscriptions(tx, userId);
      if (live.some((row) => row.provider === deps.payments.name)) return null;
      const owned = await tx.select({ id: profiles.id, pictureKey: profiles.pictureKey }).from(profiles).where(eq(profiles.userId, userId));
      const scheduled = await scheduleFileDeletions(tx, await filesOfProfiles(tx, owned));
      await tx.delete(users).where(eq(users.id, userId));
      return scheduled;
    });
    if (keys) return deleteScheduledFiles(deps, keys);
    // The provider answered, yet a subscription still runs: not deleted under it.
    if (attempt === 3) throw new ApiError(503, M.paymentProviderUnavailable);
  }
}
