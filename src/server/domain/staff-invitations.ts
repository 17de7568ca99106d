/**
 * Staff invitations (issue 12): a super admin appointed an address that had no verified account. Once an account
 * proves that address (its sign-up link, a password reset link, or an e-mail change link), each invitation becomes
 * a staff row and is deleted. Call inside the transaction that marks the address proven.
 */
import { eq } from 'drizzle-orm';

import type { Executor } from '../db/open';
import { organizationStaff, staffInvitations } from '../db/schema';

export async function applyStaffInvitations(tx: Executor, userId: number, email: string): Promise<number> {
  const invited = await tx.delete(staffInvitations).where(eq(staffInvitations.email, email.toLowerCase())).returning();
  if (invited.length === 0) return 0;
  await tx
    .insert(organizationStaff)
    .values(invited.map((i) => ({ organizationId: i.organizationId, userId })))
    .onConflictDoNothing();
  return invited.length;
}
