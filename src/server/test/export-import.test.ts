/**
 * The open archive's import (issue 15): a round trip (export from one museum, import into an empty one, export
 * again: the same children, works and data, ignoring ids, likes and contest entries, which an import does not
 * re-create, and the pictures' bytes, which are re-encoded as uploads are), bad zips refused with clear errors, and
 * `npm run admin -- import <zip> <email>` as a separate process on the embedded PGlite.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ArchiveChild } from '@contract/archive';
import { categories, tags, users } from '../db/schema';
import { openDatabase, type Database } from '../db/open';
import { importArchive, ImportError } from '../domain/archive-import';
import { download, readArchive, type Archive } from './export-helpers';
import { childSession, profileForm, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';
import { catalog, family, made, photoWithGps, png, share, webpMetadata, type Family } from './works-helpers';

const ROOT = join(import.meta.dirname, '../../..');
let source: TestServer;
let target: TestServer;
let targetDatabase: Database | undefined;
let dir: string;
let fam: Family;
let first: Archive;
let zipPath: string;

/**
 * What a round trip keeps: everything but ids, likes, contest entries, the pictures' bytes and the works' visibility
 * (an imported work is private until its owner publishes it again).
 */
function comparable(children: ArchiveChild[]) {
  return children.map((c) => ({
    profile: { ...c.profile, id: undefined, picture: c.profile.picture !== null },
    works: c.works.map((w) => ({
      ...w,
      id: undefined,
      likes_count: undefined,
      contest_entries: undefined,
      is_public: undefined,
      visibility: undefined,
      images: w.images.map((i) => ({ width: i.width, height: i.height })),
    })),
  }));
}

/**
 * The museum imported into: an empty database of its own. On PGlite each test server has one; on PostgreSQL
 * (TEST_DATABASE_URL, which the source's server uses) a second database beside it, emptied and migrated.
 */
async function emptyDatabase(): Promise<Database | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_import_target`;
  const server = new pg.Client({ connectionString: url });
  await server.connect();
  try {
    const found = await server.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await server.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await server.end();
  }
  target.pathname = `/${name}`;
  const database = openDatabase({ url: target.toString() });
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
  await database.migrate();
  return database;
}

async function copyCatalog(from: TestServer, to: TestServer): Promise<void> {
  await to.deps.db.insert(categories).values(await from.deps.db.select().from(categories));
  await to.deps.db.insert(tags).values(await from.deps.db.select().from(tags));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lm-import-'));
  source = await startTestServer({ seed: true });
  targetDatabase = await emptyDatabase();
  target = await startTestServer({ seed: false, database: targetDatabase });
  await copyCatalog(source, target);
  const { category, tag } = await catalog(source);
  fam = await family(source, 1);
  const [kid] = fam.kids;
  // A second child with a profile picture, and sharing both ways.
  const avatar = new File([new Uint8Array(await png(90, 90))], 'me.png', { type: 'image/png' });
  const sibling = await childSession(source, fam.parent, `sib${Date.now()}`);
  const withPicture = await source.request('/api/register-profile/', {
    token: fam.parent,
    form: profileForm(`pic${Date.now()}`, { profile_picture: avatar }),
  });
  expect(withPicture.status).toBe(201);
  await share(source, kid!, [sibling]);
  await made(source, kid!, {
    title: 'Sunflowers',
    description: 'Painted in the garden',
    category: [Object.values(category)[1]!],
    tags: Object.values(tag).slice(0, 3),
    is_public: true,
    images: [await png(300, 200), await png(200, 300)],
  });
  await made(source, kid!, { title: 'Secret castle', is_public: false });
  await made(source, sibling, { title: 'From the camera', images: [await photoWithGps()], is_public: true });
  const liked = await made(source, sibling, { title: 'きょうりゅう', description: 'おおきい', is_public: true });
  expect((await source.request(`/api/artworks/${liked}/like/`, { method: 'POST', token: kid!.access })).status).toBe(200);
  const res = await download(source, fam.parent);
  expect(res.status).toBe(200);
  first = readArchive(res.bytes);
  zipPath = join(dir, 'family.zip');
  await writeFile(zipPath, res.bytes);
}, 90_000);

afterAll(async () => {
  await source.close();
  await target.close();
  await targetDatabase?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a round trip', () => {
  it('export, import into an empty museum, export again: the same children, works and data', { timeout: 90_000 }, async () => {
    const { access, email } = await signupVerified(target);
    const summary = await importArchive(target.deps, zipPath, email);
    expect(summary).toMatchObject({ email, works: 4, pictures: 5 });
    expect(summary.profiles.map((p) => p.username)).toEqual(first.children.map((c) => c.profile.username));
    expect(summary.warnings).toEqual([]);

    const again = await download(target, access);
    expect(again.status).toBe(200);
    const second = readArchive(again.bytes);
    expect(second.manifest.counts).toEqual(first.manifest.counts);
    expect(comparable(second.children)).toEqual(comparable(first.children));
    // What an import does not re-create (documented): likes become 0, contest entries are not carried over.
    expect(first.children.flatMap((c) => c.works).some((w) => w.likes_count > 0)).toBe(true);
    expect(second.children.flatMap((c) => c.works).every((w) => w.likes_count === 0)).toBe(true);
    // Public works came in private (issue 27): their owner publishes them again in this museum.
    expect(first.children.flatMap((c) => c.works).some((w) => w.is_public)).toBe(true);
    expect(second.children.flatMap((c) => c.works).map((w) => w.visibility)).toEqual(Array(4).fill('private'));

    // The pictures were re-encoded as uploads are: WebP without metadata, the same size in pixels.
    for (const work of second.children.flatMap((c) => c.works)) {
      for (const image of work.images) {
        const bytes = Buffer.from(second.files[image.file]!);
        const { chunks, exif } = await webpMetadata(bytes);
        expect(exif).toBeUndefined();
        expect(chunks.filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: image.width, height: image.height });
      }
    }
    // The imported family works in the app: the parent sees the children, a child its works.
    const info = await target.request('/api/account-info/', { token: access });
    expect(info.body.profiles).toHaveLength(3);
    expect(info.body.profiles.filter((p: { profile_picture: string | null }) => p.profile_picture)).toHaveLength(1);
  });

  it('a username the account already has is imported under a new one', { timeout: 60_000 }, async () => {
    const { access, email } = await signupVerified(target);
    const taken = first.children[0]!.profile.username;
    await childSession(target, access, taken);
    const summary = await importArchive(target.deps, zipPath, email);
    expect(summary.profiles[0]).toMatchObject({ from: taken, username: `${taken}-2` });
    expect(summary.warnings).toEqual([expect.stringContaining(`imported as ${taken}-2`)]);
  });
});

describe('bad archives and requests are refused with clear errors, before anything is written', () => {
  let email: string;
  let userId: number;
  beforeAll(async () => {
    email = (await signupVerified(target)).email;
    userId = (await target.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  });

  async function refused(bytes: Uint8Array | string, message: RegExp, to = email): Promise<void> {
    const path = join(dir, `bad-${Math.random().toString(36).slice(2)}.zip`);
    await writeFile(path, bytes);
    await expect(importArchive(target.deps, path, to)).rejects.toThrow(ImportError);
    await expect(importArchive(target.deps, path, to)).rejects.toThrow(message);
    const { profiles } = await import('../db/schema');
    expect(await target.deps.db.select().from(profiles).where(eq(profiles.userId, userId))).toEqual([]);
  }

  const original = async () => new Uint8Array(await (await import('node:fs/promises')).readFile(zipPath));
  /** The archive with some files replaced (stored again with fflate). */
  async function changed(edit: (files: Record<string, Uint8Array>) => void): Promise<Uint8Array> {
    const { unzipSync } = await import('fflate');
    const files = unzipSync(await original());
    edit(files);
    return zipSync(files, { level: 0 });
  }
  const at = (name: string) => `${first.root}/${name}`;

  it('no such account', () => refused(new Uint8Array(0), /no account has the e-mail address/, 'nobody@example.com'));
  it('not a zip', () => refused('hello, this is text', /not a zip file/));
  it('a cut-short download', async () => refused((await original()).subarray(0, 5000), /not a zip file|cut short/));
  it('a zip of something else', () => refused(zipSync({ 'notes.txt': strToU8('hi') }), /not a Little Museum archive/));
  it('a broken manifest', async () =>
    refused(await changed((f) => (f[at('manifest.json')] = strToU8('{"format": "something'))), /manifest.json is not valid JSON/));
  it('a newer format', async () =>
    refused(
      await changed((f) => {
        const m = JSON.parse(new TextDecoder().decode(f[at('manifest.json')]));
        f[at('manifest.json')] = strToU8(JSON.stringify({ ...m, version: 99 }));
      }),
      /format version is 99/,
    ));
  it('a child file that escapes the archive (../)', async () =>
    refused(
      await changed((f) => {
        const name = at(first.manifest.children[0]!.file);
        const c = JSON.parse(new TextDecoder().decode(f[name]));
        c.works[0].images[0].file = '../../etc/passwd';
        f[name] = strToU8(JSON.stringify(c));
      }),
      /is not a Little Museum child file: works\.0\.images\.0\.file/,
    ));
  it('a child file missing from the zip', async () =>
    refused(
      await changed((f) => {
        delete f[at(first.manifest.children[0]!.file)];
      }),
      /is not in the zip/,
    ));
  it('a damaged entry (checksum)', async () => {
    const zip = await original();
    // Flip a byte inside manifest.json's text (the last entry's data, before the central directory).
    const text = new TextDecoder('latin1').decode(zip);
    const index = text.lastIndexOf('"little-museum-archive"');
    const broken = zip.slice();
    broken[index + 2] = broken[index + 2]! ^ 0x20;
    await refused(broken, /damaged/);
  });

  it('a picture that is not an image (issue 27: the whole archive, not just the picture)', { timeout: 60_000 }, async () => {
    const picture = first.children.flatMap((c) => c.works).find((w) => w.images.length > 1)!.images[0]!.file;
    await refused(
      await changed((f) => (f[at(picture)] = strToU8('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))),
      new RegExp(`picture ${picture.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not an image this museum accepts`),
    );
  });
});

describe('npm run admin -- import <zip> <email>', () => {
  function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/admin.ts', ...args],
        { cwd: ROOT, env: { ...inherited, DEMO: '0', ...env }, timeout: 90_000 },
        (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
      );
    });
  }

  it('imports into the embedded PGlite of DATA_DIR, and refuses a bad zip with a clear message', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lm-import-cli-'));
    const email = uniqueEmail('importer');
    const withServer = async <T>(work: (s: TestServer) => Promise<T>): Promise<T> => {
      const database: Database = openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      await database.migrate();
      const s = await startTestServer({ database, seed: false, env: { DATA_DIR: dataDir } });
      try {
        return await work(s);
      } finally {
        await s.close().catch(() => {});
        await database.close();
      }
    };
    try {
      await withServer((s) => signupVerified(s, email));
      const bad = await admin(['import', join(dir, 'nothing.zip'), email], { DATA_DIR: dataDir });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('No file at');
      const usage = await admin(['import', zipPath], { DATA_DIR: dataDir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('import <zip> <email>');
      const done = await admin(['import', zipPath, email], { DATA_DIR: dataDir });
      expect(done, done.stderr).toMatchObject({ code: 0 });
      expect(done.stdout).toContain(`Imported into ${email}: 3 profile(s), 4 work(s), 5 picture(s).`);
      const count = await withServer(async (s) => {
        const login = await s.request('/api/login/', { json: { email, password: 'Passw0rdOk' } });
        const info = await s.request('/api/account-info/', { token: login.body.access });
        return info.body.profiles.length as number;
      });
      expect(count).toBe(3);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
