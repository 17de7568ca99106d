/**
 * Child profiles: registration, lists, the active profile, deletion and the child login. Adding and choosing
 * profiles are the parent's; a child token may delete only its own profile (as /user-info does).
 */
import type { Context } from 'hono';

import { ENDPOINTS } from '@contract/endpoints';
import { M } from '@contract/messages';
import { guardProfileDelete } from '../domain/parent-word';
import {
  childLogin,
  deleteProfile,
  familyProfiles,
  patchProfile,
  profileView,
  registerProfile,
  replaceProfilePicture,
  type NewProfile,
} from '../domain/profiles';
import { readPictureForm } from './picture-form';
import type { AppEnv } from '../env';
import { ApiError, ValidationError } from '../errors';
import { readUpload } from '../middleware/multipart';
import { parseOrThrow } from '../middleware/validate';
import { Reply, type Handlers } from './register';

const { fields: profileFields, upload } = ENDPOINTS.registerProfile.body;

/**
 * The text fields, checked by the contract, and the first picture (null when none was chosen), through the
 * streaming reader that stops at its limits. A repeated field, or a file sent as a text field, is not a text
 * and fails the contract's check.
 */
async function readProfileForm(c: Context<AppEnv>): Promise<{ fields: NewProfile; picture: string | null }> {
  const form = await readUpload(c, upload);
  const values = new Map<string, unknown>();
  for (const [name, value] of form.entries) values.set(name, values.has(name) ? [values.get(name), value].flat() : value);
  for (const name of form.filesElsewhere) values.set(name, null);
  const fields = parseOrThrow(profileFields, Object.fromEntries(values));
  if (form.textAsFile) throw ValidationError.of(upload.fileField, M.imageType.id);
  return { fields, picture: form.files[0]?.path ?? null };
}

export const profileHandlers = {
  registerProfile: async ({ c, deps, auth }) => {
    const { fields, picture } = await readProfileForm(c);
    return new Reply(201, await registerProfile(deps, auth.user.id, fields, picture));
  },
  children: async ({ deps, auth }) => familyProfiles(deps, auth.user.id, auth.profile?.id ?? null),
  profiles: async ({ deps, auth }) => familyProfiles(deps, auth.user.id, auth.profile?.id ?? null),
  profile: async ({ deps, auth }) => profileView(deps, auth.user.id, auth.profile.id, auth.profile.id),
  profileUpdate: async ({ deps, auth, body }) => patchProfile(deps, auth.user.id, auth.profile.id, body),
  profilePicture: async ({ c, deps, auth }) => {
    const { picture } = await readPictureForm(c, ENDPOINTS.profilePicture.body, M.imageRequired);
    return replaceProfilePicture(deps, auth.user.id, auth.profile.id, picture!);
  },
  profileDelete: async ({ deps, auth, params, body, t }) => {
    // A child deletes itself only; a sibling is the parent's to delete.
    if (auth.profile && auth.profile.id !== params.id) throw new ApiError(403, M.parentRequired);
    // And itself only with the parent's word: the password typed here, or a request the parent approves (403).
    if (auth.profile) await guardProfileDelete(deps, { user: auth.user, profileId: auth.profile.id }, body.parent_password);
    await deleteProfile(deps, auth.user.id, params.id);
    return { message: t(M.profileDeleted) };
  },
  profileLogin: async ({ deps, auth, body, t }) => {
    const { pair, username } = await childLogin(deps, auth, body.username);
    return { ...pair, message: t(M.childLoggedIn, { username }) };
  },
} satisfies Partial<Handlers>;
