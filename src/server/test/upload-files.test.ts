/**
 * Issue 14: uploads stream to temp files that never outlive their request, and files are written as pending records
 * first, so that a crash leaves nothing that the start-up sweep does not remove (domain/pending-files.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LIMITS } from '@contract/limits';
import { fileDeletions, pendingFiles } from '../db/schema';
import { sweepFileDeletions } from '../domain/file-deletions';
import { adoptPending, INSTANCE_ID, lockKeyOf, PENDING_MAX_AGE_MS, PendingFileLost, putPending } from '../domain/pending-files';
import { startTestServer, type TestServer } from './harness';
import { createWork, family, mediaFiles, png, type Kid } from './works-helpers';

let s: TestServer;
let kid: Kid;

beforeAll(async () => {
  s = await startTestServer({ seed: false });
  kid = (await family(s)).kids[0]!;
});
afterAll(() => s.close());

const tempDir = () => join(s.dataDir, 'tmp', INSTANCE_ID);
const tempFiles = async () => (await readdir(tempDir()).catch(() => [] as string[])).sort();

async function eventually(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const BOUNDARY = 'lm-upload-files';
const head = (name = 'photo.png') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nStreamed\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
const closing = `\r\n--${BOUNDARY}--\r\n`;

/** A raw upload over node:http, written by the caller; the reply (or the error) is collected. */
function openUpload(token: string) {
  const url = new URL(s.url);
  let answer: (v: { status: number; error?: string }) => void;
  const done = new Promise<{ status: number; error?: string }>((r) => (answer = r));
  const req = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      path: '/api/artworks/',
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    },
    (res) => {
      res.resume();
      res.on('end', () => answer({ status: res.statusCode ?? 0 }));
    },
  );
  req.on('error', (err) => answer({ status: 0, error: err.message }));
  return { req, done };
}

describe('upload temp files', () => {
  it('streams each file to a private temp file, removed once the work is created', async () => {
    const image = await png(400, 300);
    const { req, done } = openUpload(kid.access);
    req.write(head());
    req.write(image.subarray(0, 200));
    await eventually(async () => (await tempFiles()).length === 1, 'the temp file');
    const [name] = await tempFiles();
    expect(name).toMatch(/^[0-9a-f]{32}\.upload$/);
    expect((await stat(join(tempDir(), name!))).mode & 0o777).toBe(0o600);
    expect((await stat(tempDir())).mode & 0o777).toBe(0o700);
    req.end(Buffer.concat([image.subarray(200), Buffer.from(closing)]));
    expect((await done).status).toBe(201);
    expect(await tempFiles()).toEqual([]);
    // Adopted with the rows: nothing stays pending.
    expect(await s.deps.db.select().from(pendingFiles)).toEqual([]);
  });

  it('leaves no temp file after a rejected upload (not an image)', async () => {
    const res = await createWork(s, kid, { images: [{ bytes: 'not an image at all', name: 'a.png', type: 'image/png' }] });
    expect(res.status).toBe(400);
    expect(await tempFiles()).toEqual([]);
  });

  it('leaves no temp file after a too-large upload', async () => {
    const { req, done } = openUpload(kid.access);
    req.write(head());
    const chunk = randomBytes(256 * 1024);
    const total = LIMITS.maxUploadBytes + chunk.length * 2;
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(closing);
    };
    pump();
    const reply = await done;
    // The 400 comes before the body ends (or the connection is closed under the writer).
    expect([400, 0]).toContain(reply.status);
    await eventually(async () => (await tempFiles()).length === 0, 'temp files removed');
  });

  it('leaves no temp file after the client goes away mid-body', async () => {
    const image = await png(400, 300);
    const { req, done } = openUpload(kid.access);
    req.write(head());
    req.write(image.subarray(0, 500));
    await eventually(async () => (await tempFiles()).length === 1, 'the temp file');
    req.destroy();
    await done;
    await eventually(async () => (await tempFiles()).length === 0, 'temp files removed');
  });
});

describe('pending files', () => {
  const newKey = () => `works/${randomBytes(16).toString('hex')}.webp`;
  const bytes = Buffer.from('a file a crash left');

  /** What a writer leaves when it is killed between its put and its commit. */
  async function leftBy(instanceId: string, createdAt = new Date()): Promise<string> {
    const key = newKey();
    await s.deps.db.insert(pendingFiles).values({ key, instanceId, createdAt });
    await s.deps.storage.put(key, bytes, 'image/webp');
    return key;
  }

  const stored = async (key: string) => (await mediaFiles(s)).includes(key);

  it('the sweep deletes the files of a writer that is gone, and keeps those of a live one', async () => {
    const dead = await leftBy(randomBytes(12).toString('hex'));
    const live = await leftBy(INSTANCE_ID);
    expect(await stored(dead)).toBe(true);
    await sweepFileDeletions(s.deps);
    expect(await stored(dead)).toBe(false);
    expect(await stored(live)).toBe(true);
    const pending = await s.deps.db.select({ key: pendingFiles.key }).from(pendingFiles);
    expect(pending.map((p) => p.key)).toEqual([live]);
    expect(await s.deps.db.select().from(fileDeletions)).toEqual([]);
    await s.deps.db.delete(pendingFiles).where(eq(pendingFiles.key, live));
  });

  it('a record over a day old is claimed whatever its writer, and its adoption then fails', async () => {
    const old = await leftBy(INSTANCE_ID, new Date(Date.now() - PENDING_MAX_AGE_MS - 60_000));
    await sweepFileDeletions(s.deps);
    expect(await stored(old)).toBe(false);
    await expect(s.deps.db.transaction((tx) => adoptPending(tx, [old]))).rejects.toBeInstanceOf(PendingFileLost);
  });

  it('putPending records the key before the file exists, and the adopting transaction clears it', async () => {
    const key = newKey();
    let recordedFirst = false;
    const storage = {
      ...s.deps.storage,
      put: async (k: string, b: Uint8Array, type: string) => {
        const rows = await s.deps.db.select().from(pendingFiles).where(eq(pendingFiles.key, k));
        recordedFirst = rows.length === 1 && rows[0]!.instanceId === INSTANCE_ID;
        await s.deps.storage.put(k, b, type);
      },
    };
    await putPending({ ...s.deps, storage }, [{ key, bytes, contentType: 'image/webp' }]);
    expect(recordedFirst).toBe(true);
    await s.deps.db.transaction((tx) => adoptPending(tx, [key]));
    expect(await s.deps.db.select().from(pendingFiles)).toEqual([]);
    await s.deps.storage.delete(key);
  });

  it('the sweep removes the upload temp folders of processes that are gone, not this one', async () => {
    const deadDir = join(s.dataDir, 'tmp', randomBytes(12).toString('hex'));
    await mkdir(deadDir, { recursive: true });
    await writeFile(join(deadDir, 'x.upload'), 'half an upload');
    await mkdir(tempDir(), { recursive: true });
    await sweepFileDeletions(s.deps);
    const left = await readdir(join(s.dataDir, 'tmp'));
    expect(left).toContain(INSTANCE_ID);
    expect(left).not.toContain(deadDir.split('/').pop());
  });

  // Only PostgreSQL has other processes: one that holds its lock is alive, whatever its id.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, a writer holding its lock is alive until its connection drops',
    async () => {
      const other = randomBytes(12).toString('hex');
      const holder = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1, $2)', [0x4c4d7066, lockKeyOf(other)]);
      const key = await leftBy(other);
      await sweepFileDeletions(s.deps);
      expect(await stored(key)).toBe(true);
      await holder.end();
      await sweepFileDeletions(s.deps);
      expect(await stored(key)).toBe(false);
    },
  );
});
