/**
 * The open archive's memory (issue 15): seeds a family with 2,000 works (rows straight into the database, small real
 * WebP pictures through the storage adapter), starts the server as a process of its own, downloads
 * GET /api/account/export/ and samples the server's resident memory (VmRSS, /proc) every 20 ms. Then a slow client
 * (a few MB/s, hung up half way) to show that a client that does not read holds the server back (backpressure)
 * instead of filling its memory. Prints the figures and writes reports/export-memory.json.
 *
 *   node --import tsx scripts/export-memory.ts
 *
 * EXPORT_MEMORY_WORKS (2000), EXPORT_MEMORY_ENTRY=compiled (out/server/main.js, built when stale; default: the
 * sources through tsx, so that nothing is built here), EXPORT_MEMORY_DATABASE_URL (a PostgreSQL database whose
 * public and drizzle schemas are DROPPED; default: PGlite in a temp DATA_DIR), S3_* as for the server.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';

import { createStorage } from '../src/server/adapters/storage.ts';
import { ensureBucket } from '../src/server/adapters/storage-s3.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { artworkImages, artworks, artworkTags, categories, profiles, tags, users } from '../src/server/db/schema.ts';
import { ZipReader } from '../src/server/domain/archive-zip.ts';
import { hashPassword } from '../src/server/domain/passwords.ts';
import { buildServerIfStale, freePort, SERVER_ENTRY } from './lib.mjs';

const WORKS = Number(process.env.EXPORT_MEMORY_WORKS ?? 2000);
const CHILDREN = 3;
const PASSWORD = 'Passw0rdOk';
const EMAIL = 'memory@example.com';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** 24 distinct pictures (display 800x600 and thumbnail 480x360, WebP as the server stores them). */
async function pictures(): Promise<{ display: Buffer; thumb: Buffer; width: number; height: number }[]> {
  const out = [];
  for (let i = 0; i < 24; i++) {
    const noise = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    const base = sharp({ create: { width: 800, height: 600, channels: 3, background: { r: (i * 40) % 255, g: 160, b: 255 - i * 9 } } })
      .composite([{ input: noise, blend: 'overlay' }])
      .webp({ quality: 82 });
    const display = await base.toBuffer();
    const thumb = await sharp(display).resize(480, 480, { fit: 'inside' }).webp({ quality: 75 }).toBuffer();
    out.push({ display, thumb, width: 800, height: 600 });
  }
  return out;
}

async function seed(env: Record<string, string>): Promise<{ pictureBytes: number; files: number }> {
  const config = loadConfig(env);
  const database = config.databaseUrl
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ pgliteDir: join(config.dataDir, 'pglite') });
  if (config.databaseUrl) {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await database.migrate();
  if (config.s3) await ensureBucket(config.s3);
  const storage = await createStorage(config);
  const db = database.db;
  const [user] = await db
    .insert(users)
    .values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), firstName: 'Memory', emailVerifiedAt: new Date() })
    .returning();
  const kids = await db
    .insert(profiles)
    .values(
      Array.from({ length: CHILDREN }, (_, i) => ({
        userId: user!.id,
        username: `child${i + 1}`,
        firstName: `Child ${i + 1}`,
        dateOfBirth: `201${i + 5}-04-0${i + 1}`,
        address: '東京都 (Tokyo)',
      })),
    )
    .returning();
  const [category] = await db.insert(categories).values({ nameEn: 'Painting', nameJa: 'え' }).returning();
  const tagRows = await db
    .insert(tags)
    .values([
      { nameEn: 'Animals', nameJa: 'どうぶつ' },
      { nameEn: 'Family', nameJa: 'かぞく' },
    ])
    .returning();
  const images = await pictures();
  let pictureBytes = 0;
  let files = 0;
  const start = Date.UTC(2021, 0, 1);
  for (let from = 0; from < WORKS; from += 200) {
    const batch = Array.from({ length: Math.min(200, WORKS - from) }, (_, j) => from + j);
    const rows = await db
      .insert(artworks)
      .values(
        batch.map((n) => ({
          profileId: kids[n % CHILDREN]!.id,
          title: `Work ${n + 1}: a picture of the garden`,
          description: `Drawn with crayons on a rainy afternoon (${n + 1}).`,
          categoryId: n % 2 ? category!.id : null,
          isPublic: n % 3 === 0,
          createdAt: new Date(start + n * 3_600_000 * 13),
        })),
      )
      .returning({ id: artworks.id });
    const imageRows = [];
    for (const [j, row] of rows.entries()) {
      const pic = images[(from + j) % images.length]!;
      const displayKey = `works/${randomBytes(16).toString('hex')}.webp`;
      const thumbKey = `works/${randomBytes(16).toString('hex')}.webp`;
      await storage.put(displayKey, pic.display, 'image/webp');
      await storage.put(thumbKey, pic.thumb, 'image/webp');
      pictureBytes += pic.display.byteLength + pic.thumb.byteLength;
      files += 2;
      imageRows.push({
        artworkId: row.id,
        position: 0,
        displayKey,
        thumbKey,
        width: pic.width,
        height: pic.height,
        bytes: pic.display.byteLength,
      });
    }
    await db.insert(artworkImages).values(imageRows);
    await db.insert(artworkTags).values(rows.map((r, j) => ({ artworkId: r.id, tagId: tagRows[j % 2]!.id })));
    process.stdout.write(`\rseeded ${from + batch.length} of ${WORKS} works`);
  }
  process.stdout.write('\n');
  await database.close();
  return { pictureBytes, files };
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples the RSS every 20 ms while `work` runs; the peak and the samples. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number; samples: number[] }> {
  const samples: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      samples.push(await rssOf(pid));
      await sleep(20);
    }
  })();
  try {
    const result = await work();
    return { result, peak: Math.max(...samples, await rssOf(pid)), samples };
  } finally {
    running = false;
    await sampler;
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lm-export-memory-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    DEMO: '0',
    LOG_REQUESTS: '0',
    NODE_ENV: 'production',
    DIST_DIR: join(dataDir, 'dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(process.env.EXPORT_MEMORY_DATABASE_URL ? { DATABASE_URL: process.env.EXPORT_MEMORY_DATABASE_URL } : {}),
  };
  for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    if (process.env[name]) env[name] = process.env[name]!;
  }
  const t0 = Date.now();
  const seeded = await seed(env);
  console.log(`seeded ${WORKS} works, ${seeded.files} files (${mb(seeded.pictureBytes)} MB) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const compiled = process.env.EXPORT_MEMORY_ENTRY === 'compiled';
  if (compiled) await buildServerIfStale();
  const args = compiled ? ['--enable-source-maps', SERVER_ENTRY] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('the server exited');
      if (i > 600) throw new Error('the server did not start');
      if ((await fetch(`${url}/api/health/`).catch(() => null))?.ok) break;
      await sleep(100);
    }
    const login = (await (
      await fetch(`${url}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      })
    ).json()) as { access: string };
    const headers = { Authorization: `Bearer ${login.access}` };
    // Warm: a few ordinary calls, then idle.
    for (let i = 0; i < 5; i++) await fetch(`${url}/api/account-info/`, { headers }).then((r) => r.arrayBuffer());
    await sleep(2000);
    const baseline = await rssOf(server.pid!);

    // 1. The whole family, read as fast as it comes; saved to check the zip.
    const zipPath = join(dataDir, 'export.zip');
    const full = await sampled(server.pid!, async () => {
      const started = Date.now();
      const res = await fetch(`${url}/api/account/export/`, { headers });
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        chunks.push(chunk);
        bytes += chunk.byteLength;
      }
      await writeFile(zipPath, chunks);
      return { bytes, ms: Date.now() - started, expected: Number(res.headers.get('x-archive-expected-bytes')) };
    });
    const zip = await ZipReader.open(zipPath);
    const entries = zip.entries.size;
    const manifestName = [...zip.entries.keys()].find((n) => n.endsWith('/manifest.json'))!;
    const manifest = JSON.parse((await zip.read(manifestName, 1 << 20)).toString('utf8')) as { counts: unknown };
    await zip.close();
    await rm(zipPath);

    // 2. A slow client: ~4 MB/s for 5 s, then it hangs up. The server reads only as fast as the client takes.
    const slow = await sampled(server.pid!, async () => {
      const controller = new AbortController();
      const res = await fetch(`${url}/api/account/export/`, { headers, signal: controller.signal });
      const reader = res.body!.getReader();
      let bytes = 0;
      const until = Date.now() + 5000;
      while (Date.now() < until) {
        const { value, done } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        await sleep(value.byteLength / 4096); // ~4 MB/s
      }
      controller.abort();
      await reader.cancel().catch(() => {});
      await sleep(1000);
      return { bytes };
    });
    // 3. The whole family again: a leak would show as a higher peak than the first time.
    const again = await sampled(server.pid!, async () => {
      const res = await fetch(`${url}/api/account/export/`, { headers });
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      return { bytes };
    });
    const healthy = (await fetch(`${url}/api/health/`)).status;
    const after = await rssOf(server.pid!);

    const report = {
      works: WORKS,
      children: CHILDREN,
      storedFiles: seeded.files,
      storedMB: mb(seeded.pictureBytes),
      entry: compiled ? 'compiled (out/server/main.js)' : 'tsx (src/server/main.ts)',
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      storage: env.S3_BUCKET ? 's3' : 'disk',
      zipMB: mb(full.result.bytes),
      expectedMB: mb(full.result.expected),
      expectedError: `${(((full.result.expected - full.result.bytes) / full.result.bytes) * 100).toFixed(1)} %`,
      zipEntries: entries,
      manifestCounts: manifest.counts,
      seconds: full.result.ms / 1000,
      throughputMBs: Math.round((full.result.bytes / 1024 / 1024 / (full.result.ms / 1000)) * 10) / 10,
      baselineRssMB: mb(baseline),
      peakRssMB: mb(full.peak),
      peakOverBaselineMB: mb(full.peak - baseline),
      slowClient: { readMB: mb(slow.result.bytes), peakRssMB: mb(slow.peak), overBaselineMB: mb(slow.peak - baseline) },
      secondExport: { zipMB: mb(again.result.bytes), peakRssMB: mb(again.peak), overBaselineMB: mb(again.peak - baseline) },
      afterRssMB: mb(after),
      healthAfterHangUp: healthy,
      rssSamples: full.samples.length,
      // The peak of each tenth of the download: flat means no tenth grows over the one before.
      rssByTenthMB: Array.from({ length: 10 }, (_, i) =>
        mb(Math.max(...full.samples.slice(Math.floor((i * full.samples.length) / 10), Math.floor(((i + 1) * full.samples.length) / 10)))),
      ),
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/export-memory.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
