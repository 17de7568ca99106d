/** Sign-up, verification, login, password reset, token refresh and logout (notes: "Calls"). */
import { Hono } from 'hono';

import { loginBody, logoutBody, passwordResetBody, passwordResetConfirmBody, refreshBody, signupBody } from '../../contract/accounts';
import { M } from '../../contract/messages';
import type { AppDeps } from '../deps';
import { confirmPasswordReset, login, requestPasswordReset, signup, verifyEmail } from '../domain/accounts';
import { logout, rotateRefresh } from '../domain/sessions';
import type { AppEnv } from '../env';
import { authRequired, requireAuth } from '../middleware/auth';
import { clientIp } from '../middleware/client-ip';
import { validate } from '../middleware/validate';

export function authRoutes(deps: AppDeps) {
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, deps.config.trustProxy);

  return new Hono<AppEnv>({ strict: false })
    .post('/signup', validate('json', signupBody), async (c) => {
      const body = c.req.valid('json');
      await signup(deps, body, c.get('lang'), ip(c));
      return c.json({ email: body.email, success: true, message: c.get('t')(M.signupSent) }, 201);
    })
    .get('/verify-email/:uid/:token', async (c) => {
      await verifyEmail(deps, c.req.param('uid'), c.req.param('token'));
      return c.json({ detail: c.get('t')(M.verifyDone) });
    })
    .post('/login', validate('json', loginBody), async (c) => {
      const pair = await login(deps, c.req.valid('json'), ip(c));
      return c.json({ ...pair, message: c.get('t')(M.loginSuccess) });
    })
    .post('/password-reset', validate('json', passwordResetBody), async (c) => {
      await requestPasswordReset(deps, c.req.valid('json').email, c.get('lang'), ip(c));
      return c.json({ message: c.get('t')(M.resetSent) });
    })
    .post('/password-reset-confirm/:uid/:token', validate('json', passwordResetConfirmBody), async (c) => {
      await confirmPasswordReset(deps, c.req.param('uid'), c.req.param('token'), c.req.valid('json').new_password);
      return c.json({ detail: c.get('t')(M.resetDone) });
    })
    .post('/token/refresh', validate('json', refreshBody), async (c) => {
      return c.json(await rotateRefresh(deps, c.req.valid('json').refresh));
    })
    .post('/logout', authRequired, validate('json', logoutBody), async (c) => {
      await logout(deps, requireAuth(c), c.req.valid('json').refresh);
      return c.json({ message: c.get('t')(M.loggedOut) });
    });
}
