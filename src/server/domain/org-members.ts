/**
 * An organization's console (issue 12): its summary, its members and their requests, its join policy and its code.
 * Access (staff of `{orgId}`) is checked before any of this runs (routes/register.ts); here every query is still
 * scoped by the organization, so a profile of another organization is simply not found. Staff see a member by its
 * profile's username and picture only, never the family's e-mail or the child's real name.
 */
import { randomInt } from 'node:crypto';

import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { ConsoleHome, ConsoleOrganization, JoinPolicy, OrgMember, OrgMembers } from '@contract/console';
import { M } from '@contract/messages';
import { isUniqueViolation } from '../db/errors';
import type { Executor } from '../db/open';
import { organizationCodeProofs, organizationStaff, organizations, profileOrganizations, profiles } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';

/** How many random codes are tried before giving up (10^6 codes: a collision is rare, several in a row rarer). */
const CODE_ATTEMPTS = 20;

/** A random 6-digit code, from the crypto generator (a code admits members: it must not be guessable). */
export const randomOrganizationCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Runs `write` with fresh random codes until one is not taken (the column is unique); each attempt is its own
 * statement or transaction, so a collision aborts nothing else.
 */
export async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(randomOrganizationCode());
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= CODE_ATTEMPTS) throw err;
    }
  }
}

/** The organizations with their approved and pending member counts, in id order. */
export async function organizationSummaries(db: Executor, ids?: number[]): Promise<ConsoleOrganization[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      code: organizations.code,
      join_policy: organizations.joinPolicy,
      member_count: sql<number>`count(${profileOrganizations.profileId}) filter (where ${profileOrganizations.status} = 'approved')::int`,
      pending_count: sql<number>`count(${profileOrganizations.profileId}) filter (where ${profileOrganizations.status} = 'pending')::int`,
    })
    .from(organizations)
    .leftJoin(profileOrganizations, eq(profileOrganizations.organizationId, organizations.id))
    .where(ids ? inArray(organizations.id, ids) : undefined)
    .groupBy(organizations.id)
    .orderBy(asc(organizations.id));
  return rows.map((r) => ({ ...r, member_count: Number(r.member_count), pending_count: Number(r.pending_count) }));
}

export async function organizationSummary(db: Executor, orgId: number): Promise<ConsoleOrganization> {
  const [found] = await organizationSummaries(db, [orgId]);
  if (!found) throw new ApiError(404, M.notFound);
  return found;
}

/** GET /api/org/: what the caller runs, and whether it is a super admin. */
export async function consoleHome(deps: AppDeps, user: { id: number; isSuperAdmin: boolean }): Promise<ConsoleHome> {
  const runs = await deps.db
    .select({ id: organizationStaff.organizationId })
    .from(organizationStaff)
    .where(eq(organizationStaff.userId, user.id));
  return {
    is_super_admin: user.isSuperAdmin,
    organizations: await organizationSummaries(
      deps.db,
      runs.map((r) => r.id),
    ),
  };
}

export async function orgMembers(deps: AppDeps, orgId: number): Promise<OrgMembers> {
  const rows = await deps.db
    .select({
      profileId: profiles.id,
      username: profiles.username,
      pictureKey: profiles.pictureKey,
      status: profileOrganizations.status,
      requestedAt: profileOrganizations.requestedAt,
    })
    .from(profileOrganizations)
    .innerJoin(profiles, eq(profiles.id, profileOrganizations.profileId))
    .where(eq(profileOrganizations.organizationId, orgId))
    .orderBy(asc(profileOrganizations.requestedAt), asc(profiles.id));
  const members: OrgMember[] = rows.map((r) => ({
    profile_id: r.profileId,
    username: r.username,
    profile_picture: r.pictureKey ? deps.storage.url(r.pictureKey) : null,
    status: r.status,
    requested_at: r.requestedAt.toISOString(),
  }));
  return { pending: members.filter((m) => m.status === 'pending'), approved: members.filter((m) => m.status === 'approved') };
}

const membership = (orgId: number, profileId: number) =>
  and(eq(profileOrganizations.organizationId, orgId), eq(profileOrganizations.profileId, profileId));

/** A proof of the code lets a profile add the organization: once staff decided, the profile must prove it again. */
const dropProof = (db: Executor, orgId: number, profileId: number) =>
  db
    .delete(organizationCodeProofs)
    .where(and(eq(organizationCodeProofs.organizationId, orgId), eq(organizationCodeProofs.profileId, profileId)));

/** Approves a pending request; 404 when this organization has no pending request from that profile. */
export async function approveMember(deps: AppDeps, orgId: number, profileId: number): Promise<void> {
  const done = await deps.db
    .update(profileOrganizations)
    .set({ status: 'approved' })
    .where(and(membership(orgId, profileId), eq(profileOrganizations.status, 'pending')))
    .returning({ id: profileOrganizations.profileId });
  if (done.length === 0) throw new ApiError(404, M.notFound);
}

/** Declines (deletes) a pending request; 404 when there is none. */
export async function declineMember(deps: AppDeps, orgId: number, profileId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .delete(profileOrganizations)
      .where(and(membership(orgId, profileId), eq(profileOrganizations.status, 'pending')))
      .returning({ id: profileOrganizations.profileId });
    if (done.length === 0) throw new ApiError(404, M.notFound);
    await dropProof(tx, orgId, profileId);
  });
}

/** Removes a membership, approved or pending; 404 when there is none. */
export async function removeMember(deps: AppDeps, orgId: number, profileId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .delete(profileOrganizations)
      .where(membership(orgId, profileId))
      .returning({ id: profileOrganizations.profileId });
    if (done.length === 0) throw new ApiError(404, M.notFound);
    await dropProof(tx, orgId, profileId);
  });
}

/** Sets how the code admits members from now on (existing memberships and requests stay as they are). */
export async function updateJoinPolicy(deps: AppDeps, orgId: number, joinPolicy: JoinPolicy): Promise<ConsoleOrganization> {
  await deps.db.update(organizations).set({ joinPolicy }).where(eq(organizations.id, orgId));
  return organizationSummary(deps.db, orgId);
}

/**
 * A new random code. The old one stops working at once, and so do the proofs of it that children already hold
 * (a proof lets a profile add the organization for a day). Members stay members.
 */
export async function regenerateCode(deps: AppDeps, orgId: number): Promise<ConsoleOrganization> {
  await withFreshCode((code) =>
    deps.db.transaction(async (tx) => {
      await tx.update(organizations).set({ code }).where(eq(organizations.id, orgId));
      await tx.delete(organizationCodeProofs).where(eq(organizationCodeProofs.organizationId, orgId));
    }),
  );
  return organizationSummary(deps.db, orgId);
}
