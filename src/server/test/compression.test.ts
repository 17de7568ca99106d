/**
 * Compression and the PWA's files: the build's Brotli and gzip copies (written here by the build's own function,
 * scripts/vite-precompress.ts) sent as they are on disk with a correct Content-Length, index.html for a route gzipped
 * per request, API JSON gzipped, images and tiny files as they are; no path reaches outside dist/ or into /api.
 */
import { request as httpRequest } from 'node:http';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompressDir, type Precompressed } from '../../../scripts/vite-precompress';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose path and body go as they are (fetch would normalise the one and decode the other). */
function raw(path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}/`, { method, headers, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;
const html = `<!doctype html><title>Little Museum</title>${'<p>hello</p>'.repeat(200)}`;
const manifest = JSON.stringify({ name: 'Little Museum', description: 'x'.repeat(1200) });
let dist: string;
let made: Precompressed;

describe('compression', () => {
  beforeAll(async () => {
    dist = s.deps.config.distDir;
    await mkdir(join(dist, 'assets'), { recursive: true });
    await mkdir(join(dist, 'api'), { recursive: true });
    await writeFile(join(dist, 'index.html'), html);
    await writeFile(join(dist, 'manifest.webmanifest'), manifest);
    await writeFile(join(dist, 'assets', 'big-abc.js'), script);
    await writeFile(join(dist, 'assets', 'small-abc.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'picture-abc.webp'), Buffer.alloc(4096, 7));
    await writeFile(join(dist, 'api', 'leak.js'), script);
    // Beside dist/, where no request may reach.
    await writeFile(join(s.dataDir, 'secret.js'), 'top secret');
    made = await precompressDir(dist);
  });

  it('precompresses the text files of the build, but neither tiny files nor images', async () => {
    // index.html, the manifest, big-abc.js and api/leak.js.
    expect(made.files).toBe(4);
    expect(made.br).toBeLessThan(made.raw / 3);
    for (const file of ['index.html', 'manifest.webmanifest', 'assets/big-abc.js']) {
      expect(await exists(join(dist, `${file}.br`)), file).toBe(true);
      expect(await exists(join(dist, `${file}.gz`)), file).toBe(true);
    }
    for (const file of ['assets/small-abc.js', 'assets/picture-abc.webp']) {
      expect(await exists(join(dist, `${file}.br`)), file).toBe(false);
      expect(await exists(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });

  it('sends a hashed script as its .br file when Brotli is accepted, else its .gz file, else as it is', async () => {
    const onDisk = (ext: string) => readFile(join(dist, 'assets', `big-abc.js${ext}`));
    const br = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self' 'wasm-unsafe-eval';/);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body).toEqual(await onDisk('.br'));
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    for (const accept of ['gzip', 'gzip, deflate', 'gzip, br;q=0']) {
      const gz = await raw('/assets/big-abc.js', { 'Accept-Encoding': accept });
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(gz.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(gz.headers.vary).toBe('Accept-Encoding');
      expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
      expect(gz.body).toEqual(await onDisk('.gz'));
      expect(gunzipSync(gz.body).toString()).toBe(script);
    }

    const head = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);

    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await raw('/assets/big-abc.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // A shared cache must not hand this copy to a client that accepts Brotli.
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(plain.headers['content-length'])).toBe(script.length);
      expect(plain.body.toString()).toBe(script);
    }
  });

  it('sends the manifest and index.html as a file precompressed too, with their types and no-cache', async () => {
    const m = await raw('/manifest.webmanifest', { 'Accept-Encoding': 'br' });
    expect(m.headers['content-encoding']).toBe('br');
    expect(m.headers['content-type']).toBe('application/manifest+json');
    expect(m.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(m.body).toString()).toBe(manifest);

    const index = await raw('/index.html', { 'Accept-Encoding': 'br' });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.body).toEqual(await readFile(join(dist, 'index.html.br')));
  });

  it('gzips index.html for a route per request (it changes with the path and language)', async () => {
    const page = await raw('/gallery-detail/3', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(gunzipSync(page.body).toString()).toBe(html);

    const plain = await raw('/gallery-detail/3', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(Number(plain.headers['content-length'])).toBe(html.length);
    expect(plain.body.toString()).toBe(html);
  });

  it('sends tiny files and images as they are', async () => {
    const small = await raw('/assets/small-abc.js', { 'Accept-Encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');

    const picture = await raw('/assets/picture-abc.webp', { 'Accept-Encoding': 'gzip, br' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(Number(picture.headers['content-length'])).toBe(4096);
  });

  it('never sends a file outside dist/, nor a directory', async () => {
    for (const path of [
      '/../secret.js',
      '/assets/../../secret.js',
      '/assets/..%2f..%2fsecret.js',
      '/assets/%2e%2e/%2e%2e/secret.js',
      '/assets/..%5c..%5csecret.js',
      '/assets/..\\..\\secret.js',
      '//secret.js',
      '/%00secret.js',
    ]) {
      const res = await raw(path, { 'Accept-Encoding': 'br, gzip' });
      // A raw backslash is a malformed request line already (400).
      expect([400, 404], path).toContain(res.status);
      expect(res.body.toString(), path).not.toContain('top secret');
    }
    // A directory is an app route: it gets the app's page, never a listing or a file inside it.
    for (const path of ['/assets', '/assets/']) {
      const res = await raw(path, {});
      expect(res.status, path).toBe(200);
      expect(res.body.toString(), path).toBe(html);
    }
  });

  it('never answers an /api path with a file or the app page', async () => {
    for (const path of ['/api/leak.js', '/api/index.html', '/api/assets/big-abc.js', '/api', '/api/', '/api/gallery-detail/3']) {
      const res = await raw(path, { 'Accept-Encoding': 'br' });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('application/json');
      expect(res.headers['content-encoding'], path).not.toBe('br');
    }
  });

  it('gzips API JSON for clients that accept it', async () => {
    const res = await raw('/api/nope/', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toHaveProperty('detail');
  });
});
