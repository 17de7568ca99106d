/**
 * Child profiles of a family: listing in the contract's Profile shape, registration (with the
 * avatar re-encoded), updates of organizations and sharing, deletion and the child login.
 * Every lookup is scoped by the caller's user id, so another family's profile is simply not found.
 */
import { randomBytes } from 'node:crypto';

import { and, asc, eq, gt, inArray, notInArray } from 'drizzle-orm';

import { usernameKey, type Profile } from '@contract/accounts';
import { M } from '@contract/messages';
import { isUniqueViolation } from '../db/errors';
import type { Executor } from '../db/open';
import {
  artworkImages,
  artworks,
  organizationCodeProofs,
  organizations,
  profileOrganizations,
  profileShares,
  profiles,
  type ProfileRow,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { ImageRejected, makeAvatar, type ImageSource } from '../adapters/images';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';
import { adoptPending, discardPending, putPending } from './pending-files';
import { lockAccount } from './quota';
import { startSession, type Auth, type TokenPairOut } from './sessions';

/** How long a successful code check lets the profile add that organization. */
export const CODE_PROOF_TTL_MS = 24 * 60 * 60 * 1000;

const pictureUrl = (deps: AppDeps, key: string | null) => (key ? deps.storage.url(key) : null);

/** All profiles of a family in the contract shape, in creation order. */
export async function familyProfiles(deps: AppDeps, userId: number, loggedInId: number | null, db: Executor = deps.db): Promise<Profile[]> {
  const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).orderBy(asc(profiles.id));
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const orgRows = await db
    .select({
      profileId: profileOrganizations.profileId,
      id: organizations.id,
      name: organizations.name,
      status: profileOrganizations.status,
    })
    .from(profileOrganizations)
    .innerJoin(organizations, eq(organizations.id, profileOrganizations.organizationId))
    .where(inArray(profileOrganizations.profileId, ids))
    .orderBy(asc(organizations.id));
  const shares = await db.select().from(profileShares).where(inArray(profileShares.ownerProfileId, ids));
  const shared = new Set(shares.map((s) => `${s.ownerProfileId}:${s.targetProfileId}`));
  return rows.map((p) => ({
    id: p.id,
    username: p.username,
    first_name: p.firstName,
    date_of_birth: p.dateOfBirth,
    address: p.address,
    profile_picture: pictureUrl(deps, p.pictureKey),
    is_logged_in: p.id === loggedInId,
    is_published: p.isPublished,
    organizations: orgRows.filter((o) => o.profileId === p.id).map(({ id, name, status }) => ({ id, name, status })),
    shared_users: rows
      .filter((o) => o.id !== p.id)
      .map((o) => ({
        id: o.id,
        username: o.username,
        profile_picture: pictureUrl(deps, o.pictureKey),
        is_shared: shared.has(`${p.id}:${o.id}`),
      })),
  }));
}

export async function profileView(
  deps: AppDeps,
  userId: number,
  profileId: number,
  loggedInId: number | null,
  db: Executor = deps.db,
): Promise<Profile> {
  const found = (await familyProfiles(deps, userId, loggedInId, db)).find((p) => p.id === profileId);
  if (!found) throw new ApiError(404, M.notFound);
  return found;
}

export async function familyProfile(deps: AppDeps, userId: number, profileId: number): Promise<ProfileRow | null> {
  const [row] = await deps.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)));
  return row ?? null;
}

/**
 * Refuses a username another profile of the family has, compared by usernameKey (NFKC, case-insensitive, the
 * contract's rule: ｈａｎａ is Hana, はな is not ハナ). The unique index on lower(username) holds it against a race.
 */
async function assertUsernameFree(db: Executor, userId: number, username: string, except: number | null): Promise<void> {
  const key = usernameKey(username);
  const family = await db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(eq(profiles.userId, userId));
  if (family.some((p) => p.id !== except && usernameKey(p.username) === key)) throw ValidationError.of('username', M.usernameTaken.id);
}

async function withUsernameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw ValidationError.of('username', M.usernameTaken.id);
    throw err;
  }
}

export interface NewProfile {
  username: string;
  first_name: string;
  address: string;
  date_of_birth: string;
}

export async function registerProfile(deps: AppDeps, userId: number, input: NewProfile, picture: ImageSource | null): Promise<Profile> {
  // Re-encode before touching the database: a bad image leaves nothing behind.
  let avatar: Buffer | null = null;
  try {
    avatar = picture ? await makeAvatar(picture) : null;
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of('profile_picture', err.messageId);
    throw err;
  }
  const key = avatar ? `avatars/${randomBytes(16).toString('hex')}.webp` : null;
  if (avatar && key) await putPending(deps, [{ key, bytes: avatar, contentType: 'image/webp' }]);
  try {
    const [row] = await withUsernameCheck(() =>
      deps.db.transaction(async (tx) => {
        await assertUsernameFree(tx, userId, input.username, null);
        await adoptPending(tx, [key]);
        return tx
          .insert(profiles)
          .values({
            userId,
            username: input.username,
            firstName: input.first_name,
            address: input.address,
            dateOfBirth: input.date_of_birth,
            pictureKey: key,
          })
          .returning();
      }),
    );
    return profileView(deps, userId, row!.id, null);
  } catch (err) {
    await discardPending(deps, [key]);
    throw err;
  }
}

/**
 * PUT /api/profile/picture/: the profile's new picture, re-encoded as at registration (a bad image changes nothing);
 * the old one is deleted after the commit, as a deleted profile's is.
 */
export async function replaceProfilePicture(deps: AppDeps, userId: number, profileId: number, picture: ImageSource): Promise<Profile> {
  let avatar: Buffer;
  try {
    avatar = await makeAvatar(picture);
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of('profile_picture', err.messageId);
    throw err;
  }
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await putPending(deps, [{ key, bytes: avatar, contentType: 'image/webp' }]);
  try {
    const scheduled = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ pictureKey: profiles.pictureKey })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
        .for('update');
      if (!row) throw new ApiError(404, M.notFound);
      await adoptPending(tx, [key]);
      await tx.update(profiles).set({ pictureKey: key }).where(eq(profiles.id, profileId));
      return row.pictureKey ? scheduleFileDeletions(tx, [row.pictureKey]) : [];
    });
    await deleteScheduledFiles(deps, scheduled);
  } catch (err) {
    await discardPending(deps, [key]);
    throw err;
  }
  return profileView(deps, userId, profileId, profileId);
}

/**
 * The organizations list may keep or drop memberships, and add only an organization whose code this
 * profile proved by a successful code check within the last day (decisions.md, "Organization code
 * check"); anything else is 400, as an invalid code is.
 */
async function assertMayJoin(deps: AppDeps, profileId: number, orgIds: number[]): Promise<void> {
  const current = await deps.db
    .select({ id: profileOrganizations.organizationId })
    .from(profileOrganizations)
    .where(eq(profileOrganizations.profileId, profileId));
  const joined = new Set(current.map((o) => o.id));
  const adding = orgIds.filter((id) => !joined.has(id));
  if (adding.length === 0) return;
  const since = new Date(deps.clock().getTime() - CODE_PROOF_TTL_MS);
  const proven = await deps.db
    .select({ id: organizationCodeProofs.organizationId })
    .from(organizationCodeProofs)
    .where(
      and(
        eq(organizationCodeProofs.profileId, profileId),
        inArray(organizationCodeProofs.organizationId, adding),
        gt(organizationCodeProofs.provenAt, since),
      ),
    );
  if (proven.length !== adding.length) throw ValidationError.of('organizations', M.orgCodeInvalid.id);
}

export interface ProfilePatch {
  username?: string;
  first_name?: string;
  address?: string;
  date_of_birth?: string;
  is_published?: boolean;
  organizations?: number[];
  shared_users?: { id: number; is_shared: boolean }[];
}

export async function patchProfile(deps: AppDeps, userId: number, profileId: number, patch: ProfilePatch): Promise<Profile> {
  const orgIds = patch.organizations ? [...new Set(patch.organizations)] : undefined;
  if (orgIds) await assertMayJoin(deps, profileId, orgIds);
  let shareTargets: number[] | undefined;
  if (patch.shared_users) {
    const family = await deps.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
    const others = new Set(family.map((p) => p.id).filter((id) => id !== profileId));
    if (patch.shared_users.some((s) => !others.has(s.id))) throw ValidationError.of('shared_users', M.invalidUser.id);
    shareTargets = [...new Set(patch.shared_users.filter((s) => s.is_shared).map((s) => s.id))];
  }
  return withUsernameCheck(() =>
    deps.db.transaction(async (tx) => {
      const fields = {
        username: patch.username,
        firstName: patch.first_name,
        address: patch.address,
        dateOfBirth: patch.date_of_birth,
        isPublished: patch.is_published,
      };
      if (patch.username !== undefined) await assertUsernameFree(tx, userId, patch.username, profileId);
      if (Object.values(fields).some((v) => v !== undefined)) {
        await tx
          .update(profiles)
          .set(fields)
          .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)));
      }
      // The arrays replace the stored sets (contract: profilePatchBody).
      // Kept memberships keep their status (a PATCH never approves a pending one); an added one is pending when its
      // organization's staff approve each request (joinPolicy 'approval').
      if (orgIds) {
        await tx
          .delete(profileOrganizations)
          .where(
            and(
              eq(profileOrganizations.profileId, profileId),
              orgIds.length > 0 ? notInArray(profileOrganizations.organizationId, orgIds) : undefined,
            ),
          );
        if (orgIds.length > 0) {
          const policies = await tx
            .select({ id: organizations.id, joinPolicy: organizations.joinPolicy })
            .from(organizations)
            .where(inArray(organizations.id, orgIds));
          const now = deps.clock();
          if (policies.length > 0)
            await tx
              .insert(profileOrganizations)
              .values(
                policies.map(({ id, joinPolicy }) => ({
                  profileId,
                  organizationId: id,
                  status: joinPolicy === 'approval' ? ('pending' as const) : ('approved' as const),
                  requestedAt: now,
                })),
              )
              .onConflictDoNothing();
        }
      }
      if (shareTargets) {
        await tx.delete(profileShares).where(eq(profileShares.ownerProfileId, profileId));
        if (shareTargets.length > 0)
          await tx.insert(profileShares).values(shareTargets.map((targetProfileId) => ({ ownerProfileId: profileId, targetProfileId })));
      }
      return profileView(deps, userId, profileId, profileId, tx);
    }),
  );
}

/** Every file the given profiles own: their avatars, and their works' display copies and thumbnails. */
export async function filesOfProfiles(db: Executor, owned: { id: number; pictureKey: string | null }[]): Promise<string[]> {
  if (owned.length === 0) return [];
  const images = await db
    .select({ display: artworkImages.displayKey, thumb: artworkImages.thumbKey })
    .from(artworkImages)
    .innerJoin(artworks, eq(artworks.id, artworkImages.artworkId))
    .where(
      inArray(
        artworks.profileId,
        owned.map((p) => p.id),
      ),
    );
  return [...owned.map((p) => p.pictureKey ?? ''), ...images.flatMap((i) => [i.display, i.thumb])].filter(Boolean);
}

/** Deletes the profile; its works, likes and tokens go by cascade, and every file it owned after the commit. */
export async function deleteProfile(deps: AppDeps, userId: number, profileId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    // The account's lock, as uploads take it: a work landing meanwhile cannot escape the file list.
    await lockAccount(tx, userId);
    const owned = await tx
      .select({ id: profiles.id, pictureKey: profiles.pictureKey })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)));
    if (owned.length === 0) throw new ApiError(404, M.notFound);
    const scheduled = await scheduleFileDeletions(tx, await filesOfProfiles(tx, owned));
    await tx.delete(profiles).where(eq(profiles.id, profileId));
    return scheduled;
  });
  await deleteScheduledFiles(deps, keys);
}

/** A child login chosen from the caller's parent session: it ends when that session ends. */
export async function childLogin(deps: AppDeps, parent: Auth, username: string): Promise<{ pair: TokenPairOut; username: string }> {
  // The name as typed or as stored: normalised and compared case-insensitively (contract: usernameKey).
  const key = usernameKey(username);
  const family = await deps.db.select().from(profiles).where(eq(profiles.userId, parent.user.id));
  const row = family.find((p) => p.username === username) ?? family.find((p) => usernameKey(p.username) === key);
  if (!row) throw new ApiError(404, M.notFound);
  return { pair: await startSession(deps, parent.user, row.id, parent.session), username: row.username };
}
