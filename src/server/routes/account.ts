/**
 * The parent account: info, changes, deletion, the e-mail change link, and the start-up session check
 * (user/me). Account-level calls take the parent token only (decisions.md, "Child tokens").
 */
import { Hono } from 'hono';

import { accountInfoPatchBody } from '../../contract/accounts';
import { M } from '../../contract/messages';
import type { AppDeps } from '../deps';
import { accountInfo, confirmEmailChange, deleteAccount, patchAccount } from '../domain/account';
import type { AppEnv } from '../env';
import { authRequired, parentRequired, requireAuth, requireParent } from '../middleware/auth';
import { validate } from '../middleware/validate';

export function accountRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/account-info', parentRequired, async (c) => c.json(await accountInfo(deps, requireParent(c).user.id)))
    .patch('/account-info', parentRequired, validate('json', accountInfoPatchBody), async (c) => {
      return c.json(await patchAccount(deps, requireParent(c).user, c.req.valid('json'), c.get('lang')));
    })
    .delete('/account/delete', parentRequired, async (c) => {
      await deleteAccount(deps, requireParent(c).user.id);
      return c.json({ message: c.get('t')(M.accountDeleted) });
    })
    // Anyone holding the link: it was sent to the new address, which is what it proves.
    .post('/confirm-email/:uid/:token', async (c) => {
      await confirmEmailChange(deps, c.req.param('uid'), c.req.param('token'), c.get('lang'));
      return c.json({ detail: c.get('t')(M.emailChanged) });
    })
    .get('/user/me', authRequired, (c) => {
      const auth = requireAuth(c);
      return c.json({ email: auth.user.email, username: auth.profile?.username ?? null });
    });
}
