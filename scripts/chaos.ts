/**
 * `npm run test:chaos` (issue 14, "Crash safety"; issue 27 made it check what it says): the real server, killed with
 * SIGKILL at random points while families upload works with idempotency keys, restarted on the same data each time;
 * the clients retry as the PWA does (queue-sync.ts: the same key and bytes; a network error, 5xx, 408, 409, 429 or 401
 * is retried after a doubling delay, any other 4xx is a failure), but a bounded number of times, so that a server
 * that never takes an upload fails the run instead of stalling it. The three demo families upload on Premium (no
 * limit); free families (5 images per account, all children together) upload in turn, a few families at a time, to the
 * edge of the limit and past it. At the end, with the server stopped:
 *   - no partial work: each key's work holds exactly the images its upload sent, and every image row's two files exist;
 *   - no file that no row names: storage holds exactly the files the rows name (the sweep at start removed the rest),
 *     no pending record or scheduled deletion is left, and no upload temp file;
 *   - the free limit held: no free account holds more than 5 images (nothing is deleted during the run, so an
 *     account's images only grow and the end bounds every moment), an upload the client knew could not fit was
 *     refused, every refusal was the limit's (400 on `images`, the limit's message), and each free family the run
 *     finished holds exactly 5 (no early refusal);
 *   - the quota counts equal the rows, counted independently: each account's images are its seeded images plus those
 *     of the uploads the client saw answered 201;
 *   - exactly one work per idempotency key: each key answered 201 names one work, the one it was answered with; a
 *     refused key made none; a key never answered made at most one;
 *   - something was done: uploads were answered 201 (premium and free), works were made, the limit refused some, and
 *     kills landed while uploads were in flight on the killed instance; every upload was answered, none gave up.
 * Prints kills, uploads, answers, refusals, retries, works, files and `N passed, N failed`; exits 1 on any failure.
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

import { LIMITS } from '../src/contract/limits';
import { createStorage, type StorageAdapter } from '../src/server/adapters/storage';
import { loadConfig } from '../src/server/config';
import { DEMO_FAMILY, DEMO_PASSWORD, ENGLISH_FAMILY, GALLERY_FAMILY } from '../src/server/db/demo-content';
import { openDatabase, type Database } from '../src/server/db/open';
import { fileDeletions, pendingFiles, plans, profiles, subscriptions, users } from '../src/server/db/schema';
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
/**
 * Free families, seeded for the run and used one after another (each to its limit, then the next), 2 children each
 * with FREE_LOOPS_PER_CHILD loops: 4 uploads of one account at once, so that the limit is decided between concurrent
 * uploads, under kills, all through the run. More than a run of 20 kills uses.
 */
const FREE_FAMILIES = 60;
const FREE_LOOPS_PER_CHILD = 2;
/** Free families under way at once: enough that even a run of 3 kills sees several filled. */
const FREE_LANES = 3;
const FREE_LIMIT = LIMITS.freePlanImageLimit;
/**
 * An upload's attempts before the client gives up (a failure): far more than the kills cost one (a restart is a few
 * retries at most), and at most MAX_BUSY answers of 408, 409 or 429 among them (the server's "not now", which a
 * working server rarely gives: 2 uploads of an account run at once and 8 wait, uploads.ts).
 */
const MAX_ATTEMPTS = 30;
const MAX_BUSY = 8;
/** Refusals of one loop in a row before it is a failure: a limit that refuses what fits would loop forever. */
const MAX_REFUSALS_IN_A_ROW = 20;

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
  family: Family;
  username: string;
  token: string;
}

interface Family {
  email: string;
  /** On the free plan (the seeded free families), or on Premium (the demo families). */
  free: boolean;
  usernames: string[];
  /** Images of the account before the run (the demo works). */
  seeded: number;
  /** Images of the uploads answered 201: what the client knows the account holds beyond the seeded ones. */
  accepted: number;
  /** The run took this family's turn (free families), and saw it to its limit. */
  used: boolean;
  finished: boolean;
}

interface KeyRecord {
  key: string;
  child: Child;
  title: string;
  /** How many images the upload sent. */
  images: number;
  /** The client already knew, when it first sent it, that it could not fit (accepted + images > the limit). */
  cannotFit: boolean;
  /** The work id of the 201, once one came. */
  workId: number | null;
  refused: boolean;
  attempts: number;
  /** Answers of 408, 409 or 429. */
  busy: number;
}

const stats = {
  swept: 0,
  uploads: 0,
  retries: 0,
  answered: 0,
  answeredFree: 0,
  refused: 0,
  failures: [] as string[],
  gaveUp: [] as string[],
  strangeRefusals: [] as string[],
  networkErrors: 0,
  serverErrors: 0,
  busy: 0,
  killsInFlight: 0,
  /** Uploads in flight per instance: a kill that lands while its instance has some cuts them. */
  inFlight: [] as number[],
};
const keys: KeyRecord[] = [];

async function api(
  path: string,
  init: RequestInit & { token?: string } = {},
  onInstance?: (instance: number, delta: 1 | -1) => void,
): Promise<{ status: number; body: unknown }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const instance = turn++ % urls.length;
  onInstance?.(instance, 1);
  try {
    const res = await fetch(`${urls[instance]!}${path}`, { ...init, headers, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  } finally {
    onInstance?.(instance, -1);
  }
}

/** Logs the parent in and chooses the profile: a child token (retried while the server is down, for about 3 minutes). */
async function childToken(email: string, username: string): Promise<string> {
  for (let attempt = 1; attempt <= 100; attempt += 1) {
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
  throw new Error(`no child token for ${username} of ${email} after 100 attempts`);
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

/** The free limit's refusal (quota.ts, assertRoom): 400 on `images` with the limit's message (asked in English). */
function isLimitRefusal(status: number, body: unknown): boolean {
  const images = (body as { images?: unknown } | null)?.images;
  return (
    status === 400 && Array.isArray(images) && images.some((m) => typeof m === 'string' && m.startsWith('Free plan allows up to 5 images'))
  );
}

type Outcome = 'created' | 'refused' | 'failed' | 'unanswered';

/** One upload of `count` images, retried as the PWA retries it until it is answered, the run ends or the bound. */
async function uploadOnce(child: Child, count: number, running: () => boolean): Promise<Outcome> {
  const key = randomUUID();
  const title = `chaos ${key}`;
  const images = await Promise.all(Array.from({ length: count }, () => image()));
  const family = child.family;
  const record: KeyRecord = {
    key,
    child,
    title,
    images: count,
    cannotFit: family.free && family.accepted + count > FREE_LIMIT,
    workId: null,
    refused: false,
    attempts: 0,
    busy: 0,
  };
  keys.push(record);
  stats.uploads += 1;
  let last = '';
  for (;;) {
    if (record.attempts > 0) {
      stats.retries += 1;
      // queue-sync.ts's retryDelay, scaled down: 50 ms doubling up to 2 s, a random half to all of it.
      const base = Math.min(2000, 50 * 2 ** Math.min(10, record.attempts - 1));
      await sleep(base / 2 + random() * (base / 2));
    }
    if (!running() && record.attempts > 0 && stopping.hard) return 'unanswered';
    if (record.attempts >= MAX_ATTEMPTS || record.busy >= MAX_BUSY) {
      stats.gaveUp.push(`${key}: gave up after ${record.attempts} attempts (${record.busy} answers of 408/409/429; last: ${last})`);
      return 'unanswered';
    }
    record.attempts += 1;
    const form = new FormData();
    form.append('title', title);
    form.append('description', 'made by scripts/chaos.ts');
    form.append('is_public', 'false');
    for (const [i, bytes] of images.entries()) form.append('images', new File([new Uint8Array(bytes)], `p${i}.png`, { type: 'image/png' }));
    let status = 0;
    let body: unknown = null;
    try {
      ({ status, body } = await api(
        '/api/artworks/',
        { method: 'POST', token: child.token, body: form, headers: { 'Idempotency-Key': key, 'Accept-Language': 'en' } },
        (instance, delta) => (stats.inFlight[instance] = (stats.inFlight[instance] ?? 0) + delta),
      ));
    } catch {
      stats.networkErrors += 1;
      last = 'network error';
      continue;
    }
    last = String(status);
    if (status === 201) {
      record.workId = (body as { id: number }).id;
      family.accepted += count;
      stats.answered += 1;
      if (family.free) stats.answeredFree += 1;
      return 'created';
    }
    if (family.free && isLimitRefusal(status, body)) {
      record.refused = true;
      stats.refused += 1;
      return 'refused';
    }
    if (status === 401) {
      child.token = await childToken(family.email, child.username);
      continue;
    }
    if (status >= 500) stats.serverErrors += 1;
    if (status === 408 || status === 409 || status === 429) {
      stats.busy += 1;
      record.busy += 1;
    }
    if (status >= 500 || status === 408 || status === 409 || status === 429) continue;
    // A 400 on `images` that is not the limit's, or any on a Premium account, is a refusal the run did not expect.
    if (isLimitRefusal(status, body)) stats.strangeRefusals.push(`${key} of ${family.email} (Premium)`);
    stats.failures.push(`${key}: ${status} ${JSON.stringify(body)}`);
    return 'failed';
  }
}

const stopping = { soft: false, hard: false };

/** A Premium child's loop: works of 1 to 3 images until the run ends. */
async function clientLoop(child: Child): Promise<void> {
  while (!stopping.soft) {
    if ((await uploadOnce(child, between(1, 3), () => !stopping.soft)) === 'unanswered') return;
  }
}

/**
 * A free child's loop: until its family's account is known full, works that fit the room the client knows of, and
 * now and then one image more than that room (then it cannot fit whatever else is in flight, and must be refused).
 */
async function freeLoop(child: Child): Promise<void> {
  const family = child.family;
  let refusedInARow = 0;
  while (!stopping.soft && family.accepted < FREE_LIMIT) {
    const room = FREE_LIMIT - family.accepted;
    const count = room < LIMITS.maxImagesPerWork && random() < 0.25 ? room + 1 : between(1, Math.min(3, room));
    const outcome = await uploadOnce(child, count, () => !stopping.soft);
    if (outcome === 'failed' || outcome === 'unanswered') return;
    if (outcome === 'created') refusedInARow = 0;
    else if (++refusedInARow >= MAX_REFUSALS_IN_A_ROW) {
      stats.failures.push(`${family.email}: ${refusedInARow} refusals in a row with ${family.accepted} of ${FREE_LIMIT} images accepted`);
      return;
    } else await sleep(between(20, 100));
  }
}

/**
 * The free families, one at a time per lane (the lanes share the list): each child logged in, its loops run until
 * the account is full, then the next.
 */
async function freeLane(families: Family[]): Promise<void> {
  for (let family = families.find((f) => !f.used); family; family = families.find((f) => !f.used)) {
    if (stopping.soft) return;
    family.used = true;
    const children: Child[] = [];
    for (const username of family.usernames) children.push({ family, username, token: await childToken(family.email, username) });
    await Promise.all(children.flatMap((c) => Array.from({ length: FREE_LOOPS_PER_CHILD }, () => freeLoop(c))));
    family.finished = family.accepted >= FREE_LIMIT;
  }
  if (!stopping.soft) log(`the free families ran out (${families.length})`);
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

/** The image count of each account, by e-mail (a count of its own, not the server's). */
async function imagesByAccount(db: Database['db']): Promise<Map<string, number>> {
  const counted = await db.execute(sql`
    select u.email, count(i.id)::int as n from users u
    left join profiles p on p.user_id = u.id left join artworks a on a.profile_id = p.id
    left join artwork_images i on i.artwork_id = a.id group by u.email`);
  return new Map((counted as unknown as { rows: { email: string; n: number }[] }).rows.map((r) => [r.email, r.n]));
}

/**
 * The demo families, each on the Premium plan (no image limit), so their uploads go on all run long; and
 * FREE_FAMILIES free families of two children without works, whose uploads meet the limit. Returns the families
 * with their images before the run.
 */
async function seed(dataDir: string, storage: StorageAdapter): Promise<Family[]> {
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
  // The free families share the demo families' password (its hash, so no argon2 per family).
  const [demo] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, DEMO_FAMILY.email));
  const free = Array.from({ length: FREE_FAMILIES }, (_, i) => ({
    email: `chaos-free-${i}@example.com`,
    usernames: [`chaosfree${i}a`, `chaosfree${i}b`],
  }));
  const parents = await database.db
    .insert(users)
    .values(
      free.map((f) => ({
        email: f.email,
        passwordHash: demo!.hash,
        firstName: 'Chaos',
        address: DEMO_FAMILY.address,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  await database.db.insert(profiles).values(
    free.flatMap((f) =>
      f.usernames.map((username) => ({
        userId: parents.find((p) => p.email === f.email)!.id,
        username,
        firstName: username,
        dateOfBirth: '2018-04-01',
        address: DEMO_FAMILY.address,
      })),
    ),
  );
  const before = await imagesByAccount(database.db);
  await database.close();
  const family = (email: string, usernames: string[], isFree: boolean): Family => ({
    email,
    free: isFree,
    usernames,
    seeded: before.get(email) ?? 0,
    accepted: 0,
    used: !isFree,
    finished: false,
  });
  const demoFamilies = [DEMO_FAMILY, GALLERY_FAMILY, ENGLISH_FAMILY].map((f) =>
    family(
      f.email,
      Object.values(f)
        .filter(
          (v): v is { username: string; firstName: string; dateOfBirth: string } => typeof v === 'object' && v !== null && 'username' in v,
        )
        .map((c) => c.username),
      false,
    ),
  );
  return [...demoFamilies, ...free.map((f) => family(f.email, f.usernames, true))];
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
  families: Family[],
  kills: number,
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
  const byTitle = new Map<string, { id: number; n: number }[]>();
  for (const w of perWork) byTitle.set(w.title, [...(byTitle.get(w.title) ?? []), { id: w.id, n: w.n }]);
  // Each key's work against the images its upload sent; the seeded works against the 1..5 any work has.
  const partial = [
    ...keys.flatMap((k) =>
      (byTitle.get(k.title) ?? []).filter((w) => w.n !== k.images).map((w) => `work ${w.id}: ${w.n} of ${k.images} images`),
    ),
    ...perWork.filter((w) => !w.title.startsWith('chaos ') && (w.n < 1 || w.n > 5)).map((w) => `seeded work ${w.id}: ${w.n} images`),
  ];
  add('no partial work: each key made its work with exactly the images it sent', partial.length === 0, partial.slice(0, 5).join('; '));

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

  // The free limit. Nothing deletes works during the run, so an account's images only grow: the count at the end is
  // the largest it ever was, and at most the limit means the limit held at every moment, kills included.
  const counts = await imagesByAccount(db);
  const free = families.filter((f) => f.free);
  const over = free.filter((f) => (counts.get(f.email) ?? 0) > FREE_LIMIT);
  add(
    `no free account over its limit of ${FREE_LIMIT} images, at any moment`,
    over.length === 0,
    over.map((f) => `${f.email}: ${counts.get(f.email)} images`).join('; '),
  );
  const fitless = keys.filter((k) => k.cannotFit && k.workId !== null);
  add(
    'an upload the client knew could not fit was refused by the limit',
    fitless.length === 0,
    fitless
      .slice(0, 5)
      .map((k) => `${k.key} (${k.images} images) answered 201 with work ${k.workId}`)
      .join('; '),
  );
  add(
    "every refusal was the free limit's (400 on images, its message), on a free account",
    stats.strangeRefusals.length === 0,
    stats.strangeRefusals.slice(0, 5).join('; '),
  );
  const finished = free.filter((f) => f.finished);
  const short = finished.filter((f) => (counts.get(f.email) ?? 0) !== FREE_LIMIT);
  add(
    `each free family seen to its limit holds exactly ${FREE_LIMIT} images (no early refusal): ${finished.length} families`,
    finished.length > 0 && short.length === 0,
    finished.length === 0
      ? 'no free family was seen to its limit'
      : short.map((f) => `${f.email}: ${counts.get(f.email)} images`).join('; '),
  );

  // The client's own count: the seeded images and those of the uploads it saw answered 201.
  const unanswered = keys.filter((k) => k.workId === null && !k.refused);
  const countWrong = families
    .filter((f) => f.used)
    .filter((f) => counts.get(f.email) !== f.seeded + f.accepted)
    .map((f) => `${f.email}: rows ${counts.get(f.email)} vs seeded ${f.seeded} + answered 201 ${f.accepted}`);
  add(
    "quota counts equal the rows: each account's images are its seeded ones and those of its uploads answered 201",
    countWrong.length === 0,
    [...countWrong.slice(0, 5), unanswered.length > 0 ? `(${unanswered.length} uploads unanswered)` : ''].filter(Boolean).join('; '),
  );

  const wrong: string[] = [];
  for (const k of keys) {
    const made = (byTitle.get(k.title) ?? []).map((w) => w.id);
    if (k.workId !== null && (made.length !== 1 || made[0] !== k.workId))
      wrong.push(`${k.key}: answered ${k.workId}, works ${made.join(',') || 'none'}`);
    if (k.refused && made.length > 0) wrong.push(`${k.key}: refused, yet works ${made.join(',')}`);
    if (k.workId === null && made.length > 1) wrong.push(`${k.key}: unanswered, ${made.length} works`);
  }
  const known = new Set(keys.map((k) => k.title));
  const strangers = perWork.filter((w) => w.title.startsWith('chaos ') && !known.has(w.title));
  add(
    'exactly one work per idempotency key (none for a refused one)',
    wrong.length === 0 && strangers.length === 0,
    [...wrong.slice(0, 5), ...strangers.map((w) => `work ${w.id} of no key`)].join('; '),
  );
  add(
    'every upload was answered (201, or the limit on a free account), none failed or gave up',
    stats.failures.length === 0 && stats.gaveUp.length === 0 && unanswered.length === 0,
    [...stats.failures.slice(0, 3), ...stats.gaveUp.slice(0, 3), `${unanswered.length} unanswered`].join('; '),
  );
  // A kill cuts connections (retried), but no answer is the server's own failure: on PostgreSQL, a 5xx here is what a
  // sweep taking a live instance's files in flight would cause (their adoption fails).
  add('no 5xx answer', stats.serverErrors === 0, `${stats.serverErrors} answers of 5xx`);

  // Without these a run could pass having done nothing: a server that refuses every upload, or kills that always
  // land between uploads, would leave nothing for the checks above to find wrong.
  const works = perWork.filter((w) => w.title.startsWith('chaos ')).length;
  const premium = stats.answered - stats.answeredFree;
  add(
    `uploads were answered and works made: ${premium} Premium and ${stats.answeredFree} free uploads answered 201, ${works} works, ${stats.refused} refused by the limit`,
    premium > 0 && stats.answeredFree > 0 && works > 0 && stats.refused > 0,
  );
  add(
    `kills landed while uploads were in flight on the killed instance: ${stats.killsInFlight} of ${kills} kills`,
    kills === KILLS && stats.killsInFlight > 0,
  );

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
  const families = await seed(dataDir, storage);

  const servers = urls.map((_, i) => startServer(i));
  for (const server of servers) await waitReady(server);
  const children: Child[] = [];
  for (const family of families.filter((f) => !f.free)) {
    for (const username of family.usernames) children.push({ family, username, token: await childToken(family.email, username) });
  }
  const loops = [
    ...children.flatMap((c) => Array.from({ length: LOOPS_PER_CHILD }, () => clientLoop(c))),
    ...Array.from({ length: FREE_LANES }, () => freeLane(families.filter((f) => f.free))),
  ];

  let kills = 0;
  const started = Date.now();
  while (kills < KILLS) {
    // A random point: early in start-up, mid-upload, in a transaction.
    await sleep(between(150, 2500));
    const victim = between(0, servers.length - 1);
    // Read before the kill: the uploads it cuts (their answers cannot have come once it has landed).
    const cut = stats.inFlight[victim] ?? 0;
    await kill(servers[victim]!);
    kills += 1;
    if (cut > 0) stats.killsInFlight += 1;
    log(
      `kill ${kills}/${KILLS}: ${cut} uploads in flight on it; ${stats.uploads} uploads, ${stats.answered} answered, ` +
        `${stats.refused} refused by the limit, ${stats.retries} retries`,
    );
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

  for (const server of servers) await stopGracefully(server);

  if (s3) {
    const dropped = await dropAbortedS3rverPuts(join(dataDir, 's3rver'));
    if (dropped > 0) log(`s3rver kept ${dropped} object(s) of PUTs cut by a kill (bytes without metadata; S3 keeps none): removed`);
  }
  // The last instance's start-up sweep took what the kills left; its uploads all ended before its graceful stop.
  const { checks, works, files } = await check(dataDir, storage, families, kills);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  log(
    `kills ${kills} (${stats.killsInFlight} with uploads in flight), uploads ${stats.uploads}, answered 201 ${stats.answered} ` +
      `(free ${stats.answeredFree}), refused by the limit ${stats.refused}, free families filled ${families.filter((f) => f.finished).length}, ` +
      `retries ${stats.retries} (network errors ${stats.networkErrors}, 5xx ${stats.serverErrors}, 408/409/429 ${stats.busy}), ` +
      `gave up ${stats.gaveUp.length}, works ${works}, files ${files}; ` +
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
