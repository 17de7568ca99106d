/** Compression: the PWA's text files in Brotli or gzip with a correct Content-Length, API JSON gzipped, images as they are. */
import { request as httpRequest } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompressPwa } from '../middleware/static';
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

/** A request whose body is read as sent (fetch would decode it and hide the real Content-Length). */
function raw(path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};\n`;

describe('compression', () => {
  beforeAll(async () => {
    const dist = s.deps.config.distDir;
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), `<!doctype html><title>Little Museum</title>${'<p>hello</p>'.repeat(200)}`);
    await writeFile(join(dist, 'assets', 'big-abc.js'), script);
    await writeFile(join(dist, 'assets', 'small-abc.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'picture-abc.webp'), Buffer.alloc(4096, 7));
  });

  it('sends JS in Brotli when accepted, in gzip otherwise, with the compressed length', async () => {
    const br = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const head = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);

    const plain = await raw('/assets/big-abc.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses index.html for navigations, but neither tiny files nor images', async () => {
    const page = await raw('/gallery-detail/3', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>Little Museum</title>');

    const small = await raw('/assets/small-abc.js', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');

    const picture = await raw('/assets/picture-abc.webp', { 'Accept-Encoding': 'gzip, br' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(Number(picture.headers['content-length'])).toBe(4096);
  });

  it('precompresses the text files of the build (not tiny files, not images), and serves what it made', async () => {
    const dist = s.deps.config.distDir;
    await writeFile(join(dist, 'assets', 'later-abc.css'), `.a{color:red}\n`.repeat(200));
    // index.html, big-abc.js and later-abc.css; small-abc.js is under 1 KB and the webp is an image.
    expect(await precompressPwa(dist)).toBe(3);
    const css = await raw('/assets/later-abc.css', { 'Accept-Encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(css.body).toString()).toBe(`.a{color:red}\n`.repeat(200));
    expect(await precompressPwa(join(dist, 'missing'))).toBe(0);
  });

  it('gzips API JSON for clients that accept it', async () => {
    const res = await raw('/api/nope/', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toHaveProperty('detail');
  });
});
