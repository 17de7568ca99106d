/** Organizations: the ones a profile (or a family) joined, lookup by id, and the code check. */
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Organization } from '@contract/accounts';
import { M } from '@contract/messages';
import { organizationCodeProofs, organizations, profileOrganizations, profiles } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';

/**
 * Joined by the given profile, or by any profile of the family when no profile is active. A membership still
 * waiting for the organization's staff is listed with `status: 'pending'` (no member rights); an approved one
 * carries no status (the contract: absent, it is approved). For the family, approved for any child wins.
 */
export async function joinedOrganizations(deps: AppDeps, userId: number, profileId: number | null): Promise<Organization[]> {
  const profileIds = profileId
    ? [profileId]
    : (await deps.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId))).map((p) => p.id);
  if (profileIds.length === 0) return [];
  const rows = await deps.db
    .select({ id: organizations.id, name: organizations.name, status: profileOrganizations.status })
    .from(organizations)
    .innerJoin(profileOrganizations, eq(profileOrganizations.organizationId, organizations.id))
    .where(inArray(profileOrganizations.profileId, profileIds))
    .orderBy(asc(organizations.id));
  const byId = new Map<number, Organization>();
  for (const { id, name, status } of rows) {
    if (status === 'approved') byId.set(id, { id, name });
    else if (!byId.has(id)) byId.set(id, { id, name, status: 'pending' });
  }
  return [...byId.values()];
}

/**
 * One organization, only for a caller that belongs to it (a profile, or any profile of the family) with an approved
 * membership; else 404 (a pending request gives no member rights).
 */
export async function organizationById(deps: AppDeps, id: number, userId: number, profileId: number | null): Promise<Organization> {
  const [row] = await deps.db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .innerJoin(profileOrganizations, eq(profileOrganizations.organizationId, organizations.id))
    .innerJoin(profiles, eq(profiles.id, profileOrganizations.profileId))
    .where(
      and(
        eq(organizations.id, id),
        eq(profileOrganizations.status, 'approved'),
        eq(profiles.userId, userId),
        profileId === null ? undefined : eq(profiles.id, profileId),
      ),
    );
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

/**
 * Counted per user before the lookup, so guessing the 10^6 codes is slow. A child's successful check is
 * its proof of the code: only then may its profile add the organization (profiles.ts, assertMayJoin).
 */
export async function checkOrganizationCode(deps: AppDeps, profileId: number | null, code: string): Promise<Organization> {
  const now = deps.clock();
  const [row] = /^\d{6}$/.test(code)
    ? await deps.db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.code, code))
    : [];
  if (!row) throw new ApiError(404, M.orgCodeInvalid);
  if (profileId !== null) {
    await deps.db
      .insert(organizationCodeProofs)
      .values({ profileId, organizationId: row.id, provenAt: now })
      .onConflictDoUpdate({ target: [organizationCodeProofs.profileId, organizationCodeProofs.organizationId], set: { provenAt: now } });
  }
  return row;
}
