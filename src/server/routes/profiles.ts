/** Child profiles: registration, lists, the active profile, deletion and the child login. */
import { Hono } from 'hono';

import { profileLoginBody, profilePatchBody, registerProfileFields } from '../../contract/accounts';
import { M } from '../../contract/messages';
import { ImageRejected } from '../adapters/images';
import type { AppDeps } from '../deps';
import { childLogin, deleteProfile, familyProfiles, patchProfile, profileView, registerProfile } from '../domain/profiles';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';
import { authRequired, childRequired, requireAuth, requireChild } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { idParam } from './params';

/** The first uploaded file of the field, or null when none was chosen. */
async function uploadedFile(form: FormData, field: string): Promise<Uint8Array | null> {
  const value = form.get(field);
  if (value === null || value === '') return null;
  if (typeof value === 'string') throw ValidationError.of(field, M.imageType.id);
  if (value.size === 0) return null;
  return new Uint8Array(await value.arrayBuffer());
}

export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .post('/register-profile', authRequired, validate('form', registerProfileFields), async (c) => {
      const auth = requireAuth(c);
      const picture = await uploadedFile(await c.req.formData(), 'profile_picture');
      try {
        return c.json(await registerProfile(deps, auth.user.id, c.req.valid('form'), picture), 201);
      } catch (err) {
        if (err instanceof ImageRejected) throw ValidationError.of('profile_picture', err.messageId);
        throw err;
      }
    })
    .get('/children', async (c) => {
      const auth = requireAuth(c);
      return c.json(await familyProfiles(deps, auth.user.id, auth.profile?.id ?? null));
    })
    .get('/profiles', async (c) => {
      const auth = requireAuth(c);
      return c.json(await familyProfiles(deps, auth.user.id, auth.profile?.id ?? null));
    })
    .get('/profile', async (c) => {
      const auth = requireChild(c);
      return c.json(await profileView(deps, auth.user.id, auth.profile.id, auth.profile.id));
    })
    .patch('/profile', childRequired, validate('json', profilePatchBody), async (c) => {
      const auth = requireChild(c);
      return c.json(await patchProfile(deps, auth.user.id, auth.profile.id, c.req.valid('json')));
    })
    .delete('/profiles/:id/delete', async (c) => {
      const auth = requireAuth(c);
      await deleteProfile(deps, auth.user.id, idParam(c, 'id'));
      return c.json({ message: c.get('t')(M.profileDeleted) });
    })
    .post('/profile/login', authRequired, validate('json', profileLoginBody), async (c) => {
      const auth = requireAuth(c);
      const { pair, username } = await childLogin(deps, auth.user, c.req.valid('json').username);
      return c.json({ ...pair, message: c.get('t')(M.childLoggedIn, { username }) });
    });
}
