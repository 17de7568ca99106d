/**
 * /media/* from DATA_DIR/media and, in production, the built PWA from dist/ with index.html for client-side routes,
 * both with @hono/node-server's serveStatic: the MIME type, the Brotli or gzip copy the build wrote beside a text file
 * (scripts/vite-precompress.ts) when the client accepts it, HEAD and ranges. Neither ever answers an /api path (app.ts).
 * Only index.html for a route is made per request: the preloads of its path and language (./preload.ts) and its
 * Content-Security-Policy (./csp.ts), with the hashes of its own inline scripts. app.ts runs hono's compress()
 * around servePwa: it gzips that page, and adds Vary to a text file sent as it is.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

import type { PwaPolicies } from './csp';
import { indexWithPreloads } from './preload';

type Serve = (c: Context) => Promise<Response | null>;

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
 * Images by their extension only, so a directory is never asked for (no listing, no index file). Media names are
 * random and never rewritten, so they can be cached for good.
 */
export function serveMedia(mediaRoot: string): Serve {
  const media = files({ root: resolve(mediaRoot), rewriteRequestPath: (path) => path.replace(/^\/media/, '') });
  return async (c) => {
    if (!MEDIA_TYPES.has(extname(c.req.path).toLowerCase())) return null;
    const res = await media(c);
    res?.headers.set('Cache-Control', IMMUTABLE);
    return res;
  };
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
