/**
 * `npm run test:slow-uploads` (issue 14): 200 slow uploads at once do not stop other requests from being answered.
 *
 * The real server (compiled, as production runs it) on its own DATA_DIR and PGlite (or SLOW_DATABASE_URL). 25 families,
 * 8 connections each (domain/uploads.ts lets 2 run and 8 wait per account), each sending a multipart work of one image
 * at CHUNK bytes every 100 ms. Meanwhile a prober asks GET /api/artworks/ and GET /api/user/me/ in turn, and the
 * server's RSS is sampled from /proc. Passes when every probe is answered 200, their p99 is under 500 ms, every upload
 * is answered (201, or 429 for the surplus), no upload temp file is left, and the RSS stays under RSS_LIMIT_MB.
 *
 *   SLOW_CONNECTIONS=200  SLOW_ACCOUNTS=25  SLOW_CHUNK=4096  SLOW_IMAGE_KB=200  SLOW_DATABASE_URL=postgres://…  (schema dropped)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';

import { openDatabase } from '../src/server/db/open';
import { hashPassword } from '../src/server/domain/passwords';
import { buildServerIfStale, freePort, SERVER_ENTRY } from './lib.mjs';

const CONNECTIONS = Number(process.env.SLOW_CONNECTIONS ?? 200);
const ACCOUNTS = Number(process.env.SLOW_ACCOUNTS ?? 25);
const CHUNK = Number(process.env.SLOW_CHUNK ?? 4096);
const IMAGE_KB = Number(process.env.SLOW_IMAGE_KB ?? 200);
const P99_LIMIT_MS = 500;
const RSS_LIMIT_MB = Number(process.env.SLOW_RSS_LIMIT_MB ?? 600);
const PG_URL = process.env.SLOW_DATABASE_URL;
const PASSWORD = 'Slow2024x';
const BOUNDARY = 'lm-slow-uploads';

const log = (line: string) => process.stdout.write(`[slow-uploads] ${line}\n`);

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lm-slow-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const database = PG_URL ? openDatabase({ url: PG_URL }) : openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  if (PG_URL) {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await database.migrate();
  const hash = await hashPassword(PASSWORD);
  for (let i = 1; i <= ACCOUNTS; i++) {
    await database.db.execute(sql`
      with u as (insert into users (email, password_hash, first_name, email_verified_at)
                 values (${`slow${i}@example.com`}, ${hash}, 'Slow', now()) returning id)
      insert into profiles (user_id, username, first_name, date_of_birth, address) select id, 'kid', 'Kid', '2016-04-01', '東京都 (Tokyo)' from u`);
  }
  // Premium (no image limit): the uploads are refused only for being too many at once.
  await database.db.execute(sql`
    insert into subscriptions (user_id, plan_id, provider, provider_subscription_id, status, amount, currency, current_period_end)
    select u.id, p.id, 'local', 'slow-' || u.id, 'active', p.amount, p.currency, now() + interval '365 days'
    from users u cross join plans p where p.code = 'premium' and u.email like 'slow%@example.com'`);
  await database.close();

  await buildServerIfStale();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: '0',
    LOG_REQUESTS: '0',
    ...(PG_URL ? { DATABASE_URL: PG_URL } : {}),
  };
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health/`)).status === 200) break;
      } catch {
        // not yet
      }
      if (i > 600) throw new Error('the server did not start');
      await sleep(50);
    }

    const json = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { access: string };
    };
    const parents: string[] = [];
    const kids: string[] = [];
    for (let i = 1; i <= ACCOUNTS; i++) {
      const parent = await json('/api/login/', { email: `slow${i}@example.com`, password: PASSWORD });
      parents.push(parent.access);
      kids.push((await json('/api/profile/login/', { username: 'kid' }, parent.access)).access);
    }

    // One noisy PNG of about IMAGE_KB (noise does not compress), sent by every connection.
    const side = Math.round(Math.sqrt((IMAGE_KB * 1024) / 3));
    const image = await sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);

    const baseline = rssMb(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 200);

    const statuses = new Map<number, number>();
    const url = new URL(base);
    const upload = (token: string) =>
      new Promise<void>((resolve) => {
        let offset = 0;
        let timer: NodeJS.Timeout | undefined;
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/artworks/',
            method: 'POST',
            headers: {
              Authorization: `Bearer ${token}`,
              'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
              'Content-Length': body.length,
            },
          },
          (res) => {
            clearTimeout(timer);
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', () => {
          clearTimeout(timer);
          // An answer before the body ended (a 429) may close the connection under the writer: the status counts.
          resolve();
        });
        const tick = () => {
          if (offset >= body.length) return void req.end();
          req.write(body.subarray(offset, offset + CHUNK));
          offset += CHUNK;
          timer = setTimeout(tick, 100);
        };
        tick();
      });

    const started = Date.now();
    const uploads = Array.from({ length: CONNECTIONS }, (_, i) => upload(kids[i % ACCOUNTS]!));
    let finished = false;
    const all = Promise.all(uploads).then(() => (finished = true));

    const probes: number[] = [];
    const failures: string[] = [];
    const prober = (async () => {
      let n = 0;
      while (!finished) {
        const path = n % 2 === 0 ? '/api/artworks/' : '/api/user/me/';
        const t0 = performance.now();
        try {
          const res = await fetch(base + path, {
            headers: n % 2 === 0 ? {} : { Authorization: `Bearer ${parents[n % ACCOUNTS]}` },
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${path}: ${res.status}`);
        } catch (err) {
          failures.push(`${path}: ${(err as Error).message}`);
        }
        probes.push(performance.now() - t0);
        n += 1;
        await sleep(50);
      }
    })();
    await all;
    await prober;
    clearInterval(sampler);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const sorted = [...probes].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    const temp = (await readdir(join(dataDir, 'tmp'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile());
    log(
      `${CONNECTIONS} uploads of ${(body.length / 1024).toFixed(0)} KB at ${CHUNK} B/100 ms from ${ACCOUNTS} accounts in ${seconds} s: ` +
        [...statuses.entries()].map(([s, n]) => `${n} x ${s}`).join(', '),
    );
    log(
      `${probes.length} probes (GET /api/artworks/, /api/user/me/): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms, ${failures.length} failed`,
    );
    log(`server RSS: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most`);

    const checks: [string, boolean][] = [
      ['every probe answered 200', failures.length === 0],
      [`probe p99 under ${P99_LIMIT_MS} ms`, p99 < P99_LIMIT_MS],
      ['every upload answered 201 or 429', answered === CONNECTIONS && [...statuses.keys()].every((s) => s === 201 || s === 429)],
      [`server RSS under ${RSS_LIMIT_MB} MB`, peak < RSS_LIMIT_MB],
      ['no upload temp file left', temp.length === 0],
    ];
    for (const [name, ok] of checks) log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
    const failed = checks.filter(([, ok]) => !ok).length;
    log(`${checks.length - failed} passed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('[slow-uploads] error:', err);
  process.exit(1);
});
