/**
 * Standard HTTP caching of the public wall (issue 30): an anonymous `GET /api/artworks/` (unfiltered or filtered) is
 * `Cache-Control: public, max-age=0, must-revalidate` with an ETag made of the gallery version the page is exact for
 * (domain/work-lists.ts `ListPage`) and the request's path and query, and `If-None-Match` is answered with a 304 after
 * one version read, before the page is built. So a browser, nginx's proxy_cache or a CDN in front of any number of
 * instances keeps the page and asks each time whether it is still current (README, "Scaling out"): a work made
 * private, liked, renamed or added through any instance changes the version, and the next request gets the new page.
 *
 * A request with an Authorization header (valid or not) is the caller's own: it keeps the API's `no-store`, gets no
 * ETag and never a 304. `Vary: Authorization, Accept-Encoding` on every answer of the wall tells a shared cache so.
 */
import { createHash } from 'node:crypto';

import type { Context } from 'hono';

import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { removeEarlyHeader, setEarlyHeader } from '../middleware/early-headers';

export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
export const WALL_VARY = 'Authorization, Accept-Encoding';
/**
 * nginx (1.22, Debian's) does not keep an answer whose max-age is 0. With `proxy_ignore_headers Cache-Control`
 * (README, "Scaling out"), this expiry in the past (its own header, which it does not pass on; other caches ignore it)
 * makes it keep the page and revalidate it on every request, as the Cache-Control asks.
 */
export const NGINX_EXPIRES = '@1';

/** The request's path and query as the client wrote them (the page's links repeat them). */
function pathAndQuery(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('://') + 3));
}

/**
 * The wall's validator. Weak (`W/`), by choice: the same tag names the identity and the gzip answer (compress() gzips
 * after the handler; a strong validator must differ per content coding, RFC 9110 §8.8.3, and compress() would turn a
 * strong one into a weak one on the gzipped answer only, so that a 304, which compress() leaves alone, would carry
 * another tag than the 200 it confirms). If-None-Match compares weakly anyway (§13.1.2), and these answers serve
 * neither ranges nor If-Match, the only uses of a strong one. The query and the app's version are in it, so a cache
 * keyed on the path alone, or a release that changes the answer's shape, still gets a mismatch and a fresh page.
 */
export function wallTag(deps: AppDeps, c: Context<AppEnv>, version: string): string {
  return `W/"${version}.${whereTag(`${deps.config.appVersion} ${pathAndQuery(c.req.url)}`)}"`;
}

/** The tag's part for a path and query, kept: a sha1 per request showed in the profile (issue 30). */
const whereTags = new Map<string, string>();
function whereTag(key: string): string {
  let where = whereTags.get(key);
  if (where === undefined) {
    if (whereTags.size >= 4096) whereTags.clear();
    where = createHash('sha1').update(key).digest('base64url').slice(0, 16);
    whereTags.set(key, where);
  }
  return where;
}

/** RFC 9110 §13.1.2: `*`, or one of a list of entity tags equal to `tag` by weak comparison (W/ ignored). */
export function noneMatchHits(ifNoneMatch: string, tag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.match(/"[^"]*"/g)?.includes(opaque) ?? false;
}

/**
 * The headers of a shared answer of the public wall, set before the answer exists (c.header() after it would rebuild
 * it). No CSRF cookie: a shared cache would give one family's token to the next (or, as nginx does, refuse to keep an
 * answer with a Set-Cookie); the PWA's pages set it.
 */
export function sharedAnswer(c: Context<AppEnv>, tag: string | undefined): void {
  setEarlyHeader(c, 'Cache-Control', PUBLIC_REVALIDATE);
  setEarlyHeader(c, 'X-Accel-Expires', NGINX_EXPIRES);
  removeEarlyHeader(c, 'Set-Cookie');
  if (tag !== undefined) setEarlyHeader(c, 'ETag', tag);
}

/** 304, no body (compress() leaves a body-less answer without a Content-Type alone), the 200's ETag and headers. */
export function notModified(c: Context<AppEnv>, tag: string): Response {
  sharedAnswer(c, tag);
  return c.body(null, 304);
}

/**
 * The anonymous page's JSON, by its ETag (version, path and query, app version: all it is made of), so that a page
 * asked for again while nothing changed is not encoded again: JSON.stringify was 13 % of an anonymous page's time
 * (issue 30's profile). The answer still goes through every middleware (request id, log line, headers, gzip); only
 * the encoding of the same object is not repeated. At most KEPT_PAGES, the oldest dropped first.
 */
const KEPT_PAGES = 400;
const encodedPages = new WeakMap<AppDeps, Map<string, string>>();

export function encodedPage(deps: AppDeps, tag: string): string | undefined {
  return encodedPages.get(deps)?.get(tag);
}

export function keepEncodedPage(deps: AppDeps, tag: string, json: string): void {
  let pages = encodedPages.get(deps);
  if (!pages) encodedPages.set(deps, (pages = new Map()));
  pages.set(tag, json);
  if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value!);
}

/** A kept page's answer: hono's c.json() with the JSON already made. */
export function encodedAnswer(c: Context<AppEnv>, tag: string, json: string): Response {
  sharedAnswer(c, tag);
  return c.body(json, 200, { 'Content-Type': 'application/json' });
}
