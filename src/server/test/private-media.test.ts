/**
 * "Made private means private" (decisions.md, added 2026-11-27; issue 27, finding 8): a work's pictures are cached
 * for a bounded time only; a work made private moves its pictures to new unguessable keys and the old addresses stop
 * answering at once (the anonymous wall's kept pages included); a deleted work's addresses stop answering too. The
 * media go through the suite's storage (the disk, or S3 with TEST_S3_ENDPOINT), so CI's S3 run covers them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { work } from '@contract/works';
import { createS3Storage } from '../adapters/storage-s3';
import { MEDIA_CACHE_CONTROL } from '../adapters/storage';
import { artworkImages, fileDeletions, pendingFiles } from '../db/schema';
import { startTestServer, type TestServer } from './harness';
import { family, made, mediaFiles, png, share, workForm, type Kid, type WorkInput } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

type Image = { id: number; image_url: string; thumbnail_url: string };

const detail = async (kid: Kid, id: number) => {
  const res = await s.request(`/api/artworks/${id}`, { token: kid.access });
  expect(res.status).toBe(200);
  return work.parse(res.body);
};
const urlsOf = (images: Image[]) => images.flatMap((i) => [i.image_url, i.thumbnail_url]);
const update = (token: string | undefined, id: number, input: WorkInput) =>
  s.request(`/api/artworks/${id}/update/`, { token, form: workForm({ title: 'Edited', ...input }) });
const status = async (url: string) => (await fetch(s.url + url)).status;
/** The anonymous wall, as a visitor reads it. */
const wallUrls = async (): Promise<string[]> => {
  const res = await fetch(`${s.url}/api/artworks/?page=1`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { images_data: Image[] }[] };
  return body.results.flatMap((w) => urlsOf(w.images_data));
};
/** Every stored file is named by an image row (or is someone's avatar), and nothing is left pending or to delete. */
async function noOrphans(): Promise<void> {
  const rows = await s.database.db.select().from(artworkImages);
  const named = new Set(rows.flatMap((r) => [r.displayKey, r.thumbKey]));
  const works = (await mediaFiles(s)).filter((k) => k.startsWith('works/'));
  expect(works.sort()).toEqual([...named].sort());
  expect(await s.database.db.select().from(pendingFiles)).toEqual([]);
  expect(await s.database.db.select().from(fileDeletions)).toEqual([]);
}

describe('a public work made private', () => {
  it('is served with a bounded max-age, never immutable', async () => {
    const { kids } = await family(s);
    const id = await made(s, kids[0]!, { is_public: true });
    for (const url of urlsOf((await detail(kids[0]!, id)).images_data)) {
      const res = await fetch(s.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect(res.headers.get('cache-control')).not.toContain('immutable');
      expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(3600);
    }
  });

  it('moves every picture to new keys: the old addresses answer 404, the new ones answer its family', async () => {
    const { kids } = await family(s, 2);
    const [owner, sibling] = kids as [Kid, Kid];
    // A private work is seen by its owner and the siblings it is shared with.
    await share(s, owner, [sibling]);
    const id = await made(s, owner, { is_public: true, images: [await png(), await png()] });
    const before = (await detail(owner, id)).images_data;
    const old = urlsOf(before);
    // Seen on the wall, read afresh and then from the page the app keeps.
    expect(await wallUrls()).toEqual(expect.arrayContaining(old));
    expect(await wallUrls()).toEqual(expect.arrayContaining(old));

    const res = await update(owner.access, id, { is_public: false });
    expect(res.status).toBe(200);
    const after = work.parse(res.body);
    expect(after.is_public).toBe(false);
    // The same images (ids and order), at new addresses of 128 random bits.
    expect(after.images_data.map((i) => i.id)).toEqual(before.map((i) => i.id));
    const moved = urlsOf(after.images_data);
    for (const url of moved) {
      expect(url).toMatch(/^\/media\/works\/[0-9a-f]{32}\.webp$/);
      expect(old).not.toContain(url);
    }
    for (const url of old) {
      expect(await status(url)).toBe(404);
      expect((await fetch(s.url + url, { method: 'HEAD' })).status).toBe(404);
    }
    for (const reader of [owner, sibling]) {
      const seen = urlsOf((await detail(reader, id)).images_data);
      expect(seen).toEqual(moved);
      for (const url of seen) expect(await status(url)).toBe(200);
    }
    // Neither the wall nor its kept page names the old (or the new) addresses.
    for (const url of await wallUrls()) {
      expect(old).not.toContain(url);
      expect(moved).not.toContain(url);
    }
    await noOrphans();
  });

  it('moves them when the edit that makes it private also removes and adds images', async () => {
    const { kids } = await family(s);
    const owner = kids[0]!;
    const id = await made(s, owner, { is_public: true, images: [await png(), await png()] });
    const [keep, drop] = (await detail(owner, id)).images_data as [Image, Image];
    const res = await update(owner.access, id, { is_public: false, keep_images: [keep.id], images: [await png()] });
    expect(res.status).toBe(200);
    const after = work.parse(res.body).images_data;
    expect(after.map((i) => i.id)[0]).toBe(keep.id);
    for (const url of urlsOf([keep, drop])) expect(await status(url)).toBe(404);
    for (const url of urlsOf(after)) expect(await status(url)).toBe(200);
    await noOrphans();
  });

  it('keeps the addresses of a work that stays public, or stays private', async () => {
    const { kids } = await family(s);
    const owner = kids[0]!;
    for (const is_public of [true, false]) {
      const id = await made(s, owner, { is_public });
      const before = urlsOf((await detail(owner, id)).images_data);
      expect((await update(owner.access, id, { is_public })).status).toBe(200);
      expect(urlsOf((await detail(owner, id)).images_data)).toEqual(before);
    }
  });

  it('leaves the work public and its pictures where they were when a copy cannot be written', async () => {
    const { kids } = await family(s);
    const owner = kids[0]!;
    const id = await made(s, owner, { is_public: true });
    const old = urlsOf((await detail(owner, id)).images_data);
    const storage = s.deps.storage;
    const put = storage.put.bind(storage);
    let calls = 0;
    // The second copy fails: the first one was written, and must not be left behind.
    storage.put = async (...args) => {
      if (++calls === 2) throw new Error('storage refused');
      return put(...args);
    };
    try {
      const res = await update(owner.access, id, { is_public: false });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      storage.put = put;
    }
    const still = await detail(owner, id);
    expect(still.is_public).toBe(true);
    expect(urlsOf(still.images_data)).toEqual(old);
    for (const url of old) expect(await status(url)).toBe(200);
    await noOrphans();
  });
  it('answers 409 and changes nothing when another edit adds an image while the copies are made', async () => {
    const { kids } = await family(s);
    const owner = kids[0]!;
    const id = await made(s, owner, { is_public: true });
    const storage = s.deps.storage;
    const put = storage.put.bind(storage);
    let raced = false;
    // While the flip copies the first file, the owner's other tab adds a picture (and keeps the work public).
    storage.put = async (...args) => {
      if (!raced) {
        raced = true;
        const other = await update(owner.access, id, { is_public: true, images: [await png()] });
        expect(other.status).toBe(200);
      }
      return put(...args);
    };
    let res;
    try {
      res = await update(owner.access, id, { is_public: false });
    } finally {
      storage.put = put;
    }
    expect(res.status).toBe(409);
    const still = await detail(owner, id);
    expect(still.is_public).toBe(true);
    expect(still.images_data).toHaveLength(2);
    for (const url of urlsOf(still.images_data)) expect(await status(url)).toBe(200);
    await noOrphans();
  });
});

describe('a deleted work', () => {
  it('stops answering at its addresses, and leaves no file', async () => {
    const { kids } = await family(s);
    const owner = kids[0]!;
    const id = await made(s, owner, { is_public: true, images: [await png(), await png()] });
    const urls = urlsOf((await detail(owner, id)).images_data);
    expect(await wallUrls()).toEqual(expect.arrayContaining(urls));
    expect((await s.request(`/api/artworks/${id}/delete/`, { method: 'DELETE', token: owner.access })).status).toBeLessThan(300);
    for (const url of urls) expect(await status(url)).toBe(404);
    for (const url of await wallUrls()) expect(urls).not.toContain(url);
    await noOrphans();
  });
});

describe('attacks on the flip', () => {
  it("refuses anyone but the owner's family making a work private with a 4xx, and moves nothing", async () => {
    const mine = await family(s);
    const theirs = await family(s);
    const id = await made(s, mine.kids[0]!, { is_public: true });
    const old = urlsOf((await detail(mine.kids[0]!, id)).images_data);
    for (const token of [undefined, theirs.kids[0]!.access, theirs.parent, 'not-a-token']) {
      const res = await update(token, id, { is_public: false });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const del = await s.request(`/api/artworks/${id}/delete/`, { method: 'DELETE', token: theirs.kids[0]!.access });
    expect(del.status).toBeGreaterThanOrEqual(400);
    expect(del.status).toBeLessThan(500);
    const still = await detail(mine.kids[0]!, id);
    expect(still.is_public).toBe(true);
    expect(urlsOf(still.images_data)).toEqual(old);
    for (const url of old) expect(await status(url)).toBe(200);
  });
});

describe('the cache time of media objects', () => {
  it('is set on an S3 object at PUT too, for a CDN at S3_PUBLIC_URL that serves it without the app', async () => {
    const sent: Record<string, unknown>[] = [];
    const client = { send: async (command: { input: Record<string, unknown> }) => (sent.push(command.input), {}) };
    const storage = createS3Storage(
      { bucket: 'b', region: 'us-east-1' } as Parameters<typeof createS3Storage>[0],
      client as unknown as Parameters<typeof createS3Storage>[1],
    );
    await storage.put('works/abc.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(sent[0]).toMatchObject({ Key: 'works/abc.webp', CacheControl: MEDIA_CACHE_CONTROL });
  });
});
