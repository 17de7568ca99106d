/**
 * Double-submit CSRF (notes: "Conventions"). Every response to a request without the cookie sets a
 * readable `csrftoken` (but the public wall's shared answers: routes/wall-cache.ts); a write that carries the cookie must echo it in X-CSRFToken. Requests
 * without the cookie are API clients authenticated by bearer tokens, which a browser never
 * attaches on its own, so they need no check.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { createMiddleware } from 'hono/factory';

import { M } from '@contract/messages';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/headers';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { setEarlyHeader } from './early-headers';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * New tokens are cut from a block of random bytes drawn 512 tokens at a time: every anonymous answer sets one, and
 * one call to the CSPRNG per answer showed in the API's profile (issue 14). Each token's bytes are used once.
 */
const TOKEN_BYTES = 24;
let block = Buffer.alloc(0);
let used = 0;
function newToken(): string {
  if (used + TOKEN_BYTES > block.length) {
    block = randomBytes(TOKEN_BYTES * 512);
    used = 0;
  }
  const token = block.toString('base64url', used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return token;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The Set-Cookie of a new token: its attributes as hono's serialize() writes them, worked out once (a token is
 * base64url, which serialize() would leave as it is).
 */
function csrfCookie(secure: boolean): () => string {
  const attributes = serialize(CSRF_COOKIE, '', { path: '/', sameSite: 'Lax', httpOnly: false, secure, maxAge: 365 * 24 * 60 * 60 });
  const tail = attributes.slice(`${CSRF_COOKIE}=`.length);
  return () => `${CSRF_COOKIE}=${newToken()}${tail}`;
}

export function csrf(options: { secure: boolean }) {
  const newCsrfCookie = csrfCookie(options.secure);
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookie = getCookie(c, CSRF_COOKIE);
    // The only cookie the server sets (the public wall's shared answers take it off again: wall-cache.ts).
    if (!cookie) setEarlyHeader(c, 'Set-Cookie', newCsrfCookie());
    if (cookie && !SAFE.has(c.req.method)) {
      const header = c.req.header(CSRF_HEADER) ?? '';
      if (!same(header, cookie)) throw new ApiError(403, M.csrfFailed);
    }
    await next();
  });
}
