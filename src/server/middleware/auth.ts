/**
 * Bearer authentication. The middleware only resolves the token; each route states who may call it
 * with one guard placed first in its declaration: authRequired (any token of the family),
 * parentRequired (the parent account's token: account-level calls) or childRequired (a child token,
 * acting for its own profile only). The handlers then read the caller with requireAuth, requireParent
 * or requireChild.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import { M } from '../../contract/messages';
import type { AppDeps } from '../deps';
import { authenticate, type Auth } from '../domain/sessions';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

export function bearerAuth(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const auth = match?.[1] ? await authenticate(deps, match[1]) : null;
    c.set('auth', auth);
    c.set('authRejected', Boolean(match) && !auth);
    await next();
  });
}

export function requireAuth(c: Context<AppEnv>): Auth {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, c.get('authRejected') ? M.sessionExpired : M.loginRequired);
  return auth;
}

/** Route guard placed before body validators, so an anonymous upload is refused before it is parsed. */
export const authRequired = createMiddleware<AppEnv>(async (c, next) => {
  requireAuth(c);
  await next();
});

/** Account-level calls (decisions.md, "Child tokens"): a child token is refused with 403. */
export function requireParent(c: Context<AppEnv>): Auth {
  const auth = requireAuth(c);
  if (auth.profile) throw new ApiError(403, M.parentRequired);
  return auth;
}

export const parentRequired = createMiddleware<AppEnv>(async (c, next) => {
  requireParent(c);
  await next();
});

export const childRequired = createMiddleware<AppEnv>(async (c, next) => {
  requireChild(c);
  await next();
});

export type ChildAuth = Auth & { profile: NonNullable<Auth['profile']> };

export function requireChild(c: Context<AppEnv>): ChildAuth {
  const auth = requireAuth(c);
  if (!auth.profile) throw new ApiError(403, M.childRequired);
  return auth as ChildAuth;
}
