/** The parent account: info, changes, deletion, and the start-up session check (user/me). */
import { Hono } from 'hono';

import { accountInfoPatchBody } from '../../contract/accounts';
import { M } from '../../contract/messages';
import type { AppDeps } from '../deps';
import { accountInfo, deleteAccount, patchAccount } from '../domain/account';
import type { AppEnv } from '../env';
import { authRequired, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

export function accountRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/account-info', async (c) => c.json(await accountInfo(deps, requireAuth(c).user.id)))
    .patch('/account-info', authRequired, validate('json', accountInfoPatchBody), async (c) => {
      return c.json(await patchAccount(deps, requireAuth(c).user, c.req.valid('json')));
    })
    .delete('/account/delete', async (c) => {
      await deleteAccount(deps, requireAuth(c).user.id);
      return c.json({ message: c.get('t')(M.accountDeleted) });
    })
    .get('/user/me', (c) => {
      const auth = requireAuth(c);
      return c.json({ email: auth.user.email, username: auth.profile?.username ?? null });
    });
}
