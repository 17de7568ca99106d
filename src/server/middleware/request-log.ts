/**
 * A request id for every request and one log line per request (src/server/log.ts):
 *
 *   {"time":"…","level":"info","instance":"web-1:4242","msg":"request","requestId":"…","method":"GET",
 *    "path":"/api/artworks/","status":200,"ms":3.1,"bytes":6712}
 *
 * The id is the caller's X-Request-Id when it is short and plain (a load balancer's or the client's), otherwise a new
 * UUID; it goes back as X-Request-Id and into the error handler's line (middleware/errors.ts). The path is logged
 * without its query string, and the route parameters that can be secrets (the e-mail links' uid and token, a class
 * code, a checkout session) as their names: `/api/verify-email/:uid/:token/`. `ms` is the time until the answer's
 * headers (a streamed body may still be on its way); `bytes` is the body's length when it is known beforehand.
 */
import { randomUUID } from 'node:crypto';

import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';

import { arrivedAt } from '../domain/versions';
import { logRequest } from '../log';
import { setEarlyHeader } from './early-headers';

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

/** A caller's id longer than this (or with other characters than [A-Za-z0-9_=-]) is replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;
/** As node:http names it (lower case). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's id when it is short and plain, or else a new one. */
function requestIdFor(given: string | undefined): string {
  return given && given.length <= MAX_REQUEST_ID_LENGTH && !/[^\w\-=]/.test(given) ? given : randomUUID();
}

/** hono/request-id's middleware, with the rule above. */
const withId: MiddlewareHandler = async (c, next) => {
  const id = requestIdFor(c.req.header(REQUEST_ID_HEADER));
  c.set('requestId', id);
  setEarlyHeader(c, 'X-Request-Id', id);
  await next();
};

/** Numeric ids (`:id{[0-9]+}`, `:orgId{[0-9]+}`: routes/register.ts) are logged; every other parameter is hidden. */
const SHOWN_PARAM = /^:(id|\w+Id)(\{|$)/;

/** The path as it came (c.req.path loses a trailing slash: the app is not strict), without the query string. */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

/** The request's path for a log line: no query string, and no parameter of its route that may be a secret. */
export function loggedPath(c: Context): string {
  const path = rawPath(c.req.url);
  let routes;
  try {
    routes = matchedRoutes(c);
  } catch {
    // Not routed (an error before the router ran): the path alone has no secret parameter of ours to hide.
    return path;
  }
  const route = routes.find((r) => r.method !== 'ALL' && r.path.includes('/:'));
  if (!route) return path;
  const pattern = route.path.split('/');
  const parts = path.split('/');
  for (let i = 0; i < pattern.length && i < parts.length; i++) {
    const segment = pattern[i]!;
    if (segment.startsWith(':') && !SHOWN_PARAM.test(segment)) parts[i] = /^:\w+/.exec(segment)![0];
  }
  return parts.join('/');
}

/**
 * The Content-Length the answer was given (a file's), read only where one can be: a JSON answer has none until
 * @hono/node-server writes it, and asking its headers would make the Headers object it otherwise never needs.
 */
function knownLength(c: Context): number | undefined {
  if (c.req.path.startsWith('/api/')) return undefined;
  const length = Number(c.res.headers.get('content-length') ?? NaN);
  return Number.isFinite(length) ? length : undefined;
}

export function requestLog(options: { enabled: boolean }): MiddlewareHandler {
  if (!options.enabled) return withId;
  // withId's work and the line in one function: one middleware's promise per request, not two.
  return async (c, next) => {
    // A request that waited for its versions before the app took it (versions.ts readOnArrival) is timed from then.
    const start = arrivedAt(c.env) ?? performance.now();
    const id = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    setEarlyHeader(c, 'X-Request-Id', id);
    await next();
    const length = knownLength(c);
    const ms = Math.round((performance.now() - start) * 10) / 10;
    logRequest(id, c.req.method, loggedPath(c), c.res.status, ms, length);
  };
}
