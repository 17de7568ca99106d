/**
 * /media/* from DATA_DIR/media (only regular files inside it) and, in production, the built PWA
 * from dist/ with index.html for client-side routes. Neither ever answers an /api path.
 * Text files of the PWA (HTML, JS, CSS, JSON, SVG) go out compressed when the client accepts it:
 * Brotli or gzip, compressed once per file version and kept in memory (dist/ is small; precompressPwa fills
 * it at start, so no visitor waits for Brotli's top quality). Images are already compressed and are sent as they are.
 * Pages and scripts of the PWA carry its Content-Security-Policy (./csp.ts), a page's with the hashes of its own
 * inline scripts.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { Context } from 'hono';

import type { PwaPolicies } from './csp';
import { indexWithPreloads } from './preload';

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
/** A script may start a worker, which runs under its script's policy. */
const SCRIPTS = new Set(['.js', '.mjs']);
const MEDIA_TYPES = new Set(['.webp', '.jpg', '.jpeg', '.png', '.avif']);
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Below this the encoding costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Compressed bodies by path, encoding, size and mtime; a rebuilt file gets a new key. */
const compressed = new Map<string, Promise<Buffer>>();

/** The best encoding the request accepts (q > 0), Brotli first. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

function compressedBody(
  path: string,
  encoding: Encoding,
  size: number,
  mtimeMs: number,
  read: () => Promise<Buffer> = () => readFile(path),
): Promise<Buffer> {
  const key = `${encoding}:${size}:${mtimeMs}:${path}`;
  let body = compressed.get(key);
  if (!body) {
    body = read().then((raw) =>
      encoding === 'br'
        ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzipAsync(raw, { level: 9 }),
    );
    body.catch(() => compressed.delete(key));
    compressed.set(key, body);
  }
  return body;
}

/**
 * Compresses every text file of the built PWA in both encodings, one file at a time in the background,
 * so the first visitors after a start get the compressed files at once. Resolves with the count.
 */
export async function precompressPwa(distDir: string): Promise<number> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const info = await stat(path).catch(() => null);
    if (!info || info.size < MIN_COMPRESS_BYTES) continue;
    for (const encoding of ['br', 'gzip'] as const) await compressedBody(path, encoding, info.size, info.mtimeMs).catch(() => undefined);
    count += 1;
  }
  return count;
}

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

/** A body already in memory, with its length; a HEAD request gets the headers only. */
function bufferReply(c: Context, headers: Record<string, string>, body: Buffer): Response {
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(body), 200, headers);
}

async function fileResponse(
  c: Context,
  path: string | null,
  cacheControl: string,
  compress = false,
  policies?: PwaPolicies,
): Promise<Response | null> {
  if (!path) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const ext = extname(path).toLowerCase();
  const headers: Record<string, string> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': cacheControl,
    'Last-Modified': info.mtime.toUTCString(),
  };
  // index.html as a file is what the service worker precaches and answers navigations with.
  if (policies && ext === '.html') headers['Content-Security-Policy'] = policies.document(await readFile(path, 'utf8'));
  else if (policies && SCRIPTS.has(ext)) headers['Content-Security-Policy'] = policies.script;
  if (compress && COMPRESSIBLE.has(ext) && info.size >= MIN_COMPRESS_BYTES) {
    headers.Vary = 'Accept-Encoding';
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      return bufferReply(c, headers, await compressedBody(path, encoding, info.size, info.mtimeMs));
    }
  }
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, headers);
}

/** index.html with the preloads of this path and language written in (./preload.ts); compressed like a file. */
async function htmlResponse(
  c: Context,
  page: { html: string; link: string; key: string; mtimeMs: number; size: number },
  policies: PwaPolicies,
): Promise<Response> {
  const raw = Buffer.from(page.html);
  // The links depend on the language, which comes from the cookie or the browser's languages.
  const headers: Record<string, string> = {
    'Content-Type': TYPES['.html']!,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding, Accept-Language, Cookie',
    'Content-Security-Policy': policies.document(page.html),
  };
  if (page.link) headers.Link = page.link;
  const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return bufferReply(c, headers, raw);
  headers['Content-Encoding'] = encoding;
  return bufferReply(c, headers, await compressedBody(page.key, encoding, page.size, page.mtimeMs, () => Promise.resolve(raw)));
}

/** Media names are random and never rewritten, so they can be cached for good. */
export async function serveMedia(c: Context, mediaRoot: string): Promise<Response | null> {
  const rel = c.req.path.replace(/^\/media\//, '');
  if (!MEDIA_TYPES.has(extname(rel).toLowerCase())) return null;
  return fileResponse(c, inside(mediaRoot, rel), 'public, max-age=31536000, immutable');
}

/** A dist file, or index.html for an in-app navigation; a short note when nothing is built. */
export async function servePwa(c: Context, distDir: string, policies: PwaPolicies): Promise<Response | null> {
  const rel = c.req.path.replace(/^\/+/, '');
  if (rel) {
    // Vite fingerprints everything under assets/; the rest (sw.js, manifest) must be revalidated.
    const cache = rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const file = await fileResponse(c, inside(distDir, rel), cache, true, policies);
    if (file) return file;
    if (extname(rel)) return null;
  }
  const withPreloads = await indexWithPreloads(resolve(distDir), c.req.path, c.req.header('Cookie'), c.req.header('Accept-Language')).catch(
    () => null,
  );
  if (withPreloads) return htmlResponse(c, withPreloads, policies);
  const index = await fileResponse(c, join(resolve(distDir), 'index.html'), 'no-cache', true, policies);
  return index ?? c.text('Little Museum API is running. Build the PWA with `npm run build` to serve it here.', 200);
}
