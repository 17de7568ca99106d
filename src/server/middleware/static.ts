/**
 * /media/* from the storage adapter (below), and, in production, the built PWA from dist/ with index.html for
 * client-side routes, with @hono/node-server's serveStatic: the MIME type, the Brotli or gzip copy the build wrote beside a text file
 * (scripts/vite-precompress.ts) when the client accepts it, HEAD and ranges. Neither ever answers an /api path (app.ts).
 * Only index.html for a route is made per request: the preloads of its path and language (./preload.ts) and its
 * Content-Security-Policy (./csp.ts), with the hashes of its own inline scripts. app.ts runs hono's compress()
 * around servePwa: it gzips that page, and adds Vary to a text file sent as it is.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';

import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

import { M } from '@contract/messages';
import {
  isStorageKey,
  MEDIA_CACHE_CONTROL,
  type ByteRange,
  type StorageAdapter,
  type StoredInfo,
  type StoredObject,
} from '../adapters/storage';
import type { AppEnv } from '../env';
import { errorFields, log } from '../log';

import type { PwaPolicies } from './csp';
import { indexWithPreloads } from './preload';

type Serve = (c: Context<AppEnv>) => Promise<Response | null>;

/** The build's fingerprinted files only; media are kept an hour (adapters/storage.ts MEDIA_CACHE_CONTROL). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MEDIA_TYPES = new Set(['.webp', '.jpg', '.jpeg', '.png', '.avif']);
/** A script may start a worker, which runs under its script's policy. */
const SCRIPTS = new Set(['.js', '.mjs']);

/**
 * serveStatic's answer for this request, or null. It refuses paths with `..` segments, backslashes or escapes.
 * Made at the first request: serveStatic warns at once about a missing root, as dist/ is before a build.
 */
function files(options: Parameters<typeof serveStatic>[0]): (c: Context) => Promise<Response | null> {
  let serve: MiddlewareHandler | undefined;
  return async (c) => {
    serve ??= serveStatic(options);
    return (await serve(c, async () => {})) ?? null;
  };
}

/**
 * /media/<key> from the storage adapter (the disk or an S3 bucket): images by their extension and keys of the
 * server's own shape only, so no path outside the media (no `..`, no directory, no listing) is ever asked for.
 * Media names are random and never rewritten, but a work made private or deleted loses them at once (decisions.md
 * "Made private means private"), so an answer may be kept for an hour only (MEDIA_CACHE_CONTROL), then revalidated
 * (ETag, Last-Modified, 304), with HEAD and single byte ranges. A missing key is a 404. With S3_PUBLIC_URL set, the
 * answer is a 302 to the object's public address instead: temporary, because the operator may move the media
 * (another CDN); the redirect may be cached for the same hour, and the object there carries the same Cache-Control
 * (set at PUT), so a copy anywhere outlives the address by an hour at most. The service worker's image cache keeps either answer (src/sw/sw.ts).
 */
export function serveMedia(storage: StorageAdapter): Serve {
  return async (c) => {
    const key = c.req.path.slice('/media/'.length);
    if (!MEDIA_TYPES.has(extname(key).toLowerCase()) || !isStorageKey(key)) return null;
    const redirect = storage.publicUrl(key);
    if (redirect) return c.body(null, 302, { Location: redirect, 'Cache-Control': MEDIA_CACHE_CONTROL });
    try {
      const head = c.req.method === 'HEAD';
      const validator = c.req.header('If-None-Match');
      // A conditional request or HEAD needs the metadata only; If-Range is rare enough to be answered whole.
      const range = head || c.req.header('If-Range') ? undefined : parseRange(c.req.header('Range'));
      const info: StoredInfo | StoredObject | null = head || validator ? await storage.head(key) : await storage.get(key, range);
      if (!info) return null;
      const etag = info.etag;
      const headers: Record<string, string> = {
        'Content-Type': info.contentType,
        'Cache-Control': MEDIA_CACHE_CONTROL,
        ETag: etag,
        'Last-Modified': info.lastModified.toUTCString(),
        'Accept-Ranges': 'bytes',
      };
      if (validator && validator.split(',').some((v) => v.trim().replace(/^W\//, '') === etag)) {
        if (hasBody(info)) info.body.destroy();
        return c.body(null, 304, headers);
      }
      if (head) return c.body(null, 200, { ...headers, 'Content-Length': String(info.size) });
      // If-None-Match named another version: the object after all.
      const found = hasBody(info) ? info : await storage.get(key, range);
      if (!found) return null;
      const { body, range: sent } = found;
      const stream = Readable.toWeb(body) as ReadableStream<Uint8Array>;
      if (sent) {
        headers['Content-Range'] = `bytes ${sent.start}-${sent.end}/${found.size}`;
        headers['Content-Length'] = String(sent.end - sent.start + 1);
        return c.body(stream, 206, headers);
      }
      headers['Content-Length'] = String(found.size);
      return c.body(stream, 200, headers);
    } catch (err) {
      // The storage could not be reached: the image may be there, so not a 404; nor is it the visitor's doing.
      log('error', 'media could not be read', { path: c.req.path, ...errorFields(err) });
      return c.json({ detail: c.get('t')(M.serviceUnavailable) }, 503, { 'Retry-After': '5' });
    }
  };
}

const hasBody = (o: StoredInfo | StoredObject): o is StoredObject => 'body' in o;

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else (several ranges, nonsense) is answered whole. */
function parseRange(header: string | undefined): ByteRange | undefined {
  const m = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return Number(m[2]) > 0 ? { start: -Number(m[2]) } : undefined;
  const start = Number(m[1]);
  const end = m[2] === '' ? undefined : Number(m[2]);
  return end !== undefined && end < start ? undefined : { start, end };
}

/**
 * A path with an extension is a file of the build (or a 404); any other path (the app's routes, and the build's
 * directories) gets index.html with its preloads, or a short note when nothing is built.
 */
export function servePwa(distDir: string, policies: PwaPolicies): Serve {
  const root = resolve(distDir);
  const dist = files({ root, precompressed: true });
  return async (c) => {
    const ext = extname(c.req.path).toLowerCase();
    if (ext) {
      const res = await dist(c);
      if (!res) return null;
      // Vite fingerprints everything under assets/; the rest (sw.js, manifest, index.html) must be revalidated.
      res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      // index.html as a file is what the service worker precaches and answers navigations with. serveStatic has
      // checked the path, so it names the file it sent (or the file its .br or .gz copy was made from).
      if (ext === '.html') res.headers.set('Content-Security-Policy', policies.document(await readFile(join(root, c.req.path), 'utf8')));
      else if (SCRIPTS.has(ext)) res.headers.set('Content-Security-Policy', policies.script);
      return res;
    }
    const page = await indexWithPreloads(root, c.req.path, c.req.header('Cookie'), c.req.header('Accept-Language')).catch(() => null);
    if (!page) return c.text('Little Museum API is running. Build the PWA with `npm run build` to serve it here.', 200);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      // Lets compress() leave a page under its threshold as it is.
      'Content-Length': String(Buffer.byteLength(page.html)),
      'Cache-Control': 'no-cache',
      // The links depend on the language, which comes from the cookie or the browser's languages.
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
      'Content-Security-Policy': policies.document(page.html),
    };
    if (page.link) headers.Link = page.link;
    return c.body(page.html, 200, headers);
  };
}
