/**
 * A parent's word (decisions.md "A parent's word", issue 28). A child may start a paid class sign-up, but only a
 * parent completes the payment; a child's profile is deleted only with the parent. A child token's attempt without
 * the parent's password is refused (403 M.askGrownUp) and recorded as a request the parent sees in the parent's own
 * session (GET /api/parent-requests/), to approve or decline. With the parent's password typed on the child's device
 * (`parent_password`, checked here against the account's; failures are counted per account by the endpoint table's
 * `parentWordUser` limit), the child's call proceeds: the server answers with the confirmed action, never a token.
 * Free sign-ups need nothing. An approved payment stays approved for that child and class, so the payment page asks
 * the intent again after a reload without the password.
 */
import { and, asc, eq } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { ParentRequest, ParentRequestApproved, ParentRequestKind } from '@contract/parent-word';
import type { Language } from '@contract/limits';
import { artistClasses, classSignups, parentRequests, profiles, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import type { Translate } from '../i18n';
import { signUp } from './class-signups';
import { verifyPassword } from './passwords';
import { deleteProfile } from './profiles';

interface Asked {
  userId: number;
  profileId: number;
  kind: ParentRequestKind;
  classId: number | null;
}

const sameRequest = (a: Asked) =>
  and(
    eq(parentRequests.profileId, a.profileId),
    eq(parentRequests.kind, a.kind),
    a.classId === null ? undefined : eq(parentRequests.classId, a.classId),
  );

/** The parent's password typed on the child's device: 400 on its field when it is not the account's. */
async function checkParentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw ValidationError.of('parent_password', M.parentPasswordWrong.id);
}

/** The child's attempt waits for the parent (once: asking again keeps the first request). */
async function recordRequest(deps: AppDeps, asked: Asked): Promise<void> {
  await deps.db
    .insert(parentRequests)
    .values({ ...asked, status: 'pending', createdAt: deps.clock() })
    .onConflictDoNothing();
}

async function markApproved(deps: AppDeps, asked: Asked): Promise<void> {
  const now = deps.clock();
  await deps.db
    .insert(parentRequests)
    .values({ ...asked, status: 'approved', createdAt: now, decidedAt: now })
    .onConflictDoUpdate({
      target: [parentRequests.profileId, parentRequests.kind, parentRequests.classId],
      set: { status: 'approved', decidedAt: now },
    });
}

/**
 * Before a child's sign-up: a paid class needs the parent's word, the password now or an earlier approval of this
 * class for this child. A free class, an unknown one (404 follows) and a sign-up already confirmed (409 follows)
 * pass through to the sign-up's own rules.
 */
export async function guardClassPayment(
  deps: AppDeps,
  child: { user: UserRow; profileId: number },
  classId: number,
  password: string | undefined,
): Promise<void> {
  const [cls] = await deps.db
    .select({ isFree: artistClasses.isFree, price: artistClasses.price })
    .from(artistClasses)
    .where(and(eq(artistClasses.id, classId), eq(artistClasses.published, true)));
  if (!cls || cls.isFree || cls.price === 0) return;
  const [signup] = await deps.db
    .select({ status: classSignups.status })
    .from(classSignups)
    .where(and(eq(classSignups.classId, classId), eq(classSignups.profileId, child.profileId)));
  if (signup?.status === 'confirmed') return;
  const asked: Asked = { userId: child.user.id, profileId: child.profileId, kind: 'class_payment', classId };
  if (password !== undefined) {
    await checkParentPassword(child.user, password);
    await markApproved(deps, asked);
    return;
  }
  const [approved] = await deps.db
    .select({ id: parentRequests.id })
    .from(parentRequests)
    .where(and(sameRequest(asked), eq(parentRequests.status, 'approved')));
  if (approved) return;
  await recordRequest(deps, asked);
  throw new ApiError(403, M.askGrownUp);
}

/** A child token deleting its own profile: with the parent's password it proceeds; without, it waits (403). */
export async function guardProfileDelete(
  deps: AppDeps,
  child: { user: UserRow; profileId: number },
  password: string | undefined,
): Promise<void> {
  if (password !== undefined) return checkParentPassword(child.user, password);
  await recordRequest(deps, { userId: child.user.id, profileId: child.profileId, kind: 'profile_delete', classId: null });
  throw new ApiError(403, M.askGrownUp);
}

/** The family's waiting requests, oldest first. */
export async function listParentRequests(deps: AppDeps, userId: number): Promise<ParentRequest[]> {
  const rows = await deps.db
    .select({
      id: parentRequests.id,
      kind: parentRequests.kind,
      createdAt: parentRequests.createdAt,
      profileId: profiles.id,
      username: profiles.username,
      pictureKey: profiles.pictureKey,
      classId: artistClasses.id,
      className: artistClasses.name,
      price: artistClasses.price,
      currency: artistClasses.currency,
    })
    .from(parentRequests)
    .innerJoin(profiles, eq(profiles.id, parentRequests.profileId))
    .leftJoin(artistClasses, eq(artistClasses.id, parentRequests.classId))
    .where(and(eq(parentRequests.userId, userId), eq(profiles.userId, userId), eq(parentRequests.status, 'pending')))
    .orderBy(asc(parentRequests.createdAt), asc(parentRequests.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    profile: { id: r.profileId, username: r.username, profile_picture: r.pictureKey ? deps.storage.url(r.pictureKey) : null },
    artist_class:
      r.classId !== null ? { id: r.classId, name: r.className ?? '', price: r.price ?? 0, currency: r.currency ?? 'jpy' } : null,
    created_at: r.createdAt.toISOString(),
  }));
}

async function waitingRequest(deps: AppDeps, userId: number, id: number) {
  const [row] = await deps.db
    .select()
    .from(parentRequests)
    .where(and(eq(parentRequests.id, id), eq(parentRequests.userId, userId), eq(parentRequests.status, 'pending')));
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

/**
 * The parent says yes, from the parent's own session: a deletion is done as the parent; a payment becomes the
 * sign-up's payment intent, answered for the parent to pay here (the sign-up is confirmed once the provider says so).
 */
export async function approveParentRequest(
  deps: AppDeps,
  userId: number,
  id: number,
  lang: Language,
  t: Translate,
): Promise<ParentRequestApproved> {
  const row = await waitingRequest(deps, userId, id);
  if (row.kind === 'profile_delete') {
    await deleteProfile(deps, userId, row.profileId);
    return { message: t(M.profileDeleted), kind: row.kind, payment: null };
  }
  const asked: Asked = { userId, profileId: row.profileId, kind: row.kind, classId: row.classId };
  const signup = await signUp(deps, { profileId: row.profileId, userId }, row.classId!, lang, t);
  await markApproved(deps, asked);
  const { message, ...payment } = signup;
  return { message, kind: row.kind, payment };
}

/** The parent says no: the request is removed (the child may ask again). */
export async function declineParentRequest(deps: AppDeps, userId: number, id: number): Promise<void> {
  const row = await waitingRequest(deps, userId, id);
  await deps.db.delete(parentRequests).where(eq(parentRequests.id, row.id));
}
