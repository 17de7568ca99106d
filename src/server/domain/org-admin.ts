/**
 * The super admin's organizations (issue 12): every organization with its staff, creating one (its code is
 * generated), and appointing or removing staff by e-mail. An address with a verified account becomes staff at
 * once and is told; any other address gets an invitation to sign up, and becomes staff when an account signed up
 * after the invitation is verified, or its password is reset (./staff-invitations.ts). Access (a super admin's parent token) is checked by routes/register.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { AdminOrganization } from '@contract/console';
import type { Language } from '@contract/limits';
import { M } from '@contract/messages';
import { organizationStaff, organizations, staffInvitations, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Translate } from '../i18n';
import { MAIL } from '../mail-messages';
import { findUserByEmail, sendMail } from './accounts';
import { voidOneTimeTokens } from './one-time-tokens';
import { organizationSummaries, withFreshCode } from './org-members';

/** The organizations (all, or the given ones) with their active staff and open invitations. */
export async function adminOrganizations(deps: AppDeps, ids?: number[]): Promise<AdminOrganization[]> {
  const summaries = await organizationSummaries(deps.db, ids);
  if (summaries.length === 0) return [];
  const orgIds = summaries.map((o) => o.id);
  const active = await deps.db
    .select({ organizationId: organizationStaff.organizationId, userId: users.id, email: users.email })
    .from(organizationStaff)
    .innerJoin(users, eq(users.id, organizationStaff.userId))
    .where(inArray(organizationStaff.organizationId, orgIds))
    .orderBy(asc(users.email));
  const invited = await deps.db
    .select({ organizationId: staffInvitations.organizationId, email: staffInvitations.email })
    .from(staffInvitations)
    .where(inArray(staffInvitations.organizationId, orgIds))
    .orderBy(asc(staffInvitations.email));
  return summaries.map((o) => ({
    ...o,
    staff: [
      ...active.filter((s) => s.organizationId === o.id).map((s) => ({ user_id: s.userId, email: s.email, status: 'active' as const })),
      ...invited.filter((s) => s.organizationId === o.id).map((s) => ({ user_id: null, email: s.email, status: 'invited' as const })),
    ],
  }));
}

export async function adminOrganization(deps: AppDeps, orgId: number): Promise<AdminOrganization> {
  const [found] = await adminOrganizations(deps, [orgId]);
  if (!found) throw new ApiError(404, M.notFound);
  return found;
}

export async function createOrganization(deps: AppDeps, name: string): Promise<AdminOrganization> {
  const row = await withFreshCode(async (code) => {
    const [created] = await deps.db.insert(organizations).values({ name, code, createdAt: deps.clock() }).returning();
    return created!;
  });
  return adminOrganization(deps, row.id);
}

async function organizationName(deps: AppDeps, orgId: number): Promise<string> {
  const [org] = await deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new ApiError(404, M.notFound);
  return org.name;
}

export interface StaffChange {
  message: string;
  organization: AdminOrganization;
}

/**
 * Appoints `email` staff of the organization. A verified account becomes staff now (and is told, unless it already
 * was: appointing again changes nothing); any other address is invited to sign up (again: a fresh e-mail).
 */
export async function inviteStaff(
  deps: AppDeps,
  inviter: { id: number },
  orgId: number,
  email: string,
  lang: Language,
  t: Translate,
): Promise<StaffChange> {
  const organization = await organizationName(deps, orgId);
  const user = await findUserByEmail(deps, email);
  if (user?.emailVerifiedAt) {
    const added = await deps.db
      .insert(organizationStaff)
      .values({ organizationId: orgId, userId: user.id, createdAt: deps.clock() })
      .onConflictDoNothing()
      .returning({ userId: organizationStaff.userId });
    // An invitation for the same address (made before it was verified elsewhere) has nothing left to do.
    await deps.db.delete(staffInvitations).where(and(eq(staffInvitations.organizationId, orgId), eq(staffInvitations.email, email)));
    if (added.length > 0) {
      sendMail(deps, user.email, lang, [MAIL.staffInviteSubject, MAIL.staffInviteBody], {
        organization,
        link: `${deps.config.publicUrl}/org`,
      });
    }
    return { message: t(M.staffAdded, { email: user.email }), organization: await adminOrganization(deps, orgId) };
  }
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    // A pending account of the address may be someone else's pre-registration: its links, sent before this
    // invitation, must not make it staff. The invitee signs up (again), which sets their own password and sends a
    // fresh link (issue 27, ./staff-invitations.ts).
    if (user) await voidOneTimeTokens(tx, user.id, 'verify', now);
    await tx
      .insert(staffInvitations)
      .values({ organizationId: orgId, email, invitedBy: inviter.id, createdAt: now })
      .onConflictDoUpdate({
        target: [staffInvitations.organizationId, staffInvitations.email],
        set: { invitedBy: inviter.id, createdAt: now },
      });
  });
  sendMail(deps, email, lang, [MAIL.staffInviteSignupSubject, MAIL.staffInviteSignupBody], {
    organization,
    link: `${deps.config.publicUrl}/register`,
  });
  return { message: t(M.staffInvited), organization: await adminOrganization(deps, orgId) };
}

/** Removes the staff member with that address, and its invitation; 404 when there was neither. */
export async function removeStaff(deps: AppDeps, orgId: number, email: string, t: Translate): Promise<StaffChange> {
  await organizationName(deps, orgId);
  const removed = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const staff = user
      ? await tx
          .delete(organizationStaff)
          .where(and(eq(organizationStaff.organizationId, orgId), eq(organizationStaff.userId, user.id)))
          .returning({ userId: organizationStaff.userId })
      : [];
    const invitations = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.organizationId, orgId), eq(staffInvitations.email, email)))
      .returning({ email: staffInvitations.email });
    return staff.length + invitations.length;
  });
  if (removed === 0) throw new ApiError(404, M.notFound);
  return { message: t(M.staffRemoved), organization: await adminOrganization(deps, orgId) };
}
