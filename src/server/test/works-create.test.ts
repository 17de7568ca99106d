/** POST /api/artworks/: the 201, image intake and metadata, rejections, body caps, quota and idempotency. */
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { work as workSchema } from '@contract/works';
import { startTestServer, type TestServer } from './harness';
import { bombPng, catalog, createWork, family, made, mediaFiles, photoWithGps, png, webpMetadata } from './works-helpers';

let s: TestServer;
let ids: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
  ids = await catalog(s);
});
afterAll(() => s.close());

const imageCount = async (token: string) => (await s.request('/api/billing/user-image-count/', { token })).body;

describe('create', () => {
  it('creates a private work with its fields, images, category and tags', async () => {
    const { kids } = await family(s);
    const res = await createWork(s, kids[0]!, {
      title: '  Dinosaur  ',
      description: 'Green and big',
      category: [ids.category.Painting!, ids.category.Drawing!],
      tags: [ids.tag.Animals!, ids.tag.Fantasy!],
      images: [await png(300, 200), await png(50, 80)],
    });
    expect(res.status).toBe(201);
    const w = workSchema.parse(res.body);
    expect(w).toMatchObject({
      title: 'Dinosaur',
      description: 'Green and big',
      category: { id: ids.category.Painting, name: 'Painting' },
      is_public: false,
      likes_count: 0,
      is_liked_by_user: false,
      member: { id: kids[0]!.id },
      creator_age: expect.any(Number),
      can_edit: true,
    });
    expect(w.tags.map((t) => t.name).sort()).toEqual(['Animals', 'Fantasy']);
    expect(w.images_data).toHaveLength(2);
    for (const img of w.images_data) {
      expect(img.image_url).toMatch(/^\/media\/works\/[0-9a-f]{32}\.webp$/);
      expect(img.thumbnail_url).toMatch(/^\/media\/works\/[0-9a-f]{32}\.webp$/);
    }
    // Japanese names on request.
    const ja = await s.request(`/api/artworks/${w.id}?language=ja`, { token: kids[0]!.access });
    expect(ja.body.category.name).toBe('絵の具');
  });

  it('publishes only when asked, and validates the fields', async () => {
    const { kids } = await family(s);
    const pub = await createWork(s, kids[0]!, { is_public: 'true' });
    expect(pub.body.is_public).toBe(true);
    const bad = await createWork(s, kids[0]!, { title: '', category: [999999], tags: [99999999999], is_public: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.title).toEqual([M.titleRequired.message]);
    expect(bad.body.is_public).toBeDefined();
    expect(bad.body.tags).toBeDefined();
    const unknown = await createWork(s, kids[0]!, { category: [999999], tags: [ids.tag.Animals!, 99999] });
    expect(unknown).toMatchObject({ status: 400, body: { category: [M.invalidValue.message], tags: [M.invalidValue.message] } });
    const none = await s.request('/api/artworks/', {
      token: kids[0]!.access,
      form: (() => {
        const f = new FormData();
        f.append('title', 'x');
        return f;
      })(),
    });
    expect(none).toMatchObject({ status: 400, body: { images: [M.imagesMin.message] } });
    const six = await createWork(s, kids[0]!, { images: await Promise.all([1, 2, 3, 4, 5, 6].map(() => png(8, 8))) });
    expect(six).toMatchObject({ status: 400, body: { images: [M.imagesMax.message] } });
    const json = await s.request('/api/artworks/', { token: kids[0]!.access, json: { title: 'x' } });
    expect(json.status).toBe(400);
  });

  it('needs a child token', async () => {
    const { parent } = await family(s);
    expect((await s.request('/api/artworks/', { form: new FormData() })).status).toBe(401);
    const res = await s.request('/api/artworks/', { token: parent, form: new FormData() });
    expect(res).toMatchObject({ status: 403, body: { detail: M.childRequired.message } });
  });

  it('serves display and thumbnail copies without EXIF, GPS or XMP, upright', async () => {
    const { kids } = await family(s);
    const input = await photoWithGps();
    const original = await exifr.parse(input, { gps: true });
    expect(original.latitude).toBeCloseTo(35.689, 2);
    expect(original.Model).toBe('Secret Home Camera');

    const res = await createWork(s, kids[0]!, { images: [{ bytes: input, name: 'IMG_0001.jpg', type: 'image/jpeg' }] });
    expect(res.status).toBe(201);
    const [img] = res.body.images_data;

    // The detector finds EXIF/GPS in a WebP that keeps it, so its silence below means something.
    const leaky = await webpMetadata(await sharp(input).webp().keepExif().toBuffer());
    expect(leaky.exif?.latitude).toBeCloseTo(35.689, 2);

    for (const url of [img.image_url, img.thumbnail_url]) {
      const served = await fetch(s.url + url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      // An hour, not immutable: a work made private or deleted loses its address (decisions.md).
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(await exifr.parse(bytes, { gps: true }).catch(() => undefined)).toBeUndefined();
      const { chunks, exif } = await webpMetadata(bytes);
      expect(exif).toBeUndefined();
      expect(chunks.filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
      expect(bytes.includes(Buffer.from('Secret Home Camera'))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Orientation 6 turned the 200x100 picture to 100x200, its red left half now on top.
      expect(meta.width).toBe(100);
      expect(meta.height).toBe(200);
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const px = (x: number, y: number) =>
        Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      expect(px(50, 10)[0]).toBeGreaterThan(200);
      expect(px(50, 190)[2]).toBeGreaterThan(200);
    }
  });

  it('scales the display copy to 2048 px and the thumbnail to 480 px on the long edge', async () => {
    const { kids } = await family(s);
    const res = await createWork(s, kids[0]!, { images: [await png(3000, 1500)] });
    expect(res.status).toBe(201);
    const [img] = res.body.images_data;
    const display = await sharp(Buffer.from(await (await fetch(s.url + img.image_url)).arrayBuffer())).metadata();
    const thumb = await sharp(Buffer.from(await (await fetch(s.url + img.thumbnail_url)).arrayBuffer())).metadata();
    expect([display.width, display.height]).toEqual([2048, 1024]);
    expect([thumb.width, thumb.height]).toEqual([480, 240]);
  });
});

describe('rejected uploads leave nothing behind', () => {
  const cases: [string, () => Promise<{ bytes: Uint8Array | string; name: string; type: string }>, string][] = [
    [
      'HTML saved as .jpg',
      async () => ({ bytes: '<html><body><script>alert(1)</script></body></html>', name: 'cat.jpg', type: 'image/jpeg' }),
      M.imageType.message,
    ],
    [
      'an SVG',
      async () => ({
        bytes: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        name: 'a.svg',
        type: 'image/svg+xml',
      }),
      M.imageType.message,
    ],
    [
      'a GIF',
      async () => ({
        bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        name: 'a.gif',
        type: 'image/gif',
      }),
      M.imageType.message,
    ],
    [
      'a truncated JPEG',
      async () => {
        const full = await sharp({
          create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
        })
          .jpeg()
          .toBuffer();
        return { bytes: full.subarray(0, Math.floor(full.length / 2)), name: 'cut.jpg', type: 'image/jpeg' };
      },
      M.imageUnreadable.message,
    ],
    [
      'a file over 15 MB',
      async () => {
        const b = Buffer.alloc(15 * 1024 * 1024 + 1, 0);
        (await png(8, 8)).copy(b);
        return { bytes: b, name: 'big.png', type: 'image/png' };
      },
      M.imageTooLarge.message,
    ],
    ['a decompression bomb (100 MP PNG)', async () => ({ bytes: bombPng(), name: 'bomb.png', type: 'image/png' }), M.imageTooLarge.message],
  ];

  for (const [name, make, message] of cases) {
    it(`rejects ${name}`, async () => {
      const { kids } = await family(s);
      const before = await mediaFiles(s);
      // A good image next to the bad one: it must not be kept either.
      const res = await createWork(s, kids[0]!, { images: [await png(), await make()] }, crypto.randomUUID());
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ images: [message] });
      expect(await mediaFiles(s)).toEqual(before);
      expect((await s.request('/api/artworks/my', { token: kids[0]!.access })).body.count).toBe(0);
      expect((await imageCount(kids[0]!.access)).total_images).toBe(0);
    });
  }

  it('refuses a body declared over 5 x 15 MB + 1 MB before reading it', async () => {
    const { kids } = await family(s);
    const url = new URL(s.url);
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/artworks/',
          method: 'POST',
          headers: {
            Authorization: `Bearer ${kids[0]!.access}`,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(77 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('--x\r\n');
      // The rest of the declared body never comes: the answer must not wait for it.
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ images: [M.imageTooLarge.message] });
  });

  it('caps a chunked body while streaming', async () => {
    const { kids } = await family(s);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 300) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${s.url}/api/artworks/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${kids[0]!.access}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ images: [M.imageTooLarge.message] });
    // The answer came after about 76 MB, not after the 300 MB the client would have sent.
    expect(sent).toBeLessThan(300);
  });

  it('lets the phone read a refusal sent before its body was read, instead of a connection reset', async () => {
    // An anonymous upload is refused (401) before its body is read, and the connection closes. The client here writes
    // 8 MB and only then reads: had the server closed with those bytes unread, TCP would reset the connection and the
    // answer would be lost (the lingering close of linger.ts reads and drops them first).
    const url = new URL(s.url);
    const socket = connect(Number(url.port), url.hostname);
    let failure: Error | null = null;
    socket.on('error', (err) => (failure = err));
    await once(socket, 'connect');
    socket.pause();
    socket.write(
      'POST /api/artworks/ HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        `Content-Length: ${60 * 1024 * 1024}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 8; i++) socket.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 300));
    let reply = '';
    socket.on('data', (d: Buffer) => (reply += d.toString('latin1')));
    socket.resume();
    await Promise.race([once(socket, 'close'), new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    expect(failure).toBeNull();
    expect(reply).toMatch(/^HTTP\/1\.1 401 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(reply).toContain('"detail"');
  });

  it('answers a malformed multipart body with 400', async () => {
    const { kids } = await family(s);
    const res = await s.request('/api/artworks/', {
      token: kids[0]!.access,
      headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
      method: 'POST',
    });
    expect(res.status).toBe(400);
  });
});

describe('free plan quota', () => {
  it('lets exactly one of two parallel uploads at 4 of 5 through', async () => {
    const { parent, kids } = await family(s, 2);
    await made(s, kids[0]!, { images: [await png(), await png()] });
    await made(s, kids[1]!, { images: [await png(), await png()] });
    expect(await imageCount(parent)).toEqual({ total_images: 4, limit: 5 });
    const before = await mediaFiles(s);

    const results = await Promise.all([createWork(s, kids[0]!, { title: 'first' }), createWork(s, kids[1]!, { title: 'second' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body).toEqual({ images: [M.freePlanLimit.message.replace('{count}', '5')] });
    expect(await imageCount(parent)).toEqual({ total_images: 5, limit: 5 });
    expect(await imageCount(kids[1]!.access)).toEqual({ total_images: 5, limit: 5 });
    // Only the winner's two files (display + thumbnail) were added.
    expect((await mediaFiles(s)).length).toBe(before.length + 2);

    const more = await createWork(s, kids[0]!, {});
    expect(more).toMatchObject({ status: 400, body: { images: [expect.stringContaining('5')] } });
  });

  it('counts per parent account, not per profile', async () => {
    const a = await family(s);
    const b = await family(s);
    await made(s, a.kids[0]!, { images: [await png(), await png(), await png(), await png(), await png()] });
    expect((await createWork(s, a.kids[0]!, {})).status).toBe(400);
    expect((await createWork(s, b.kids[0]!, {})).status).toBe(201);
    const ja = await s.request('/api/artworks/?language=ja', {
      token: a.kids[0]!.access,
      form: (await import('./works-helpers')).workForm({ title: 't', images: [await png()] }),
    });
    expect(ja.status).toBe(400);
    expect(ja.body.images[0]).toContain('5');
  });
});

describe('idempotency', () => {
  it('10 sequential replays of one key create one work and all get the original 201', async () => {
    const { kids } = await family(s);
    const key = crypto.randomUUID();
    const image = await png();
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await createWork(s, kids[0]!, { title: 'Once', images: [image] }, key));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    // The same work, field for field (jsonb may order the keys differently).
    for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
    expect((await s.request('/api/artworks/my', { token: kids[0]!.access })).body.count).toBe(1);
  });

  it('10 concurrent replays of one key create one work, all 201 with the same id, no stray files', async () => {
    const { parent, kids } = await family(s);
    const key = crypto.randomUUID();
    const image = await png();
    const before = await mediaFiles(s);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => createWork(s, kids[0]!, { title: 'Concurrent', images: [image] }, key)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect((await s.request('/api/artworks/my', { token: kids[0]!.access })).body.count).toBe(1);
    expect((await imageCount(parent)).total_images).toBe(1);
    expect((await mediaFiles(s)).length).toBe(before.length + 2);
  });

  it('replays even when the account is now at its limit; another payload with the key gets 422', async () => {
    const { kids } = await family(s);
    await made(s, kids[0]!, { images: [await png(), await png(), await png(), await png()] });
    const key = crypto.randomUUID();
    const image = await png();
    const first = await createWork(s, kids[0]!, { title: 'Fifth', images: [image] }, key);
    expect(first.status).toBe(201);
    const again = await createWork(s, kids[0]!, { title: 'Fifth', images: [image] }, key);
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
    const other = await createWork(s, kids[0]!, { title: 'Changed', images: [image] }, key);
    expect(other).toMatchObject({ status: 422, body: { detail: M.idempotencyMismatch.message } });
    const otherImage = await createWork(s, kids[0]!, { title: 'Fifth', images: [await png()] }, key);
    expect(otherImage.status).toBe(422);
  });

  it('scopes keys to the profile, keeps failed attempts unrecorded and rejects malformed keys', async () => {
    const { kids } = await family(s, 2);
    const key = crypto.randomUUID();
    const image = await png();
    const a = await createWork(s, kids[0]!, { title: 'Mine', images: [image] }, key);
    const b = await createWork(s, kids[1]!, { title: 'Mine', images: [image] }, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);

    const key2 = crypto.randomUUID();
    expect((await createWork(s, kids[0]!, { title: '' }, key2)).status).toBe(400);
    expect((await createWork(s, kids[0]!, { title: 'Fixed' }, key2)).status).toBe(201);

    expect((await createWork(s, kids[0]!, {}, 'bad key with spaces')).status).toBe(400);
  });
});
