/**
 * Sign-up, e-mail verification, login and password reset. Answers never reveal whether an
 * address has an account: sign-up and reset requests answer the same, and a login for an
 * unknown address costs the same argon2 work as a real one.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';

import { TERMS_VERSION } from '@contract/legal';
import type { Language } from '@contract/limits';
import { M, type Msg } from '@contract/messages';
import { MAIL } from '../mail-messages';
import { refreshTokens, users, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { translator } from '../i18n';
import { errorFields, log } from '../log';
import { claimLoginCheck, releaseLoginCheck, rememberAddress } from './login-throttle';
import { consumeOneTimeToken, createOneTimeToken, voidOneTimeTokens } from './one-time-tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { startSession, type TokenPairOut } from './sessions';
import { applyStaffInvitations } from './staff-invitations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserByEmail(deps: AppDeps, email: string): Promise<UserRow | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

export async function findUserByUuid(deps: AppDeps, uid: string): Promise<UserRow | null> {
  if (!UUID.test(uid)) return null;
  const [user] = await deps.db.select().from(users).where(eq(users.uuid, uid.toLowerCase()));
  return user ?? null;
}

/** Mail goes out after the answer, so an SMTP round trip cannot hint that an address exists. */
export function sendMail(
  deps: AppDeps,
  to: string,
  lang: Language,
  [subject, body]: readonly [Msg, Msg],
  values: Record<string, string>,
): void {
  const t = translator(lang);
  deps.mail.send({ to, subject: t(subject, values), text: t(body, values), link: values.link }).catch((err: unknown) => {
    log('error', 'sending an e-mail failed', errorFields(err));
  });
}

const TEMPLATES = {
  verify: [MAIL.verifySubject, MAIL.verifyBody],
  exists: [MAIL.existsSubject, MAIL.existsBody],
  reset: [MAIL.resetSubject, MAIL.resetBody],
} as const satisfies Record<string, readonly [Msg, Msg]>;

function deliver(deps: AppDeps, to: string, lang: Language, kind: keyof typeof TEMPLATES, link: string): void {
  sendMail(deps, to, lang, TEMPLATES[kind], { link });
}

/** A link in an e-mail: {PUBLIC_URL}/{page}?uid=…&token=… */
export function emailLink(deps: AppDeps, page: string, uid: string, token: string): string {
  return `${deps.config.publicUrl}/${page}?uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`;
}

/**
 * A sign-up. The contract has already refused one without the guardian's consent (`accept_terms`, issue 28); the
 * account keeps when it was given and to which version of the terms (TERMS_VERSION). A verified address's owner is
 * e-mailed instead and their account is left as it was, consent included.
 */
export async function signup(deps: AppDeps, input: { email: string; password: string; accept_terms: true }, lang: Language): Promise<void> {
  // Hash first in every branch: the answer takes as long whether or not the address is taken.
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  const consent = { termsAcceptedAt: now, termsVersion: TERMS_VERSION };
  const existing = await findUserByEmail(deps, input.email);
  if (existing?.emailVerifiedAt) {
    deliver(deps, existing.email, lang, 'exists', `${deps.config.publicUrl}/forgot-password`);
    return;
  }
  const outcome = await deps.db.transaction(async (tx) => {
    // An unverified account is taken over by the newest sign-up: its password replaces the pending one and its link
    // voids every earlier one (createOneTimeToken), so only the newest sign-up's link confirms, with that password.
    // The update re-checks "unverified": a confirmation that committed meanwhile keeps its password.
    const [user] = existing
      ? await tx
          .update(users)
          .set({ passwordHash, ...consent })
          .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt)))
          .returning()
      : await tx
          .insert(users)
          .values({ email: input.email, passwordHash, ...consent })
          .onConflictDoNothing()
          .returning();
    if (!user) return null; // a concurrent sign-up or confirmation won the race; nothing to send
    return { user, token: await createOneTimeToken(tx, user.id, 'verify', now) };
  });
  if (outcome) deliver(deps, outcome.user.email, lang, 'verify', emailLink(deps, 'verify-email', outcome.user.uuid, outcome.token));
}

/**
 * Confirms the address from the newest sign-up's link (older ones were voided). Staff invitations made before that
 * sign-up apply: the sign-up set the password the link confirms (./staff-invitations.ts).
 */
/** Confirms the address of the link and answers it (the link was sent there; it answers once). */
export async function verifyEmail(deps: AppDeps, uid: string, token: string): Promise<string> {
  const user = await findUserByUuid(deps, uid);
  const now = deps.clock();
  const verified =
    user !== null &&
    (await deps.db.transaction(async (tx) => {
      // The account row first, as a sign-up takes it: a sign-up meanwhile waits, then finds the address confirmed.
      const [locked] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)).for('update');
      const used = locked && (await consumeOneTimeToken(tx, user.id, 'verify', token, now));
      if (!locked || !used) return false;
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, user.id));
      await applyStaffInvitations(tx, user.id, locked.email, used.createdAt);
      return locked.email;
    }));
  if (!verified) throw new ApiError(400, M.linkInvalid);
  return verified;
}

/**
 * Failed checks slow down their account and address pair, and from an address the account never logged in from,
 * the account and the address too (./login-throttle.ts): a refused attempt is a 429 before any password check. An
 * unknown address is throttled and costs the same argon2 work as an account, so neither tells it apart.
 */
export async function login(deps: AppDeps, input: { email: string; password: string }, address: string): Promise<TokenPairOut> {
  const user = await findUserByEmail(deps, input.email);
  const claim = await claimLoginCheck(deps, { email: input.email, address, userId: user?.id ?? null });
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new ApiError(401, M.loginInvalid);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new ApiError(401, M.loginInvalid);
  await releaseLoginCheck(deps, claim);
  if (!user.emailVerifiedAt) throw new ApiError(403, M.notVerified);
  await rememberAddress(deps, user.id, address);
  return startSession(deps, user, null);
}

export async function requestPasswordReset(deps: AppDeps, email: string, lang: Language): Promise<void> {
  const now = deps.clock();
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const token = await createOneTimeToken(deps.db, user.id, 'reset', now);
  deliver(deps, user.email, lang, 'reset', emailLink(deps, 'password-reset-confirm', user.uuid, token));
}

/**
 * Sets the new password, marks the address verified (the link proves it) and ends every session. The opener's
 * address becomes known to the account: an owner slowed down on a new device gets in by resetting the password.
 */
export async function confirmPasswordReset(deps: AppDeps, uid: string, token: string, newPassword: string, address: string): Promise<void> {
  const user = await findUserByUuid(deps, uid);
  if (!user) throw new ApiError(400, M.linkInvalid);
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock();
  const ok = await deps.db.transaction(async (tx) => {
    // The account row first, as sign-up and verification take it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (!(await consumeOneTimeToken(tx, user.id, 'reset', token, now))) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, user.id));
    await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.userId, user.id));
    // A pending sign-up's links confirmed a password that is gone now.
    await voidOneTimeTokens(tx, user.id, 'verify', now);
    // The link proved the address, and its opener chose the password now: every invitation applies.
    await applyStaffInvitations(tx, user.id, user.email, now);
    return true;
  });
  if (!ok) throw new ApiError(400, M.linkInvalid);
  await rememberAddress(deps, user.id, address);
}
