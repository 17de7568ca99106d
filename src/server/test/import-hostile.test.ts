/**
 * Hostile archives against `npm run admin -- import <zip> <email>` (issue 27, findings 5 and 6), run as the
 * administrator runs it: a separate process on the embedded PGlite of a DATA_DIR. Each archive is refused with one
 * clear line and exit 1, and leaves the database (profiles, works, pictures, pending files) and the storage exactly
 * as they were: the archive is checked whole before anything is written, and written in one transaction. The zip
 * bomb runs under --max-old-space-size=1024: it is refused from the zip's directory, not after inflating it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

import { sql } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ArchiveChild } from '@contract/archive';
import { openDatabase, type Database } from '../db/open';
import { download, readArchive, type Archive } from './export-helpers';
import { childSession, signupVerified, startTestServer, uniqueEmail } from './harness';
import { family, made, png } from './works-helpers';

const ROOT = join(import.meta.dirname, '../../..');
let dir: string;
let dataDir: string;
let email: string;
let original: Uint8Array;
let first: Archive;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function admin(args: string[], node: string[] = []): Promise<Run> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...node, '--import', 'tsx', 'scripts/admin.ts', ...args],
      { cwd: ROOT, env: { ...inherited, DEMO: '0', DATA_DIR: dataDir }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** What an import could change: row counts, and every file in DATA_DIR/media. */
async function state(): Promise<{ rows: Record<string, number>; files: string[] }> {
  const database: Database = openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  const rows: Record<string, number> = {};
  try {
    for (const table of ['profiles', 'artworks', 'artwork_images', 'artwork_tags', 'profile_shares', 'pending_files', 'file_deletions']) {
      const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      rows[table] = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    }
  } finally {
    await database.close();
  }
  const media = join(dataDir, 'media');
  const files = (await readdir(media, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((d) => d.isFile())
    .map((d) => relative(media, join(d.parentPath, d.name)))
    .sort();
  return { rows, files };
}

const at = (name: string) => `${first.root}/${name}`;
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

/** The archive with some files changed (stored again with fflate). */
function changed(edit: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(original);
  edit(files);
  return zipSync(files, { level: 0 });
}

/** The archive with one child's file edited. */
const childChanged = (index: number, edit: (c: ArchiveChild) => void) =>
  changed((f) => {
    const name = at(first.manifest.children[index]!.file);
    const c = json(f[name]!) as ArchiveChild;
    edit(c);
    f[name] = strToU8(JSON.stringify(c));
  });

interface RawEntry {
  name: string;
  /** The bytes as stored in the zip (deflated when method is 8). */
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
}

/**
 * A zip written by hand: each entry's local header and data once, then a central directory that may list a local
 * entry under several names (`directory`: name and the index of the local entry) and declare other sizes.
 */
function craftZip(locals: RawEntry[], directory: { name: string; local: number; size?: number }[]): Uint8Array {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const e of locals) {
    const name = Buffer.from(e.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x800, 6);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt16LE(0x21, 12);
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.data.length, 18);
    h.writeUInt32LE(e.size, 22);
    h.writeUInt16LE(name.length, 26);
    offsets.push(offset);
    parts.push(h, name, Buffer.from(e.data));
    offset += 30 + name.length + e.data.length;
  }
  const cdStart = offset;
  for (const d of directory) {
    const e = locals[d.local]!;
    const name = Buffer.from(d.name);
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x800, 8);
    h.writeUInt16LE(e.method, 10);
    h.writeUInt16LE(0x21, 14);
    h.writeUInt32LE(e.crc, 16);
    h.writeUInt32LE(e.data.length, 20);
    h.writeUInt32LE(d.size ?? e.size, 24);
    h.writeUInt16LE(name.length, 28);
    h.writeUInt32LE(offsets[d.local]!, 42);
    parts.push(h, name);
    offset += 46 + name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length, 8);
  end.writeUInt16LE(directory.length, 10);
  end.writeUInt32LE(offset - cdStart, 12);
  end.writeUInt32LE(cdStart, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

const stored = (name: string, data: Uint8Array): RawEntry => ({ name, data, method: 0, crc: crc32(data) >>> 0, size: data.length });

/** The archive's files as stored entries, each listed once, with `extra` local entries after them. */
function craftFrom(
  files: Record<string, Uint8Array>,
  extra: RawEntry[],
  directory: (n: number) => { name: string; local: number; size?: number }[],
) {
  const locals = [...Object.entries(files).map(([name, data]) => stored(name, data)), ...extra];
  const listed = Object.keys(files).map((name, local) => ({ name, local }));
  return craftZip(locals, [...listed, ...directory(Object.keys(files).length)]);
}

let huge: Promise<RawEntry> | undefined;
/**
 * A child file of 123 MB (works without pictures, valid for the format as it was before issue 27), deflated as a
 * stream into about 120 KB: the bomb's payload, built once.
 */
const hugeChild = () => (huge ??= deflatedChild(123));

async function deflatedChild(megabytes: number): Promise<RawEntry> {
  const c = first.children[0]!;
  const work = JSON.stringify({ ...c.works[0]!, description: 'x'.repeat(900), images: [] });
  const head = Buffer.from(JSON.stringify({ ...c, works: [] }).replace(/"works":\[\]\}$/, '"works":['));
  const chunk = Buffer.from(`${work},`.repeat(Math.ceil((1024 * 1024) / (work.length + 1))));
  const tail = Buffer.from(`${work}]}`);
  const out: Buffer[] = [];
  const deflate = createDeflateRaw({ level: 9 });
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const feed = async (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await feed(head);
  for (let i = 0; i < megabytes; i++) await feed(chunk);
  await feed(tail);
  deflate.end();
  await done;
  return { name: 'children/bomb/child.json', data: Buffer.concat(out), method: 8, crc: crc >>> 0, size };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lm-hostile-'));
  dataDir = join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  const source = await startTestServer({ seed: false });
  try {
    const fam = await family(source, 1);
    const sibling = await childSession(source, fam.parent, `zsib${Date.now()}`);
    await made(source, fam.kids[0]!, { title: 'Sunflowers', is_public: true, images: [await png(120, 80), await png(80, 120)] });
    await made(source, fam.kids[0]!, { title: 'Castle', is_public: false });
    await made(source, sibling, { title: 'Dinosaur', is_public: true, images: [await png(90, 60)] });
    const res = await download(source, fam.parent);
    expect(res.status).toBe(200);
    original = res.bytes;
    first = readArchive(original);
    expect(first.children.map((c) => c.works.length)).toEqual([2, 1]);
  } finally {
    await source.close();
  }
  const database: Database = openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  await database.migrate();
  const target = await startTestServer({ database, seed: false, env: { DATA_DIR: dataDir } });
  email = uniqueEmail('hostile');
  try {
    await signupVerified(target, email);
  } finally {
    await target.close().catch(() => {});
    await database.close();
  }
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the import of `bytes` and expects a refusal: exit 1, one line naming the problem, nothing changed. */
async function refused(bytes: Uint8Array, reason: RegExp, node: string[] = []): Promise<Run> {
  const path = join(dir, `hostile-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(path, bytes);
  const before = await state();
  const run = await admin(['import', path, email], node);
  const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(run.code, run.stderr).toBe(1);
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^admin: cannot import /);
  expect(lines[0]).toMatch(reason);
  expect(run.stderr).not.toMatch(/insert into|Failed query|\n\s+at /i);
  expect(await state()).toEqual(before);
  return run;
}

describe('a bad archive changes nothing: one clear line, exit 1', () => {
  it('a NUL in the second child’s title', { timeout: 120_000 }, async () => {
    await refused(
      childChanged(1, (c) => (c.works[0]!.title = 'Dino\u0000saur')),
      /works\.0\.title/,
    );
  });

  it('a 29 February birth date in a common year', { timeout: 120_000 }, async () => {
    await refused(
      childChanged(1, (c) => (c.profile.date_of_birth = '2015-02-29')),
      /date_of_birth/,
    );
  });

  it('a work dated 2099', { timeout: 120_000 }, async () => {
    await refused(
      childChanged(0, (c) => Object.assign(c.works[0]!, { created_at: '2099-06-01T10:00:00.000Z', date: '2099-06-01' })),
      /works\.0\.created_at/,
    );
  });

  it('a 300-character first name', { timeout: 120_000 }, async () => {
    await refused(
      childChanged(0, (c) => (c.profile.first_name = 'A'.repeat(300))),
      /first_name/,
    );
  });

  it('a second child that fails after the first passes (a work made before the birth date)', { timeout: 120_000 }, async () => {
    await refused(
      childChanged(1, (c) => Object.assign(c.works[0]!, { created_at: '2017-01-01T00:00:00.000Z', date: '2017-01-01' })),
      /before the date of birth/,
    );
  });

  it('a picture that is not an image, in the last work', { timeout: 120_000 }, async () => {
    const last = first.children.at(-1)!.works.at(-1)!.images.at(-1)!.file;
    await refused(
      changed((f) => (f[at(last)] = strToU8('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))),
      new RegExp(`${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*not an image`),
    );
  });

  it(
    'a picture cut short in the last work: its header passes, its decoding fails after the others were stored',
    { timeout: 120_000 },
    async () => {
      const last = first.children.at(-1)!.works.at(-1)!.images.at(-1)!.file;
      // A PNG whose header (type, size) is whole and whose pixel data stops early: only decoding finds it out, in
      // the pass that has already put every earlier picture as a pending file.
      const noise = Buffer.alloc(300 * 200 * 3).map((_, i) => (i * 7919) % 251);
      const png = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
        .png()
        .toBuffer();
      await refused(
        changed((f) => (f[at(last)] = png.subarray(0, Math.floor(png.length * 0.6)))),
        // The decoding pass's message (the header check's adds the reason in parentheses).
        new RegExp(`${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not an image this museum accepts$`),
      );
    },
  );

  it('a picture whose declared size lies (it inflates far beyond it)', { timeout: 120_000 }, async () => {
    const last = at(first.children.at(-1)!.works.at(-1)!.images.at(-1)!.file);
    const files = unzipSync(original);
    const bomb = new Uint8Array(40 * 1024 * 1024);
    const lie: RawEntry = { name: last, data: deflateRawSync(bomb), method: 8, crc: crc32(files[last]!) >>> 0, size: files[last]!.length };
    delete files[last];
    await refused(
      craftFrom(files, [lie], (n) => [{ name: last, local: n }]),
      /damaged|larger than/,
    );
  });

  it('a name listed twice in the zip’s directory', { timeout: 120_000 }, async () => {
    const files = unzipSync(original);
    const name = at(first.manifest.children[0]!.file);
    const data = files[name]!;
    delete files[name];
    await refused(
      craftFrom(files, [stored(name, data)], (n) => [
        { name, local: n },
        { name, local: n },
      ]),
      /more than once|twice|duplicate/,
    );
  });

  it('one child file under three names whose entries overlap', { timeout: 120_000 }, async () => {
    const files = unzipSync(original);
    const name = at(first.manifest.children[0]!.file);
    const data = files[name]!;
    delete files[name];
    const manifest = json(files[at('manifest.json')]!) as { children: { username: string; file: string }[] };
    const names = ['children/a/child.json', 'children/b/child.json', 'children/c/child.json'];
    manifest.children = names.map((file, i) => ({ username: `copy${i}`, file }));
    files[at('manifest.json')] = strToU8(JSON.stringify(manifest));
    await refused(
      craftFrom(files, [stored(at(names[0]!), data)], (n) => names.map((file) => ({ name: at(file), local: n }))),
      /overlaps another entry/,
    );
  });

  it('a child file listed twice in the manifest', { timeout: 120_000 }, async () => {
    await refused(
      changed((f) => {
        const m = json(f[at('manifest.json')]!) as { children: unknown[] };
        m.children.push(m.children[0]);
        f[at('manifest.json')] = strToU8(JSON.stringify(m));
      }),
      /more than once|twice|duplicate/,
    );
  });

  it('a zip bomb (a 123 MB child file under 40 names of one entry), within 1 GB of memory', { timeout: 300_000 }, async () => {
    const bomb = await hugeChild();
    expect(bomb.data.length).toBeLessThan(1024 * 1024);
    const files = unzipSync(original);
    const manifest = json(files[at('manifest.json')]!) as { children: { username: string; file: string }[] };
    const names = Array.from({ length: 40 }, (_, i) => `children/bomb${i}/child.json`);
    manifest.children = names.map((file, i) => ({ username: `bomb${i}`, file }));
    files[at('manifest.json')] = strToU8(JSON.stringify(manifest));
    const zip = craftFrom(files, [{ ...bomb, name: at(names[0]!) }], (n) => names.map((name) => ({ name: at(name), local: n })));
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    await refused(zip, /overlap|too large|more than/, ['--max-old-space-size=1024']);
  });

  it('one 123 MB child file (declared in the directory) is refused before it is inflated', { timeout: 300_000 }, async () => {
    const bomb = await hugeChild();
    const files = unzipSync(original);
    const name = at(first.manifest.children[0]!.file);
    delete files[name];
    await refused(
      craftFrom(files, [{ ...bomb, name }], (n) => [{ name, local: n }]),
      /too large/,
      ['--max-old-space-size=1024'],
    );
  });
});

describe('a good archive', () => {
  it('is imported whole, its works private whatever the archive says', { timeout: 120_000 }, async () => {
    expect(first.children.flatMap((c) => c.works).some((w) => w.is_public)).toBe(true);
    const path = join(dir, 'good.zip');
    await writeFile(path, original);
    const before = await state();
    const run = await admin(['import', path, email]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 profile(s), 3 work(s), 4 picture(s)');
    const after = await state();
    expect(after.rows).toMatchObject({
      profiles: before.rows.profiles! + 2,
      artworks: before.rows.artworks! + 3,
      artwork_images: before.rows.artwork_images! + 4,
      pending_files: 0,
    });
    expect(after.files).toHaveLength(before.files.length + 8);
    const database: Database = openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      const result = await database.db.execute(sql`select count(*)::int as n from artworks where is_public`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
