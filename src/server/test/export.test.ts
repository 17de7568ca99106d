/**
 * The open archive (issue 15): GET /api/account/export/ over real HTTP, unzipped here with fflate's unzipSync.
 * Contents for a family with works in several profiles, private and public; one child with ?profile=; who may
 * call it (a child token 403, another family's profile 404, anonymous 401); malformed, NUL and huge ?profile;
 * no metadata in the exported pictures; the rate limit (429).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RATE_LIMITS } from '@contract/rate-limits';
import { artworks, profiles, users } from '../db/schema';
import { contestRow, entryRow, organization } from './contests-helpers';
import { download, readArchive, type Archive } from './export-helpers';
import { childSession, startTestServer, type TestServer } from './harness';
import { catalog, emailOf, family, made, photoWithGps, png, share, webpMetadata, type Family } from './works-helpers';
import { eq } from 'drizzle-orm';

let s: TestServer;
let fam: Family;
let other: Family;
let ids: { publicWork: number; privateWork: number; siblingWork: number; gpsWork: number };
let archive: Archive;
let zipBytes: number;
let expected: number;

beforeAll(async () => {
  s = await startTestServer({ seed: true });
  const { category, tag } = await catalog(s);
  fam = await family(s, 2);
  other = await family(s, 1);
  const [kid, sibling] = fam.kids;
  await share(s, kid!, [sibling!]);
  const publicWork = await made(s, kid!, {
    title: 'Sunflowers <b>at</b> "noon"',
    description: 'Painted in the garden.\nWith crayons.',
    category: [Object.values(category)[0]!],
    tags: Object.values(tag).slice(0, 2),
    is_public: true,
    images: [await png(300, 200), await png(120, 160)],
  });
  const privateWork = await made(s, kid!, { title: 'Secret castle', is_public: false });
  const gpsWork = await made(s, kid!, { title: 'From the camera', images: [await photoWithGps()] });
  const siblingWork = await made(s, sibling!, { title: 'きょうりゅう', description: 'おおきい', is_public: false });
  await made(s, other.kids[0]!, { title: 'Another family work', is_public: false });
  // A like from the sibling, and a contest entry won.
  expect((await s.request(`/api/artworks/${publicWork}/like/`, { method: 'POST', token: sibling!.access })).status).toBe(200);
  const org = await organization(s, 'Sakura Art School');
  const contest = await contestRow(s, org, {
    name: 'Summer colours',
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + 86_400_000),
  });
  const entry = await entryRow(s, contest, publicWork, kid!.id, new Date());
  const { contests } = await import('../db/schema');
  await s.deps.db.update(contests).set({ winnerEntryId: entry, decidedAt: new Date() }).where(eq(contests.id, contest));
  ids = { publicWork, privateWork, siblingWork, gpsWork };

  const res = await download(s, fam.parent);
  expect(res.status).toBe(200);
  zipBytes = res.bytes.byteLength;
  expected = Number(res.headers.get('x-archive-expected-bytes'));
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="little-museum-\d{4}-\d{2}-\d{2}\.zip"$/);
  archive = readArchive(res.bytes);
}, 60_000);
afterAll(() => s.close());

describe('the family archive', () => {
  it('holds every child of the family, with every work, private and public, and nothing of another family', () => {
    expect(archive.root).toMatch(/^little-museum-\d{4}-\d{2}-\d{2}$/);
    expect(archive.manifest).toMatchObject({ format: 'little-museum-archive', version: 1, scope: 'family', language: 'en' });
    expect(archive.manifest.counts).toEqual({ children: 2, works: 4, pictures: 5 });
    expect(archive.children.map((c) => c.profile.id)).toEqual(fam.kids.map((k) => k.id));
    const [kid, sibling] = archive.children;
    // Newest first.
    expect(kid!.works.map((w) => w.id)).toEqual([ids.gpsWork, ids.privateWork, ids.publicWork]);
    expect(sibling!.works.map((w) => ({ id: w.id, title: w.title, description: w.description, visibility: w.visibility }))).toEqual([
      { id: ids.siblingWork, title: 'きょうりゅう', description: 'おおきい', visibility: 'private' },
    ]);
    expect(kid!.profile.shares_with).toEqual([sibling!.profile.username]);
    const everything = Object.keys(archive.files)
      .map((f) => archive.text(f))
      .join('\n');
    expect(everything).not.toContain('Another family work');
  });

  it("keeps each work's title, description, dates, age, category, tags, likes, visibility and contest entries", () => {
    const work = archive.children[0]!.works.find((w) => w.id === ids.publicWork)!;
    expect(work).toMatchObject({
      title: 'Sunflowers <b>at</b> "noon"',
      description: expect.stringMatching(/^Painted in the garden\.\r?\nWith crayons\.$/),
      is_public: true,
      visibility: 'public',
      likes_count: 1,
      date: work.created_at.slice(0, 10),
    });
    expect(work.age_at_creation).toBeGreaterThanOrEqual(0);
    expect(work.category).toEqual({ en: expect.any(String), ja: expect.any(String) });
    expect(work.tags).toHaveLength(2);
    expect(work.contest_entries).toEqual([
      expect.objectContaining({ contest: 'Summer colours', organization: 'Sakura Art School', winner: true }),
    ]);
    expect(work.images.map((i) => [i.width, i.height])).toEqual([
      [300, 200],
      [120, 160],
    ]);
    const secret = archive.children[0]!.works.find((w) => w.id === ids.privateWork)!;
    expect(secret).toMatchObject({ is_public: false, visibility: 'private', likes_count: 0, contest_entries: [] });
  });

  it('holds the pictures and thumbnails exactly as the server stores them', async () => {
    for (const child of archive.children) {
      for (const work of child.works) {
        for (const image of work.images) {
          const picture = archive.files[image.file];
          expect(picture, image.file).toBeDefined();
          expect(picture!.byteLength).toBe(image.bytes);
          expect(archive.files[image.thumb], image.thumb).toBeDefined();
          expect((await sharp(picture!).metadata()).format).toBe('webp');
        }
      }
    }
    // Byte for byte what storage holds (the first work's first picture).
    const viewed = await s.request(`/api/artworks/${ids.publicWork}`, { token: fam.kids[0]!.access });
    const stored = Buffer.from(await (await fetch(s.url + viewed.body.images_data[0].image_url)).arrayBuffer());
    const first = archive.children[0]!.works.find((w) => w.id === ids.publicWork)!.images[0]!;
    expect(Buffer.from(archive.files[first.file]!).equals(stored)).toBe(true);
  });

  it('has no metadata in the exported pictures (no EXIF, GPS, XMP or ICC)', async () => {
    const work = archive.children[0]!.works.find((w) => w.id === ids.gpsWork)!;
    const bytes = Buffer.from(archive.files[work.images[0]!.file]!);
    const { chunks, exif } = await webpMetadata(bytes);
    expect(exif).toBeUndefined();
    expect(chunks.filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Home Camera'))).toBe(false);
  });

  it('has the profile and account data, and never a password hash or a token', async () => {
    const account = JSON.parse(archive.text('account.json'));
    expect(account).toEqual({ email: await emailOf(s, fam.parent), first_name: '', address: '', created_at: expect.any(String) });
    const [row] = await s.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, account.email));
    const everything = Object.keys(archive.files)
      .map((f) => Buffer.from(archive.files[f]!).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(row!.hash);
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toContain(fam.parent);
    expect(everything).not.toContain(fam.kids[0]!.access);
    expect(everything).not.toMatch(/"(password|password_hash|token|access|refresh|token_version)"/i);
    expect(archive.children[0]!.profile).toMatchObject({
      username: expect.stringMatching(/^kid/),
      first_name: expect.stringMatching(/^Real kid/),
      date_of_birth: '2018-05-01',
      picture: null,
    });
  });

  it('has an index.html that opens from disk with no network: inline CSS, data.js by <script src>, relative pictures', () => {
    const html = archive.text('index.html');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<script src="data.js"></script>');
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<link\b|@import|url\(/);
    const data = archive.text('data.js');
    expect(data).not.toMatch(/https?:\/\//);
    // data.js is a plain script: run it as a browser would and read what it leaves behind.
    const window: { LITTLE_MUSEUM?: { children: { works: { title: string; images: { file: string; thumb: string }[] }[] }[] } } = {};
    new Function('window', data)(window);
    const shown = window.LITTLE_MUSEUM!.children.flatMap((c) => c.works);
    expect(shown.map((w) => w.title).sort()).toEqual(
      ['From the camera', 'Secret castle', 'Sunflowers <b>at</b> "noon"', 'きょうりゅう'].sort(),
    );
    for (const w of shown) for (const i of w.images) expect(archive.files[i.file] && archive.files[i.thumb]).toBeTruthy();
    expect(archive.text('README.txt')).toContain('index.html');
  });

  it('announces its size for a progress bar: X-Archive-Expected-Bytes within 15 % of the bytes sent', () => {
    expect(expected).toBeGreaterThan(0);
    expect(Math.abs(expected - zipBytes) / zipBytes).toBeLessThan(0.15);
  });
});

describe('README.txt names the family once (issue 28)', () => {
  it('an account without a name: "the Little Museum archive of your family", in English and in Japanese', async () => {
    const unnamed = await family(s, 1);
    await made(s, unnamed.kids[0]!, { title: 'Rainbow' });
    const en = readArchive((await download(s, unnamed.parent)).bytes).text('README.txt');
    expect(en.split('\n')[0]).toMatch(/^This is the Little Museum archive of your family, saved on /);
    expect(en).not.toContain('Our Little Museum');
    const ja = readArchive((await download(s, unnamed.parent, '?language=ja')).bytes).text('README.txt');
    const first = ja.split('\n')[0]!;
    expect(first).toMatch(/^これはわが家の/);
    // The brand once in the sentence, whichever way it is written.
    expect(first.match(/リトルミュージアム|Little Museum/g)).toHaveLength(1);
  });
});

describe('one child, and who may export', () => {
  it('?profile= exports that child only', async () => {
    const sibling = fam.kids[1]!;
    const res = await download(s, fam.parent, `?profile=${sibling.id}&language=ja`);
    expect(res.status).toBe(200);
    const one = readArchive(res.bytes);
    expect(one.manifest).toMatchObject({ scope: 'profile', language: 'ja', counts: { children: 1, works: 1, pictures: 1 } });
    expect(one.children[0]!.profile.id).toBe(sibling.id);
    expect(one.text('index.html')).toContain('<html lang="ja">');
  });

  it('refuses a child token (403), no token (401) and another family (404)', async () => {
    const child = await download(s, fam.kids[0]!.access);
    expect(child.status).toBe(403);
    expect(child.json).toEqual({ errors: expect.any(String), detail: expect.any(String) });
    expect((await download(s, null)).status).toBe(401);
    const foreign = await download(s, fam.parent, `?profile=${other.kids[0]!.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ detail: expect.any(String) });
    // The other family's parent, naming this family's child.
    expect((await download(s, other.parent, `?profile=${fam.kids[0]!.id}`)).status).toBe(404);
    expect((await download(s, fam.parent, '?profile=2147483647')).status).toBe(404);
  });

  it('answers 400 for a malformed, NUL-bearing, repeated or huge ?profile, never a 500', async () => {
    const other = await family(s, 1);
    for (const query of [
      '?profile=abc',
      '?profile=1%00',
      '?profile=%00',
      '?profile=-1',
      '?profile=0',
      `?profile=${'9'.repeat(5000)}`,
      '?profile=99999999999',
      '?profile=1&profile=2',
    ]) {
      const res = await download(s, other.parent, query);
      expect(res.status, query).toBe(400);
      expect(res.json, query).toEqual({ profile: expect.any(Array) });
    }
  });

  it('is rate-limited per account: the next call after the limit gets 429, other accounts are not held up', async () => {
    const flood = await family(s, 1);
    const max = RATE_LIMITS.exportUser.max;
    const answers = await Promise.all(Array.from({ length: max + 3 }, () => download(s, flood.parent)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(max);
    expect(statuses.filter((x) => x === 429)).toHaveLength(3);
    expect(answers.find((a) => a.status === 429)!.json).toEqual({ detail: expect.any(String) });
    const fresh = await family(s, 1);
    expect((await download(s, fresh.parent)).status).toBe(200);
  });

  it('exports a work dated before 1980 (an import keeps old dates) and a title with U+2028 for old script engines', async () => {
    const kin = await family(s, 1);
    const id = await made(s, kin.kids[0]!, { title: 'Line\u2028separator' });
    await s.deps.db
      .update(artworks)
      .set({ createdAt: new Date('1975-06-01T09:00:00Z') })
      .where(eq(artworks.id, id));
    // Born before it: an archive with a work older than its child is refused on import (issue 27).
    await s.deps.db.update(profiles).set({ dateOfBirth: '1970-02-01' }).where(eq(profiles.id, kin.kids[0]!.id));
    const res = await download(s, kin.parent);
    expect(res.status).toBe(200);
    const old = readArchive(res.bytes);
    expect(old.children[0]!.works[0]).toMatchObject({ date: '1975-06-01', title: 'Line\u2028separator', age_at_creation: 5 });
    expect(old.text('data.js')).not.toContain('\u2028');
    expect(old.text('data.js')).toContain('Line\\u2028separator');
  });

  it('exports a family without children or works', async () => {
    const parent = (await family(s, 0)).parent;
    const res = await download(s, parent);
    expect(res.status).toBe(200);
    const empty = readArchive(res.bytes);
    expect(empty.manifest.counts).toEqual({ children: 0, works: 0, pictures: 0 });
    const child = await childSession(s, parent, `lonely${Date.now()}`);
    const one = readArchive((await download(s, parent, `?profile=${child.id}`)).bytes);
    expect(one.children[0]!.works).toEqual([]);
  });
});
