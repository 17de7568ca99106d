/**
 * Double-submit CSRF (notes: "Conventions"). Every response to a request without the cookie sets a
 * readable `csrftoken`; a write that carries the cookie must echo it in X-CSRFToken. Requests
 * without the cookie are API clients authenticated by bearer tokens, which a browser never
 * attaches on its own, so they need no check.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';

import { M } from '@contract/messages';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/headers';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function csrf(options: { secure: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookie = getCookie(c, CSRF_COOKIE);
    if (!cookie) {
      setCookie(c, CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'Lax',
        httpOnly: false,
        secure: options.secure,
        maxAge: 365 * 24 * 60 * 60,
      });
    }
    if (cookie && !SAFE.has(c.req.method)) {
      const header = c.req.header(CSRF_HEADER) ?? '';
      if (!same(header, cookie)) throw new ApiError(403, M.csrfFailed);
    }
    await next();
  });
}
