/**
 * Staff invitations (issue 12): a super admin appointed an address that had no verified account. Whoever proves an
 * address owns its account (decisions.md), but an invitation runs an organization's console, so it goes only to an
 * account whose owner proved the address after the invitation was made, by a proof that also chose the password
 * (issue 27, finding 2):
 *  - the verification link of a sign-up made after the invitation (each sign-up sets the password and voids the
 *    earlier links; inviting voids the links of a pending account, ./org-admin.ts), or
 *  - a password reset link (its opener sets the password).
 * An e-mail change link proves the address but not who chose the password (an attacker's own account asking for the
 * invitee's address), so it applies none: the invitation waits, and the address's owner claims it, and the account,
 * with a password reset. Call inside the transaction that marks the address proven.
 * What a link cannot tell: a sign-up by someone else after the invitation also mails the invitee a fresh link. The
 * e-mails say to open only the link of one's own sign-up; a reset-style "choose your password" link in the
 * invitation would close that too.
 */
import { and, eq, lte } from 'drizzle-orm';

import type { Executor } from '../db/open';
import { organizationStaff, staffInvitations } from '../db/schema';

/** Turns the invitations of `email` made at or before `passwordSetAt` into staff rows; later ones wait. */
export async function applyStaffInvitations(tx: Executor, userId: number, email: string, passwordSetAt: Date): Promise<number> {
  const invited = await tx
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.email, email.toLowerCase()), lte(staffInvitations.createdAt, passwordSetAt)))
    .returning();
  if (invited.length === 0) return 0;
  await tx
    .insert(organizationStaff)
    .values(invited.map((i) => ({ organizationId: i.organizationId, userId })))
    .onConflictDoNothing();
  return invited.length;
}
