/**
 * Who runs what (issue 12): an organization's staff, and super admins. The endpoint table's `staff` and `admin`
 * accesses are checked here, once, by routes/register.ts; anyone else is answered 404, as for another family's
 * objects.
 */
import { and, eq } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { Executor } from '../db/open';
import { organizationStaff } from '../db/schema';
import type { Auth } from './sessions';
import { ApiError } from '../errors';

export async function isStaffOf(db: Executor, userId: number, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: organizationStaff.userId })
    .from(organizationStaff)
    .where(and(eq(organizationStaff.organizationId, organizationId), eq(organizationStaff.userId, userId)));
  return Boolean(row);
}

export async function runsAnyOrganization(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: organizationStaff.userId })
    .from(organizationStaff)
    .where(eq(organizationStaff.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** `staff`: the parent token of a staff member of the organization; anyone else finds nothing there. */
export async function assertStaff(db: Executor, auth: Auth, organizationId: number | undefined): Promise<void> {
  if (organizationId === undefined || !(await isStaffOf(db, auth.user.id, organizationId))) throw new ApiError(404, M.notFound);
}

/** `admin`: the parent token of a super admin; anyone else finds nothing there. */
export function assertSuperAdmin(auth: Auth): void {
  if (!auth.user.isSuperAdmin) throw new ApiError(404, M.notFound);
}
