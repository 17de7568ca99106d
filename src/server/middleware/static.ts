/**
 * /media/* from DATA_DIR/media (only regular files inside it) and, in production, the built PWA
 * from dist/ with index.html for client-side routes. Neither ever answers an /api path.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const MEDIA_TYPES = new Set(['.webp', '.jpg', '.jpeg', '.png', '.avif']);

/** Resolves a URL path below root, or null for traversal attempts and odd bytes. */
function inside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((s) => s === '..')) return null;
  const base = resolve(root);
  const full = resolve(join(base, decoded));
  return full.startsWith(base + sep) ? full : null;
}

async function fileResponse(c: Context, path: string | null, cacheControl: string): Promise<Response | null> {
  if (!path) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const headers = {
    'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': cacheControl,
    'Last-Modified': info.mtime.toUTCString(),
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, headers);
}

/** Media names are random and never rewritten, so they can be cached for good. */
export async function serveMedia(c: Context, mediaRoot: string): Promise<Response | null> {
  const rel = c.req.path.replace(/^\/media\//, '');
  if (!MEDIA_TYPES.has(extname(rel).toLowerCase())) return null;
  return fileResponse(c, inside(mediaRoot, rel), 'public, max-age=31536000, immutable');
}

/** A dist file, or index.html for an in-app navigation; a short note when nothing is built. */
export async function servePwa(c: Context, distDir: string): Promise<Response | null> {
  const rel = c.req.path.replace(/^\/+/, '');
  if (rel) {
    // Vite fingerprints everything under assets/; the rest (sw.js, manifest) must be revalidated.
    const cache = rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const file = await fileResponse(c, inside(distDir, rel), cache);
    if (file) return file;
    if (extname(rel)) return null;
  }
  const index = await fileResponse(c, join(resolve(distDir), 'index.html'), 'no-cache');
  return index ?? c.text('Little Museum API is running. Build the PWA with `npm run build` to serve it here.', 200);
}
