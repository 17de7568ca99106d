/** Sign-up, verification, login, password reset, token refresh and logout (notes: "Calls"). */
import { M } from '@contract/messages';
import { confirmPasswordReset, login, requestPasswordReset, signup, verifyEmail } from '../domain/accounts';
import { logout, rotateRefresh } from '../domain/sessions';
import { clientIp } from '../middleware/client-ip';
import { Reply, type Handlers } from './register';

export const authHandlers = {
  signup: async ({ deps, body, lang, t }) => {
    await signup(deps, body, lang);
    return new Reply(201, { email: body.email, success: true, message: t(M.signupSent) });
  },
  verifyEmail: async ({ deps, params, t }) => {
    const email = await verifyEmail(deps, params.uid, params.token);
    return { detail: t(M.verifyDone), email };
  },
  login: async ({ c, deps, body, t }) => ({
    ...(await login(deps, body, clientIp(c, deps.config.trustProxy))),
    message: t(M.loginSuccess),
  }),
  passwordReset: async ({ deps, body, lang, t }) => {
    await requestPasswordReset(deps, body.email, lang);
    return { message: t(M.resetSent) };
  },
  passwordResetConfirm: async ({ c, deps, params, body, t }) => {
    await confirmPasswordReset(deps, params.uid, params.token, body.new_password, clientIp(c, deps.config.trustProxy));
    return { detail: t(M.resetDone) };
  },
  tokenRefresh: async ({ deps, body }) => rotateRefresh(deps, body.refresh),
  logout: async ({ deps, auth, body, t }) => {
    await logout(deps, auth, body.refresh);
    return { message: t(M.loggedOut) };
  },
} satisfies Partial<Handlers>;
