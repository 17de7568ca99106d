/**
 * Media storage (issue 14): the disk adapter always, the S3 adapter against a local S3-compatible server when
 * TEST_S3_ENDPOINT is set (scripts/s3-local.mjs; `.ci/run` starts one), both held to one contract; /media/ served
 * from whichever the suite runs on (200, HEAD, 304, ranges, 404, never a 500), or redirected to S3_PUBLIC_URL;
 * and GET /api/health/, with the storage up and down.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StorageAdapter } from '../adapters/storage';
import { createDiskStorage } from '../adapters/storage-disk';
import { createS3Storage, dropBucket, ensureBucket } from '../adapters/storage-s3';
import type { S3Config } from '../config';
import { startTestServer, type TestServer } from './harness';
import { png } from './works-helpers';

const s3Endpoint = process.env.TEST_S3_ENDPOINT;

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function keys(storage: StorageAdapter, prefix?: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list(prefix)) out.push(o.key);
  return out.sort();
}

/** One contract for every adapter. */
function adapterContract(name: string, make: () => Promise<{ storage: StorageAdapter; done: () => Promise<void> }>) {
  describe(name, () => {
    let storage: StorageAdapter;
    let done: () => Promise<void>;
    let scratch: string;
    beforeAll(async () => {
      ({ storage, done } = await make());
      scratch = await mkdtemp(join(tmpdir(), 'lm-storage-src-'));
    });
    afterAll(async () => {
      await done();
      await rm(scratch, { recursive: true, force: true });
    });

    it('stores bytes, a local file and a stream, each whole, and reads them back with their type', async () => {
      const file = join(scratch, 'upload.bin');
      await writeFile(file, 'from a file');
      await storage.put('works/aaa.webp', new TextEncoder().encode('from bytes'), 'image/webp');
      await storage.put('works/bbb.webp', { path: file }, 'image/webp');
      await storage.put('works/ccc.png', Readable.from([Buffer.from('from '), Buffer.from('a stream')]), 'image/png');
      await storage.put('avatars/ddd.webp', Readable.from([Buffer.from('sized')]), 'image/webp', 5);
      expect(await keys(storage)).toEqual(['avatars/ddd.webp', 'works/aaa.webp', 'works/bbb.webp', 'works/ccc.png']);
      expect(await keys(storage, 'works/')).toEqual(['works/aaa.webp', 'works/bbb.webp', 'works/ccc.png']);

      const a = (await storage.get('works/aaa.webp'))!;
      expect(await text(a.body)).toBe('from bytes');
      expect(a).toMatchObject({ contentType: 'image/webp', size: 10 });
      expect(a.etag).toMatch(/^".+"$/);
      expect(a.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await text((await storage.get('works/bbb.webp'))!.body)).toBe('from a file');
      const c = (await storage.get('works/ccc.png'))!;
      expect([await text(c.body), c.contentType]).toEqual(['from a stream', 'image/png']);
      expect(await storage.head('avatars/ddd.webp')).toMatchObject({ size: 5, etag: expect.stringMatching(/^".+"$/) });
    });

    it('reads a byte range, and a range past the end as the whole object', async () => {
      await storage.put('works/range.webp', new TextEncoder().encode('0123456789'), 'image/webp');
      const part = (await storage.get('works/range.webp', { start: 2, end: 5 }))!;
      expect([await text(part.body), part.range, part.size]).toEqual(['2345', { start: 2, end: 5 }, 10]);
      const tail = (await storage.get('works/range.webp', { start: -3 }))!;
      expect([await text(tail.body), tail.range]).toEqual(['789', { start: 7, end: 9 }]);
      const open = (await storage.get('works/range.webp', { start: 8 }))!;
      expect([await text(open.body), open.range]).toEqual(['89', { start: 8, end: 9 }]);
      const past = (await storage.get('works/range.webp', { start: 50 }))!;
      expect([await text(past.body), past.range]).toEqual(['0123456789', undefined]);
    });

    it('answers null for a missing or malformed key, deletes quietly, and refuses to write a malformed key', async () => {
      expect(await storage.get('works/none.webp')).toBeNull();
      expect(await storage.head('works/none.webp')).toBeNull();
      expect(await storage.get('../secret.webp')).toBeNull();
      await storage.delete('works/none.webp');
      await storage.put('works/gone.webp', new Uint8Array([1]), 'image/webp');
      await storage.delete('works/gone.webp');
      expect(await storage.head('works/gone.webp')).toBeNull();
      for (const bad of ['../x.webp', 'works/../../x.webp', '/abs.webp', 'works/a b.webp', 'works/noext']) {
        await expect(storage.put(bad, new Uint8Array([1]), 'image/webp')).rejects.toThrow(/invalid storage key/);
      }
    });

    it('is reachable', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });
  });
}

adapterContract('the disk adapter', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lm-storage-disk-'));
  return { storage: createDiskStorage(join(dir, 'media')), done: () => rm(dir, { recursive: true, force: true }) };
});

const s3Config = (bucket: string, endpoint = s3Endpoint): S3Config => ({
  bucket,
  endpoint,
  region: 'us-east-1',
  publicUrl: undefined,
  credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER' },
});

describe.skipIf(!s3Endpoint)('S3 (TEST_S3_ENDPOINT)', () => {
  adapterContract('the S3 adapter', async () => {
    const config = s3Config(`lm-adapter-${randomBytes(6).toString('hex')}`);
    await ensureBucket(config);
    return { storage: createS3Storage(config), done: () => dropBucket(config) };
  });

  it('fails its check, and its reads, for a bucket that does not exist', async () => {
    const missing = createS3Storage(s3Config('lm-nobody-made-this'));
    await expect(missing.check()).rejects.toThrow();
    // A missing bucket is the deployment's fault (a 503 at /media/), not a missing image (a 404).
    await expect(missing.get('works/abc.webp')).rejects.toThrow();
  });
});

it('the disk adapter leaves no partial file when a stream fails half way', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lm-storage-torn-'));
  try {
    const storage = createDiskStorage(join(dir, 'media'));
    const torn = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('works/torn.webp', torn, 'image/webp')).rejects.toThrow(/connection lost/);
    expect(await storage.head('works/torn.webp')).toBeNull();
    expect(await readdir(join(dir, 'media', '.partial'))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe(`/media/ from the suite's storage (${s3Endpoint ? 'S3' : 'disk'})`, () => {
  let s: TestServer;
  let image: Buffer;
  const key = 'works/0123456789abcdef0123456789abcdef.png';
  beforeAll(async () => {
    s = await startTestServer({ seed: false });
    image = await png(40, 30);
    await s.deps.storage.put(key, image, 'image/png');
  });
  afterAll(() => s.close());

  it('streams an object with its type, length and validators, cached for an hour (never immutable: a private work loses its address)', async () => {
    const res = await fetch(`${s.url}/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(image.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^".+"$/);
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
  });

  it('answers HEAD, a matching If-None-Match with 304, and one byte range with 206', async () => {
    const head = await fetch(`${s.url}/media/${key}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length')]).toEqual([
      200,
      'image/png',
      String(image.length),
    ]);
    const etag = head.headers.get('etag')!;
    const again = await fetch(`${s.url}/media/${key}`, { headers: { 'If-None-Match': etag } });
    expect([again.status, await again.text()]).toEqual([304, '']);
    const other = await fetch(`${s.url}/media/${key}`, { headers: { 'If-None-Match': '"other"' } });
    expect([other.status, (await other.arrayBuffer()).byteLength]).toEqual([200, image.length]);
    const part = await fetch(`${s.url}/media/${key}`, { headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${image.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(0, 8))).toBe(true);
  });

  it('answers 404 for a missing or malformed key, GET or HEAD, never a 500', async () => {
    for (const path of [
      '/media/works/ffffffffffffffffffffffffffffffff.png',
      '/media/works/%2e%2e/x.png',
      '/media/works',
      '/media/.partial/x.webp',
    ]) {
      expect((await fetch(`${s.url}${path}`)).status).toBe(404);
      expect((await fetch(`${s.url}${path}`, { method: 'HEAD' })).status).toBe(404);
    }
  });
});

describe('/media/ with S3_PUBLIC_URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    const bucket = `lm-public-${randomBytes(6).toString('hex')}`;
    // The bucket need not exist: the redirect never reads it.
    s = await startTestServer({
      seed: false,
      env: { S3_BUCKET: bucket, S3_ENDPOINT: s3Endpoint ?? 'http://127.0.0.1:9', S3_PUBLIC_URL: 'https://cdn.museum.test/media/' },
    });
  });
  afterAll(() => s.close());

  it('redirects to the public address with a 302 the browser may keep for an hour', async () => {
    const res = await fetch(`${s.url}/media/works/abc.webp`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://cdn.museum.test/media/works/abc.webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${s.url}/media/../jwt-secret.webp`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('GET /api/health/', () => {
  let up: TestServer;
  let down: TestServer;
  beforeAll(async () => {
    up = await startTestServer({ seed: false });
    // An S3 endpoint where nothing listens: every storage call is refused.
    down = await startTestServer({
      seed: false,
      env: { S3_BUCKET: 'lm-refused', S3_ENDPOINT: 'http://127.0.0.1:9', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await up.close();
    await down.close();
  });

  it('answers 200 when the database and the storage answer, to anyone, uncached', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await up.request('/api/health/', { ip: '10.9.9.9' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 503 naming the storage when it cannot be reached, and nothing of why; /media/ answers 503 too', async () => {
    const res = await down.request('/api/health/');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', detail: expect.any(String), database: 'ok', storage: 'failed' });
    expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|lm-refused/);
    const media = await fetch(`${down.url}/media/works/abc.webp`);
    expect(media.status).toBe(503);
    expect(media.headers.get('retry-after')).toBe('5');
  });

  it('answers 503 naming the database when it is closed', async () => {
    const lone = await startTestServer({ seed: false });
    await lone.database.close();
    try {
      const res = await lone.request('/api/health/');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'unavailable', database: 'failed', storage: 'ok' });
    } finally {
      await lone.close().catch(() => {});
    }
  });
});
