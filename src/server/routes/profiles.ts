/**
 * Child profiles: registration, lists, the active profile, deletion and the child login. Adding,
 * choosing and deleting profiles are the parent's (a child token may only delete its own profile, as
 * /user-info does); the profile's own calls take its child token.
 */
import { Hono, type Context } from 'hono';

import { profileLoginBody, profilePatchBody, registerProfileFields } from '../../contract/accounts';
import { M } from '../../contract/messages';
import { ImageRejected } from '../adapters/images';
import type { AppDeps } from '../deps';
import { childLogin, deleteProfile, familyProfiles, patchProfile, profileView, registerProfile, type NewProfile } from '../domain/profiles';
import type { AppEnv } from '../env';
import { ApiError, ValidationError } from '../errors';
import { authRequired, childRequired, parentRequired, requireAuth, requireChild, requireParent } from '../middleware/auth';
import { PICTURE_UPLOAD, readUpload, uploadSlot } from '../middleware/multipart';
import { parseOrThrow, validate } from '../middleware/validate';
import { idParam } from './params';

/**
 * The text fields, checked by the contract, and the first picture (null when none was chosen),
 * through the streaming reader that stops at its limits (issue 9, finding 6). A repeated field,
 * or a file sent as a text field, is not a text and fails the contract's check.
 */
async function readProfileForm(c: Context<AppEnv>): Promise<{ fields: NewProfile; picture: Uint8Array | null }> {
  const form = await readUpload(c, PICTURE_UPLOAD);
  const values = new Map<string, unknown>();
  for (const [name, value] of form.entries) values.set(name, values.has(name) ? [values.get(name), value].flat() : value);
  for (const name of form.filesElsewhere) values.set(name, null);
  const fields = parseOrThrow(registerProfileFields, Object.fromEntries(values));
  if (form.textAsFile) throw ValidationError.of('profile_picture', M.imageType.id);
  return { fields, picture: form.files[0]?.bytes ?? null };
}

export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .post('/register-profile', parentRequired, uploadSlot(deps), async (c) => {
      const auth = requireParent(c);
      const { fields, picture } = await readProfileForm(c);
      try {
        return c.json(await registerProfile(deps, auth.user.id, fields, picture), 201);
      } catch (err) {
        if (err instanceof ImageRejected) throw ValidationError.of('profile_picture', err.messageId);
        throw err;
      }
    })
    .get('/children', authRequired, async (c) => {
      const auth = requireAuth(c);
      return c.json(await familyProfiles(deps, auth.user.id, auth.profile?.id ?? null));
    })
    .get('/profiles', authRequired, async (c) => {
      const auth = requireAuth(c);
      return c.json(await familyProfiles(deps, auth.user.id, auth.profile?.id ?? null));
    })
    .get('/profile', childRequired, async (c) => {
      const auth = requireChild(c);
      return c.json(await profileView(deps, auth.user.id, auth.profile.id, auth.profile.id));
    })
    .patch('/profile', childRequired, validate('json', profilePatchBody), async (c) => {
      const auth = requireChild(c);
      return c.json(await patchProfile(deps, auth.user.id, auth.profile.id, c.req.valid('json')));
    })
    .delete('/profiles/:id/delete', authRequired, async (c) => {
      const auth = requireAuth(c);
      const id = idParam(c, 'id');
      // A child deletes itself only; a sibling is the parent's to delete.
      if (auth.profile && auth.profile.id !== id) throw new ApiError(403, M.parentRequired);
      await deleteProfile(deps, auth.user.id, id);
      return c.json({ message: c.get('t')(M.profileDeleted) });
    })
    .post('/profile/login', parentRequired, validate('json', profileLoginBody), async (c) => {
      const auth = requireParent(c);
      const { pair, username } = await childLogin(deps, auth, c.req.valid('json').username);
      return c.json({ ...pair, message: c.get('t')(M.childLoggedIn, { username }) });
    });
}
