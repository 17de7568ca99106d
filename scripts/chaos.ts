/**
 * `npm run test:chaos` (issue 14, "Crash safety"): the real server, killed with SIGKILL at random points while
 * families upload works with idempotency keys, restarted on the same data each time; the clients retry as the PWA
 * does (queue-sync.ts: the same key and bytes; a network error, 5xx, 408, 409, 429 or 401 is retried after a doubling
 * delay, any other 4xx is a failure). At the end, with the server stopped:
 *   - no partial work: every work has 1..5 images, and every image row's two files exist in storage;
 *   - no file that no row names: storage holds exactly the files the rows name (the sweep at start removed the rest),
 *     no pending record or scheduled deletion is left, and no upload temp file;
 *   - quota counts equal the rows: GET /api/billing/user-image-count/ against the image rows of each account;
 *   - exactly one work per idempotency key: each key answered 201 names one work, the one it was answered with;
 *     a key never answered made at most one.
 * Prints kills, uploads, retries, works, files and `N passed, N failed`; exits 1 on any failure.
 *
 * Environment:
 *   CHAOS_KILLS=20            kills (CI may run fewer)
 *   CHAOS_DATABASE_URL=...    PostgreSQL (its schemas public and drizzle are DROPPED first); unset: PGlite in DATA_DIR
 *   CHAOS_STORAGE=s3          media in a fresh bucket on a local s3rver (scripts/s3-local.mjs), or on S3_ENDPOINT when set
 *   CHAOS_INSTANCES=2        two servers on one PostgreSQL and one storage, requests alternating, one killed at a time
 *                            (a start-up sweep must not take the other instance's files in flight)
 *   CHAOS_ENTRY=tsx           run src/server/main.ts through tsx instead of the compiled server (out/server/main.js)
 *   CHAOS_SEED=<n>            the random seed (printed), to replay a run's kill points
 *   CHAOS_KEEP=1              keep the temp DATA_DIR for a look
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';

import { createStorage, type StorageAdapter } from '../src/server/adapters/storage';
import { loadConfig } from '../src/server/config';
import { DEMO_FAMILY, DEMO_PASSWORD, ENGLISH_FAMILY, GALLERY_FAMILY } from '../src/server/db/demo-content';
import { openDatabase, type Database } from '../src/server/db/open';
import { fileDeletions, pendingFiles, plans, subscriptions, users } from '../src/server/db/schema';
import { seedDemo } from '../src/server/db/seed';
import { buildServerIfStale, freePort, SERVER_ENTRY } from './lib.mjs';

const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
const PG_URL = process.env.CHAOS_DATABASE_URL;
const USE_S3 = process.env.CHAOS_STORAGE === 's3';
const USE_TSX = process.env.CHAOS_ENTRY === 'tsx';
/** Instances on one database and one storage (PostgreSQL only), requests alternating between them; one is killed at a time. */
const INSTANCES = Number(process.env.CHAOS_INSTANCES ?? 1);
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Upload loops per child profile (2 children per family, 3 families). */
const LOOPS_PER_CHILD = 2;

// A small seeded generator (mulberry32), so that CHAOS_SEED replays the kill points.
let state = SEED >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

function log(line: string): void {
  process.stdout.write(`[chaos] ${line}\n`);
}

// ---- the server -------------------------------------------------------------------------------------------------

interface Running {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

let serverEnv: Record<string, string> = {};
/** Each instance's address; requests go to them in turn. */
const urls: string[] = [];
let turn = 0;

function startServer(instance: number): Running {
  const args = USE_TSX ? ['--import', 'tsx', 'src/server/main.ts'] : ['--enable-source-maps', SERVER_ENTRY];
  const port = new URL(urls[instance]!).port;
  const child = spawn(process.execPath, args, { env: { ...process.env, ...serverEnv, PORT: port }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(d.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', (d: Buffer) => {
    for (const m of d.toString().matchAll(/"msg":"pending files of writers that are gone[^}]*"files":(\d+)/g)) stats.swept += Number(m[1]);
    keep(d);
  });
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output, url: urls[instance]! };
}

async function waitReady(server: Running): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.output.join('')}`);
    try {
      const res = await fetch(`${server.url}/api/health/`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the server did not answer within 60 s:\n${server.output.join('')}`);
    await sleep(50);
  }
}

async function kill(server: Running): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function stopGracefully(server: Running): Promise<void> {
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, sleep(60_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    await kill(server);
    throw new Error('the server did not stop within 60 s of SIGTERM');
  }
}

// ---- the clients ------------------------------------------------------------------------------------------------

interface Child {
  family: string;
  username: string;
  token: string;
}

interface KeyRecord {
  key: string;
  child: Child;
  title: string;
  /** The work id of the 201, once one came. */
  workId: number | null;
  attempts: number;
}

const stats = { swept: 0, uploads: 0, retries: 0, answered: 0, failures: [] as string[], networkErrors: 0, serverErrors: 0, busy: 0 };
const keys: KeyRecord[] = [];

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: unknown }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const base = urls[turn++ % urls.length]!;
  const res = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** Logs the parent in and chooses the profile: a child token (retried while the server is down). */
async function childToken(email: string, username: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const parent = await api('/api/login/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (parent.status === 200) {
        const access = (parent.body as { access: string }).access;
        const child = await api('/api/profile/login/', {
          method: 'POST',
          token: access,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username }),
        });
        if (child.status === 200) return (child.body as { access: string }).access;
      }
    } catch {
      // the server is down: try again
    }
    await sleep(Math.min(2000, 50 * 2 ** attempt));
  }
}

let shade = 0;
async function image(): Promise<Buffer> {
  shade = (shade + 37) % 250;
  const w = between(48, 320);
  const h = between(48, 320);
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: shade, g: between(0, 255), b: 255 - shade } } })
    .png()
    .toBuffer();
}

/** One upload, retried as the PWA retries it until it is answered (or the run ends). */
async function uploadOnce(child: Child, running: () => boolean): Promise<void> {
  const key = randomUUID();
  const title = `chaos ${key}`;
  const images = await Promise.all(Array.from({ length: between(1, 3) }, () => image()));
  const record: KeyRecord = { key, child, title, workId: null, attempts: 0 };
  keys.push(record);
  stats.uploads += 1;
  for (;;) {
    if (record.attempts > 0) {
      stats.retries += 1;
      // queue-sync.ts's retryDelay, scaled down: 50 ms doubling up to 2 s, a random half to all of it.
      const base = Math.min(2000, 50 * 2 ** Math.min(10, record.attempts - 1));
      await sleep(base / 2 + random() * (base / 2));
    }
    if (!running() && record.attempts > 0 && stopping.hard) return;
    record.attempts += 1;
    const form = new FormData();
    form.append('title', title);
    form.append('description', 'made by scripts/chaos.ts');
    form.append('is_public', 'false');
    for (const [i, bytes] of images.entries()) form.append('images', new File([new Uint8Array(bytes)], `p${i}.png`, { type: 'image/png' }));
    let status = 0;
    let body: unknown = null;
    try {
      ({ status, body } = await api('/api/artworks/', {
        method: 'POST',
        token: child.token,
        body: form,
        headers: { 'Idempotency-Key': key },
      }));
    } catch {
      stats.networkErrors += 1;
      continue;
    }
    if (status === 201) {
      record.workId = (body as { id: number }).id;
      stats.answered += 1;
      return;
    }
    if (status === 401) {
      child.token = await childToken(child.family, child.username);
      continue;
    }
    if (status >= 500) stats.serverErrors += 1;
    if (status === 429) stats.busy += 1;
    if (status >= 500 || status === 408 || status === 409 || status === 429) continue;
    stats.failures.push(`${key}: ${status} ${JSON.stringify(body)}`);
    return;
  }
}

const stopping = { soft: false, hard: false };

async function clientLoop(child: Child): Promise<void> {
  while (!stopping.soft) await uploadOnce(child, () => !stopping.soft);
}

// ---- setup and checks -------------------------------------------------------------------------------------------

async function resetPostgres(url: string): Promise<void> {
  const database = openDatabase({ url });
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
  await database.close();
}

function openData(dataDir: string): Database {
  return PG_URL ? openDatabase({ url: PG_URL }) : openDatabase({ pgliteDir: join(dataDir, 'pglite') });
}

/** The demo families, each on the Premium plan (no image limit), so quota refusals do not end the uploads. */
async function seed(dataDir: string, storage: StorageAdapter): Promise<void> {
  const database = openData(dataDir);
  await database.migrate();
  await seedDemo(database.db, storage);
  const [premium] = await database.db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.audience, 'family'), isNull(plans.imageLimit)));
  if (!premium) throw new Error('no unlimited family plan in the database');
  const families = await database.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [DEMO_FAMILY.email, GALLERY_FAMILY.email, ENGLISH_FAMILY.email]));
  const yearAhead = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  await database.db.insert(subscriptions).values(
    families.map((f) => ({
      userId: f.id,
      planId: premium.id,
      provider: 'chaos',
      providerSubscriptionId: `chaos-${f.id}`,
      status: 'active' as const,
      amount: 1100,
      currency: 'jpy',
      currentPeriodEnd: yearAhead,
    })),
  );
  await database.close();
}

async function storedKeys(storage: StorageAdapter): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const entry of storage.list('')) found.add(entry.key);
  return found;
}

/**
 * s3rver writes an object's bytes before its metadata and keeps the bytes of a PUT whose client died mid-body (its
 * listing then fails with InternalError), which S3 never does: a PUT stores all or nothing. The objects it kept so,
 * bytes without metadata, are removed before the bucket is compared with the rows; how many is logged.
 */
async function dropAbortedS3rverPuts(dir: string): Promise<number> {
  const files = new Set(await filesUnder(dir));
  let dropped = 0;
  for (const file of files) {
    if (!file.endsWith('._S3rver_object') || files.has(file.replace(/object$/, 'metadata.json'))) continue;
    await rm(file, { force: true });
    await rm(file.replace(/object$/, 'object.md5'), { force: true });
    dropped += 1;
  }
  return dropped;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function check(
  dataDir: string,
  storage: StorageAdapter,
  quota: Map<string, number>,
): Promise<{ checks: Check[]; works: number; files: number }> {
  const database = openData(dataDir);
  const db = database.db;
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail = '') => checks.push({ name, ok, detail });
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

  const perWork = rows<{ id: number; title: string; n: number }>(
    await db.execute(
      sql`select a.id, a.title, count(i.id)::int as n from artworks a left join artwork_images i on i.artwork_id = a.id group by a.id, a.title`,
    ),
  );
  const partial = perWork.filter((w) => w.n < 1 || w.n > 5);
  add('no partial work: every work has 1..5 images', partial.length === 0, partial.map((w) => `work ${w.id}: ${w.n} images`).join('; '));

  const named = rows<{ key: string }>(
    await db.execute(sql`
      select display_key as key from artwork_images union all select thumb_key from artwork_images
      union all select picture_key from profiles where picture_key is not null
      union all select image_key from advertisements
      union all select thumbnail_key from contests where thumbnail_key is not null
      union all select thumbnail_key from artist_classes where thumbnail_key is not null`),
  ).map((r) => r.key);
  const namedSet = new Set(named);
  const inStorage = await storedKeys(storage);
  const missing = [...namedSet].filter((k) => !inStorage.has(k));
  add("every row's files exist in storage", missing.length === 0, `${missing.length} missing: ${missing.slice(0, 5).join(', ')}`);
  const orphans = [...inStorage].filter((k) => !namedSet.has(k));
  add('no file that no row names', orphans.length === 0, `${orphans.length} orphans: ${orphans.slice(0, 5).join(', ')}`);

  const pending = await db.select({ key: pendingFiles.key }).from(pendingFiles);
  const scheduled = await db.select({ key: fileDeletions.key }).from(fileDeletions);
  add(
    'no pending file record or scheduled deletion left',
    pending.length === 0 && scheduled.length === 0,
    `${pending.length} pending, ${scheduled.length} scheduled`,
  );
  const temp = await filesUnder(join(dataDir, 'tmp'));
  add('no upload temp file left', temp.length === 0, temp.slice(0, 5).join(', '));

  const counts = rows<{ email: string; n: number }>(
    await db.execute(sql`
      select u.email, count(i.id)::int as n from users u
      left join profiles p on p.user_id = u.id left join artworks a on a.profile_id = p.id
      left join artwork_images i on i.artwork_id = a.id
      where u.email in (${DEMO_FAMILY.email}, ${GALLERY_FAMILY.email}, ${ENGLISH_FAMILY.email}) group by u.email`),
  );
  const quotaWrong = counts.filter((c) => quota.get(c.email) !== c.n);
  add(
    'quota counts equal the rows',
    quota.size === 3 && quotaWrong.length === 0,
    quotaWrong.map((c) => `${c.email}: api ${quota.get(c.email)} vs rows ${c.n}`).join('; '),
  );

  const byTitle = new Map<string, number[]>();
  for (const w of perWork) byTitle.set(w.title, [...(byTitle.get(w.title) ?? []), w.id]);
  const wrong: string[] = [];
  for (const k of keys) {
    const made = byTitle.get(k.title) ?? [];
    if (k.workId !== null && (made.length !== 1 || made[0] !== k.workId))
      wrong.push(`${k.key}: answered ${k.workId}, works ${made.join(',') || 'none'}`);
    if (k.workId === null && made.length > 1) wrong.push(`${k.key}: unanswered, ${made.length} works`);
  }
  const known = new Set(keys.map((k) => k.title));
  const strangers = perWork.filter((w) => w.title.startsWith('chaos ') && !known.has(w.title));
  add(
    'exactly one work per idempotency key',
    wrong.length === 0 && strangers.length === 0,
    [...wrong.slice(0, 5), ...strangers.map((w) => `work ${w.id} of no key`)].join('; '),
  );
  add('every upload was answered or retried, none refused', stats.failures.length === 0, stats.failures.slice(0, 5).join('; '));
  // A kill cuts connections (retried), but no answer is the server's own failure: on PostgreSQL, a 5xx here is what a
  // sweep taking a live instance's files in flight would cause (their adoption fails).
  add('no 5xx answer', stats.serverErrors === 0, `${stats.serverErrors} answers of 5xx`);

  const works = perWork.filter((w) => w.title.startsWith('chaos ')).length;
  await database.close();
  return { checks, works, files: inStorage.size };
}

// ---- the run ----------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lm-chaos-'));
  if (INSTANCES > 1 && !PG_URL) throw new Error('CHAOS_INSTANCES > 1 needs CHAOS_DATABASE_URL (PGlite is one process)');
  for (let i = 0; i < INSTANCES; i++) urls.push(`http://127.0.0.1:${await freePort()}`);
  serverEnv = {
    NODE_ENV: 'production',
    PORT: new URL(urls[0]!).port,
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_REQUESTS: '0',
    SHUTDOWN_GRACE_MS: '20000',
  };
  if (PG_URL) serverEnv.DATABASE_URL = PG_URL;

  let s3: ChildProcess | null = null;
  let bucket: string | null = null;
  if (USE_S3) {
    let endpoint = process.env.S3_ENDPOINT;
    if (!endpoint) {
      s3 = spawn(process.execPath, ['scripts/s3-local.mjs', '--port', '0', '--dir', join(dataDir, 's3rver')], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      endpoint = await new Promise<string>((resolve, reject) => {
        s3!.stdout!.on('data', (d: Buffer) => {
          const m = /ready on (http:\/\/[\d.:]+)/.exec(d.toString());
          if (m) resolve(m[1]!);
        });
        s3!.once('exit', () => reject(new Error('s3rver exited')));
      });
    }
    bucket = `chaos-${SEED}`;
    Object.assign(serverEnv, {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER',
    });
  }
  const config = loadConfig({ ...serverEnv });
  if (config.s3) {
    const { ensureBucket } = await import('../src/server/adapters/storage-s3');
    await ensureBucket(config.s3);
  }
  const storage = await createStorage(config);

  log(
    `seed ${SEED}; ${KILLS} kills; ${INSTANCES} instance(s); ${PG_URL ? 'PostgreSQL' : 'PGlite'} + ${USE_S3 ? `S3 (${serverEnv.S3_ENDPOINT}, bucket ${bucket})` : 'disk'}; ` +
      `server ${USE_TSX ? 'tsx src/server/main.ts' : SERVER_ENTRY}; DATA_DIR ${dataDir}`,
  );
  if (!USE_TSX) await buildServerIfStale();
  if (!USE_TSX && !existsSync(SERVER_ENTRY)) throw new Error(`no ${SERVER_ENTRY}`);
  if (PG_URL) await resetPostgres(PG_URL);
  await seed(dataDir, storage);

  const servers = urls.map((_, i) => startServer(i));
  for (const server of servers) await waitReady(server);
  const families = [DEMO_FAMILY, GALLERY_FAMILY, ENGLISH_FAMILY] as const;
  const children: Child[] = [];
  for (const f of families) {
    const usernames = Object.values(f)
      .filter(
        (v): v is { username: string; firstName: string; dateOfBirth: string } => typeof v === 'object' && v !== null && 'username' in v,
      )
      .map((c) => c.username);
    for (const username of usernames) children.push({ family: f.email, username, token: await childToken(f.email, username) });
  }
  const loops = children.flatMap((c) => Array.from({ length: LOOPS_PER_CHILD }, () => clientLoop(c)));

  let kills = 0;
  const started = Date.now();
  while (kills < KILLS) {
    // A random point: early in start-up, mid-upload, in a transaction.
    await sleep(between(150, 2500));
    const victim = between(0, servers.length - 1);
    await kill(servers[victim]!);
    kills += 1;
    log(`kill ${kills}/${KILLS}: ${stats.uploads} uploads, ${stats.answered} answered, ${stats.retries} retries`);
    await sleep(between(0, 300));
    servers[victim] = startServer(victim);
    await waitReady(servers[victim]!);
  }
  // The last instance lives: every upload under way is answered, then the clients stop.
  await sleep(1500);
  stopping.soft = true;
  const settled = Promise.all(loops);
  const done = await Promise.race([settled.then(() => true), sleep(90_000).then(() => false)]);
  if (!done) {
    stopping.hard = true;
    await Promise.race([settled, sleep(30_000)]);
  }

  // The quota as the API reports it, per family, before the server stops.
  const quota = new Map<string, number>();
  for (const f of families) {
    const token = await childToken(f.email, children.find((c) => c.family === f.email)!.username);
    const res = await api('/api/billing/user-image-count/', { token });
    if (res.status === 200) quota.set(f.email, (res.body as { total_images: number }).total_images);
  }
  for (const server of servers) await stopGracefully(server);

  if (s3) {
    const dropped = await dropAbortedS3rverPuts(join(dataDir, 's3rver'));
    if (dropped > 0) log(`s3rver kept ${dropped} object(s) of PUTs cut by a kill (bytes without metadata; S3 keeps none): removed`);
  }
  // The last instance's start-up sweep took what the kills left; its uploads all ended before its graceful stop.
  const { checks, works, files } = await check(dataDir, storage, quota);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  log(
    `kills ${kills}, uploads ${stats.uploads}, answered ${stats.answered}, retries ${stats.retries} ` +
      `(network errors ${stats.networkErrors}, 5xx ${stats.serverErrors}, 429 ${stats.busy}), works ${works}, files ${files}; ` +
      `the start-up sweeps took ${stats.swept} pending files of killed instances; ${seconds} s`,
  );
  for (const c of checks) log(`${c.ok ? 'PASS' : 'FAIL'} ${c.name}${c.ok || !c.detail ? '' : `: ${c.detail}`}`);
  const failed = checks.filter((c) => !c.ok).length;
  log(`${checks.length - failed} passed, ${failed} failed`);

  if (config.s3 && bucket) {
    const { dropBucket } = await import('../src/server/adapters/storage-s3');
    await dropBucket(config.s3).catch(() => {});
  }
  s3?.kill('SIGTERM');
  if (process.env.CHAOS_KEEP !== '1') await rm(dataDir, { recursive: true, force: true });
  else log(`kept ${dataDir}`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('[chaos] error:', err);
  process.exit(1);
});
