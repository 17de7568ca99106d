/**
 * Bearer authentication. The middleware only resolves the token; who may call an operation is declared by its
 * entry in the endpoint table (`access`), and routes/register.ts checks it with the functions below before
 * anything else of the request is read.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import { M } from '@contract/messages';
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

/** `session`: any token of the family. */
export function requireAuth(c: Context<AppEnv>): Auth {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, c.get('authRejected') ? M.sessionExpired : M.loginRequired);
  return auth;
}

/** `parent`: account-level calls (decisions.md, "Child tokens"); a child token is refused with 403. */
export function requireParent(c: Context<AppEnv>): Auth {
  const auth = requireAuth(c);
  if (auth.profile) throw new ApiError(403, M.parentRequired);
  return auth;
}

export type ChildAuth = Auth & { profile: NonNullable<Auth['profile']> };

/** `child`: a child token, acting for its own profile only; the parent token is refused with 403. */
export function requireChild(c: Context<AppEnv>): ChildAuth {
  const auth = requireAuth(c);
  if (!auth.profile) throw new ApiError(403, M.childRequired);
  return auth as ChildAuth;
}
