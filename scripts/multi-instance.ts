/**
 * Two instances of the server on one PostgreSQL and one S3 bucket, with requests alternating between them
 * (issue 14, "several instances"): sessions, refresh-token rotation, rate limits, idempotency keys, the free plan's
 * quota, media written by one and served by the other, and visibility, must hold across both; and through nginx's
 * proxy_cache in front of both (issue 30: the public wall's ETag and revalidation), a work made private is gone on the
 * next request.
 *
 *   npm run test:multi
 *
 * Two real processes of the compiled server (`npm run build:server`; MULTI_ENTRY=tsx runs src/server/main.ts with
 * tsx instead). PostgreSQL: MULTI_DATABASE_URL (an empty database), else a throw-away cluster of the Debian
 * PostgreSQL under /tmp. S3: MULTI_S3_ENDPOINT (a server accepting S3RVER/S3RVER or AWS_* keys), else
 * scripts/s3-local.mjs. nginx: MULTI_NGINX, else Debian's /usr/sbin/nginx (or nginx on the PATH). Prints each check, `N passed, N failed`, writes reports/multi-instance.json (which
 * scripts/ci-summary.mjs adds up), and exits non-zero when a check failed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';

import { LOGIN_THROTTLE } from '../src/contract/rate-limits';
import { dropBucket, ensureBucket } from '../src/server/adapters/storage-s3';
import type { S3Config } from '../src/server/config';
import { parseEml } from '../src/server/test/harness';
import { buildServerIfStale, SERVER_ENTRY } from './lib.mjs';

const ROOT = join(import.meta.dirname, '..');
const cleanups: (() => Promise<void> | void)[] = [];
const results: { name: string; ok: boolean; detail: string }[] = [];

// ---- the pieces: PostgreSQL, S3, two servers ---------------------------------------------------

function waitForLine(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 60_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what}: no "${pattern}" within ${timeoutMs} ms:\n${seen.slice(-2000)}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const m = pattern.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${seen.slice(-2000)}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function startPostgres(): Promise<string> {
  const given = process.env.MULTI_DATABASE_URL;
  if (given) return given;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL: set MULTI_DATABASE_URL, or install the Debian postgresql package');
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const dir = await mkdtemp(join(tmpdir(), 'lm-multi-pg-'));
  const port = String(56000 + Math.floor(Math.random() * 1000));
  const root = process.getuid?.() === 0;
  const asPg = (cmd: string, args: string[]) => {
    const r = root
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (root) spawnSync('chown', ['postgres', dir]);
  asPg(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust']);
  asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-l', `${dir}/log`, '-w', 'start']);
  cleanups.push(async () => {
    asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
    await rm(dir, { recursive: true, force: true });
  });
  asPg(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', 'little_museum_multi']);
  return `postgres://postgres@127.0.0.1:${port}/little_museum_multi`;
}

async function startS3(): Promise<string> {
  const given = process.env.MULTI_S3_ENDPOINT;
  if (given) return given;
  const dir = await mkdtemp(join(tmpdir(), 'lm-multi-s3-'));
  const child = spawn(process.execPath, [join(ROOT, 'scripts/s3-local.mjs'), '--port', '0', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  });
  const m = await waitForLine(child, /ready on (http:\/\/[\d.]+:\d+)/, 's3rver', 20_000);
  return m[1]!;
}

interface Instance {
  name: string;
  url: string;
  dataDir: string;
  child: ChildProcess;
}

/** A port free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The cache part of the README's nginx configuration ("Scaling out"), in front of both instances: pages kept by the
 * request URI and revalidated with If-None-Match on every request; a request with a token passes by and is not kept.
 */
function nginxConf(dir: string, port: number, upstreams: string[]): string {
  const tmp = (name: string) => join(dir, name);
  return `daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${tmp('nginx.pid')};
error_log ${tmp('error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${tmp('body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  upstream museum {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 8;
  }
  proxy_cache_path ${tmp('cache')} levels=1:2 keys_zone=museum:10m max_size=100m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://museum;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_cache museum;
      proxy_cache_key $request_uri;
      proxy_cache_revalidate on;
      proxy_ignore_headers Cache-Control;
      proxy_cache_bypass $http_authorization;
      proxy_no_cache $http_authorization;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

/** nginx (as this user, everything under a temp dir) in front of the instances; its URL. */
async function startNginx(instances: Instance[]): Promise<string> {
  const candidates = [process.env.MULTI_NGINX, '/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'nginx'))];
  const bin = candidates.find((c): c is string => Boolean(c) && existsSync(c!));
  if (!bin) throw new Error('no nginx: set MULTI_NGINX, or install the Debian nginx package');
  const dir = await mkdtemp(join(tmpdir(), 'lm-multi-nginx-'));
  const port = await freePort();
  await writeFile(
    join(dir, 'nginx.conf'),
    nginxConf(
      dir,
      port,
      instances.map((i) => new URL(i.url).host),
    ),
  );
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}): ${await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')}`);
    if (
      await fetch(`${url}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not answer within 10 s');
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), `lm-multi-${name}-`));
  const args = process.env.MULTI_ENTRY === 'tsx' ? ['--import', 'tsx', 'src/server/main.ts'] : ['--enable-source-maps', SERVER_ENTRY];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'dist'), INSTANCE_ID: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  });
  const m = await waitForLine(child, /listening on http:\/\/localhost:(\d+)/, `instance ${name}`, 120_000);
  return { name, url: `http://127.0.0.1:${m[1]}`, dataDir, child };
}

// ---- HTTP ---------------------------------------------------------------------------------------

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checks read reply bodies loosely
  body: any;
  headers: Headers;
}

interface Call {
  method?: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  ip?: string;
}

const randomIp = () => `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`;

async function call(at: Pick<Instance, 'url'>, path: string, o: Call = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'X-Forwarded-For': o.ip ?? randomIp(), ...o.headers };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  let body: RequestInit['body'];
  if (o.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.form) body = o.form;
  const res = await fetch(at.url + path, { method: o.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

const PASSWORD = 'Passw0rdOk';
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${Date.now()}x${++counter}@example.com`;

/** The newest e-mail to `to` in the instance's outbox (each instance writes its own). */
async function mailTo(at: Instance, to: string): Promise<string> {
  const outbox = join(at.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const mail = parseEml(await readFile(join(outbox, file), 'utf8'));
      if (mail.to === to && mail.link) return mail.link;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no e-mail to ${to} from ${at.name}`);
}

/** Sign-up on `a`, verification on `b`, login on `a`: the parent's tokens. */
async function family(a: Instance, b: Instance): Promise<{ email: string; access: string; refresh: string }> {
  const email = uniqueEmail('multi');
  const signup = await call(a, '/api/signup/', { json: { email, password: PASSWORD, confirm_password: PASSWORD, accept_terms: true } });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const link = new URL(await mailTo(a, email));
  const verified = await call(b, `/api/verify-email/${link.searchParams.get('uid')}/${link.searchParams.get('token')}`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const login = await call(a, '/api/login/', { json: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { email, access: login.body.access, refresh: login.body.refresh };
}

async function child(at: Instance, parentToken: string, username: string): Promise<{ id: number; access: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    address: '東京都 (Tokyo)',
    username,
    first_name: `Real ${username}`,
    date_of_birth: '2018-05-01',
  })) {
    form.append(k, v);
  }
  const created = await call(at, '/api/register-profile/', { token: parentToken, form });
  if (created.status !== 201) throw new Error(`register-profile: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await call(at, '/api/profile/login/', { token: parentToken, json: { username } });
  if (login.status !== 200) throw new Error(`profile login: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: created.body.id, access: login.body.access };
}

let shade = 0;
async function png(): Promise<Buffer> {
  shade = (shade + 37) % 250;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .png()
    .toBuffer();
}

/** A one-image work's form; a retry with the same key must send the same image (the key's request is fingerprinted). */
async function workForm(title: string, isPublic = false, image?: Buffer): Promise<FormData> {
  const form = new FormData();
  form.append('title', title);
  form.append('is_public', String(isPublic));
  form.append('images', new File([new Uint8Array(image ?? (await png()))], 'photo.png', { type: 'image/png' }));
  return form;
}

// ---- the checks -----------------------------------------------------------------------------------

async function check(name: string, body: () => Promise<string>): Promise<void> {
  try {
    const detail = await body();
    results.push({ name, ok: true, detail });
    console.log(`ok   ${name}: ${detail}`);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, detail });
    console.log(`FAIL ${name}: ${detail}`);
  }
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

async function checks(a: Instance, b: Instance, nginx: () => Promise<string>): Promise<void> {
  const both = [a, b];

  await check('health: both instances see the database and the bucket', async () => {
    for (const at of both)
      expectEqual(
        await call(at, '/api/health/').then((r) => [r.status, r.body]),
        [200, { status: 'ok', database: 'ok', storage: 'ok' }],
        at.name,
      );
    return '200 {status, database, storage: ok} on A and B';
  });

  await check('sessions: login on A, used on B; logout on B, then A refuses the token', async () => {
    const { access, refresh } = await family(a, b);
    expectEqual((await call(b, '/api/user/me/', { token: access })).status, 200, 'A token on B');
    expectEqual((await call(a, '/api/user/me/', { token: access })).status, 200, 'A token on A');
    expectEqual((await call(b, '/api/logout/', { token: access, json: { refresh } })).status < 300, true, 'logout on B');
    const after = [(await call(a, '/api/user/me/', { token: access })).status, (await call(b, '/api/user/me/', { token: access })).status];
    expectEqual(after, [401, 401], 'after logout, A and B');
    expectEqual((await call(a, '/api/token/refresh/', { json: { refresh } })).status, 401, 'refresh after logout on A');
    return 'me 200 on B with A login; after logout on B: 401 on A and B, refresh 401';
  });

  await check('refresh rotation: rotate on A, replay the old refresh on B fails and ends the session', async () => {
    const login = await family(a, b);
    const rotated = await call(a, '/api/token/refresh/', { json: { refresh: login.refresh } });
    expectEqual(rotated.status, 200, 'rotation on A');
    const next = rotated.body as { access: string; refresh: string };
    expectEqual((await call(b, '/api/user/me/', { token: next.access })).status, 200, 'rotated access on B');
    const replay = await call(b, '/api/token/refresh/', { json: { refresh: login.refresh } });
    expectEqual(replay.status, 401, 'replay of the old refresh on B');
    // The replay ends the whole session: the rotated pair is refused too, on both.
    expectEqual(
      (await call(a, '/api/token/refresh/', { json: { refresh: next.refresh } })).status,
      401,
      'rotated refresh on A after the replay',
    );
    const me = [
      (await call(a, '/api/user/me/', { token: next.access })).status,
      (await call(b, '/api/user/me/', { token: next.access })).status,
    ];
    expectEqual(me, [401, 401], 'rotated access after the replay, A and B');
    return 'rotate on A 200; old refresh on B 401; rotated refresh 401 and access 401 on A and B';
  });

  await check(
    'login throttle: failed logins of one account and address pair count across both, and never stop the owner elsewhere',
    async () => {
      const { email } = await family(a, b);
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await call(both[i % 2]!, '/api/login/', { ip, json: { email, password: 'Wrong-passw0rd' } })).status);
      }
      // LOGIN_THROTTLE.pairUnknown: 5 free failures, then the pair waits (a 429 with Retry-After) on either instance.
      const free = LOGIN_THROTTLE.pairUnknown.free;
      const refused = statuses.findIndex((s) => s === 429);
      expectEqual(refused, free, `the first 429 (statuses ${statuses.join(',')})`);
      // Then each failure doubles the pair's wait (1 s, 2 s, 4 s…): in the seconds the loop takes, a few more checks at most.
      const checked = statuses.filter((s) => s === 401).length;
      expectEqual(
        checked <= free + 3 && statuses.every((s) => s === 401 || s === 429),
        true,
        `password checks after the limit (statuses ${statuses.join(',')})`,
      );
      // The owner, from another address, is not held by the attacker's pair: the right password gets in on both.
      const owner = randomIp();
      const mine = [
        (await call(a, '/api/login/', { ip: owner, json: { email, password: PASSWORD } })).status,
        (await call(b, '/api/login/', { ip: owner, json: { email, password: PASSWORD } })).status,
      ];
      expectEqual(mine, [200, 200], 'the owner from another address, on A and B');
      return `12 alternating wrong logins: ${statuses.join(',')} (429 from the ${free + 1}th, on ${both[free % 2]!.name}); the owner elsewhere ${mine.join(',')}`;
    },
  );

  await check('idempotency: one key on A then on B makes one work; B replays A’s answer', async () => {
    const parent = await family(a, b);
    const kid = await child(a, parent.access, `multi${++counter}`);
    const key = `multi-${randomBytes(8).toString('hex')}`;
    const image = await png();
    const first = await call(a, '/api/artworks/', {
      token: kid.access,
      form: await workForm('Once', false, image),
      headers: { 'Idempotency-Key': key },
    });
    const second = await call(b, '/api/artworks/', {
      token: kid.access,
      form: await workForm('Once', false, image),
      headers: { 'Idempotency-Key': key },
    });
    expectEqual([first.status, second.status], [201, 201], 'statuses');
    expectEqual(second.body.id, first.body.id, 'the replayed id');
    const mine = await call(b, '/api/artworks/my', { token: kid.access });
    const count = (mine.body.count ?? mine.body.results?.length) as number;
    expectEqual(count, 1, 'works of the child');
    // Concurrently: the same key on both at once.
    const key2 = `multi-${randomBytes(8).toString('hex')}`;
    const image2 = await png();
    const [x, y] = await Promise.all(
      both.map(async (at) =>
        call(at, '/api/artworks/', {
          token: kid.access,
          form: await workForm('Twice', false, image2),
          headers: { 'Idempotency-Key': key2 },
        }),
      ),
    );
    const okStatuses = [x!.status, y!.status].sort();
    // Both are answered 201 with one work: the one that waited for the account lock finds the other's reply (or the
    // unique key index sends it there), so neither a refusal nor a second work is right.
    expectEqual([x!.status, y!.status], [201, 201], 'statuses of the concurrent pair');
    expectEqual(y!.body.id, x!.body.id, 'concurrent ids');
    const after = await call(a, '/api/artworks/my', { token: kid.access });
    const total = (after.body.count ?? after.body.results?.length) as number;
    expectEqual(total, 2, `works after the concurrent pair (statuses ${okStatuses.join(',')})`);
    return `A 201 id ${first.body.id}, B 201 replay id ${second.body.id}; concurrent pair on A and B: ${okStatuses.join(',')}, 1 work`;
  });

  await check('free-plan quota: 8 concurrent one-image uploads split across A and B never exceed 5 images', async () => {
    const parent = await family(a, b);
    const kid = await child(b, parent.access, `multi${++counter}`);
    const replies = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        call(both[i % 2]!, '/api/artworks/', { token: kid.access, form: await workForm(`Quota ${i}`) }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    const created = statuses.filter((s) => s === 201).length;
    const mine = await call(a, '/api/artworks/my', { token: kid.access });
    const rows = (mine.body.count ?? mine.body.results?.length) as number;
    if (created > 5 || rows > 5) throw new Error(`over the quota: ${created} created, ${rows} listed (${statuses.join(',')})`);
    expectEqual(rows, created, 'works listed vs 201s');
    if (!statuses.every((s) => s === 201 || s === 400 || s === 429)) throw new Error(`unexpected statuses ${statuses.join(',')}`);
    // Retried one by one until the plan is full: exactly 5.
    for (let i = 0; i < 8 && (await call(a, '/api/artworks/my', { token: kid.access })).body.count < 5; i++) {
      await call(both[i % 2]!, '/api/artworks/', { token: kid.access, form: await workForm(`Retry ${i}`) });
    }
    const full = await call(b, '/api/artworks/', { token: kid.access, form: await workForm('Sixth') });
    const final = (await call(b, '/api/artworks/my', { token: kid.access })).body.count as number;
    expectEqual([final, full.status], [5, 400], 'after filling the plan: works, and the sixth upload');
    return `concurrent: ${statuses.join(',')} -> ${created} works; filled to ${final}; a sixth on B: ${full.status}`;
  });

  await check('media: a work uploaded on A is served by B from the bucket, and its deletion on B is seen on A', async () => {
    const parent = await family(a, b);
    const kid = await child(a, parent.access, `multi${++counter}`);
    const created = await call(a, '/api/artworks/', { token: kid.access, form: await workForm('Shared file', true) });
    expectEqual(created.status, 201, 'upload on A');
    const url = created.body.images_data?.[0]?.image_url;
    if (typeof url !== 'string') throw new Error(`no image URL in ${JSON.stringify(created.body).slice(0, 300)}`);
    const onB = await fetch(b.url + url);
    expectEqual([onB.status, onB.headers.get('content-type')], [200, 'image/webp'], `GET ${url} on B`);
    await onB.arrayBuffer();
    const removed = await call(b, `/api/artworks/${created.body.id}/delete/`, { method: 'DELETE', token: kid.access });
    expectEqual(removed.status < 300, true, `delete on B (${removed.status})`);
    expectEqual((await call(a, `/api/artworks/${created.body.id}`)).status, 404, 'the work on A after the deletion on B');
    return `${url}: 200 image/webp on B; deleted on B, 404 on A`;
  });

  await check('gallery: a like on A shows on B; a work made private on A leaves the gallery on B at the next request', async () => {
    const parent = await family(a, b);
    const kid = await child(a, parent.access, `multi${++counter}`);
    const created = await call(a, '/api/artworks/', { token: kid.access, form: await workForm('Now you see me', true) });
    expectEqual(created.status, 201, 'upload');
    const id = created.body.id as number;
    const listed = async (at: Instance) =>
      ((await call(at, '/api/artworks/?page=1')).body.results as { id: number }[]).some((w) => w.id === id);
    expectEqual([await listed(a), await listed(b)], [true, true], 'listed on A and B while public');
    // A like through A shows in B's gallery at once (its count, and the liker's own flag).
    const fan = await child(b, (await family(b, a)).access, `multi${++counter}`);
    expectEqual((await call(a, `/api/artworks/${id}/like/`, { token: fan.access, json: {} })).status, 200, 'like on A');
    const seen = async (at: Instance, token?: string) =>
      (
        (await call(at, '/api/artworks/?page=1', { token })).body.results as {
          id: number;
          likes_count: number;
          is_liked_by_user: boolean;
        }[]
      )
        .filter((w) => w.id === id)
        .map((w) => [w.likes_count, w.is_liked_by_user]);
    expectEqual([await seen(b), await seen(b, fan.access)], [[[1, false]], [[1, true]]], 'the like on B, anonymous and as the fan');
    const form = new FormData();
    form.append('title', 'Now you see me');
    form.append('is_public', 'false');
    for (const image of created.body.images_data as { id: number }[]) form.append('keep_images', String(image.id));
    const updated = await call(a, `/api/artworks/${id}/update/`, { token: kid.access, form });
    expectEqual(updated.status, 200, `made private on A (${JSON.stringify(updated.body).slice(0, 200)})`);
    expectEqual([await listed(b), await listed(a)], [false, false], 'listed on B and A after');
    expectEqual((await call(b, `/api/artworks/${id}`)).status, 404, 'the work itself on B, anonymous');
    return 'public: listed on both; liked on A: count 1 (and liked, for the fan) on B; private on A: gone from page 1 on B and A, 404 on B';
  });

  /** Makes a work private through `at` (its images kept). */
  const makePrivate = async (
    at: Pick<Instance, 'url'>,
    token: string,
    work: { id: number; title: string; images_data: { id: number }[] },
  ) => {
    const form = new FormData();
    form.append('title', work.title);
    form.append('is_public', 'false');
    for (const image of work.images_data) form.append('keep_images', String(image.id));
    const updated = await call(at, `/api/artworks/${work.id}/update/`, { token, form });
    expectEqual(updated.status, 200, `made private (${JSON.stringify(updated.body).slice(0, 200)})`);
  };
  const ids = (r: Reply) => (r.body.results as { id: number }[]).map((w) => w.id);

  await check("wall ETag: A and B give one page one ETag; a work made private on A changes B's and leaves its page at once", async () => {
    const parent = await family(a, b);
    const kid = await child(a, parent.access, `multi${++counter}`);
    const created = await call(a, '/api/artworks/', { token: kid.access, form: await workForm('Tagged', true) });
    expectEqual(created.status, 201, 'upload on A');
    const path = '/api/artworks/?page=1&language=ja';
    const [onA, onB] = [await call(a, path), await call(b, path)];
    const tag = onB.headers.get('etag');
    if (!tag) throw new Error(`no ETag on B (${onB.headers.get('cache-control')})`);
    expectEqual([onA.headers.get('etag'), ids(onB).includes(created.body.id)], [tag, true], "A's ETag, and the work on B");
    expectEqual((await call(b, path, { headers: { 'If-None-Match': tag } })).status, 304, "B's revalidation before");
    expectEqual((await call(a, path, { headers: { 'If-None-Match': tag } })).status, 304, "A's revalidation of B's ETag");
    await makePrivate(a, kid.access, created.body);
    const after = await call(b, path, { headers: { 'If-None-Match': tag } });
    expectEqual([after.status, ids(after).includes(created.body.id)], [200, false], "B's next answer to the old ETag, and the work on it");
    const now = after.headers.get('etag');
    if (!now || now === tag) throw new Error(`B's ETag did not change: ${now}`);
    return `one ETag on A and B, 304 on both; private on A: B answers the old ETag 200 without the work, ETag ${tag} -> ${now}`;
  });

  await check("kept family lists: a share taken back on A leaves B's family gallery and member list at the next request", async () => {
    const parent = await family(a, b);
    const owner = await child(a, parent.access, `multi${++counter}`);
    const sibling = await child(a, parent.access, `multi${++counter}`);
    const shareWith = async (at: Instance, targets: number[]) =>
      expectEqual(
        (
          await call(at, '/api/profile/', {
            method: 'PATCH',
            token: owner.access,
            json: { shared_users: targets.map((id) => ({ id, is_shared: true })) },
          })
        ).status,
        200,
        'share',
      );
    await shareWith(a, [sibling.id]);
    const created = await call(a, '/api/artworks/', { token: owner.access, form: await workForm('For the family', false) });
    expectEqual(created.status, 201, 'a private upload on A');
    const family_ = async (at: Instance) => ids(await call(at, '/api/artworks/family-gallery/?page=1', { token: sibling.access }));
    const member = async (at: Instance) => ids(await call(at, `/api/artworks/member/${owner.id}?page=1`, { token: sibling.access }));
    // Read twice on B, so that B answers the second from what it keeps.
    for (let i = 0; i < 2; i++) expectEqual([await family_(b), await member(b)], [[created.body.id], [created.body.id]], 'shared, on B');
    await shareWith(a, []);
    expectEqual([await family_(b), await member(b)], [[], []], "B's next answers after the share was taken back on A");
    return 'shared: the private work in the family gallery and member list on B (kept); share taken back on A: both empty on B at once';
  });

  await check(
    'nginx proxy_cache in front of A and B: kept and revalidated; a token passes by; a work made private is gone at once',
    async () => {
      const proxy = { url: await nginx() };
      const parent = await family(a, b);
      const kid = await child(b, parent.access, `multi${++counter}`);
      const created = await call(proxy, '/api/artworks/', { token: kid.access, form: await workForm('Cached', true) });
      expectEqual(created.status, 201, 'upload through nginx');
      const path = `/api/artworks/?page=1&language=en&through=nginx`;
      const statuses: string[] = [];
      const anonymous = async () => {
        const r = await call(proxy, path);
        expectEqual(r.status, 200, 'anonymous through nginx');
        statuses.push(r.headers.get('x-cache-status') ?? 'none');
        return r;
      };
      const first = await anonymous();
      expectEqual(ids(first).includes(created.body.id), true, 'the work on the first page');
      for (let i = 0; i < 3; i++) {
        const again = await anonymous();
        expectEqual(ids(again).includes(created.body.id), true, 'the work on the kept page');
        if (!['HIT', 'REVALIDATED'].includes(statuses.at(-1)!)) throw new Error(`not kept: ${statuses.join(',')}`);
      }
      // A child's request: never the anonymous answer (its own likes and edit rights), never kept.
      for (let i = 0; i < 2; i++) {
        const mine = await call(proxy, path, { token: kid.access });
        const status = mine.headers.get('x-cache-status');
        expectEqual([mine.status, status, mine.headers.get('cache-control')], [200, 'BYPASS', 'no-store'], 'a child through nginx');
        const own = (mine.body.results as { id: number; can_edit: boolean }[]).find((w) => w.id === created.body.id);
        expectEqual(own?.can_edit, true, "the child's own work, editable in its answer");
        statuses.push(`token:${status}`);
      }
      await makePrivate(proxy, kid.access, created.body);
      const after = await anonymous();
      expectEqual(ids(after).includes(created.body.id), false, 'the work on the next anonymous page through nginx');
      const later = await anonymous();
      expectEqual(ids(later).includes(created.body.id), false, 'the work on the page after');
      if (!['HIT', 'REVALIDATED'].includes(statuses.at(-1)!)) throw new Error(`the new page not kept: ${statuses.join(',')}`);
      return `X-Cache-Status ${statuses.join(', ')} (private made between the tokens and the last two)`;
    },
  );
}

// ---- main ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  if (process.env.MULTI_ENTRY !== 'tsx') await buildServerIfStale();
  const [databaseUrl, s3Endpoint] = await Promise.all([startPostgres(), startS3()]);
  const s3: S3Config = {
    bucket: `lm-multi-${randomBytes(6).toString('hex')}`,
    endpoint: s3Endpoint,
    region: 'us-east-1',
    publicUrl: undefined,
    credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER' },
  };
  await ensureBucket(s3);
  cleanups.push(() => dropBucket(s3).catch(() => {}));
  const env = {
    DATABASE_URL: databaseUrl,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3Endpoint,
    AWS_ACCESS_KEY_ID: s3.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.credentials!.secretAccessKey,
    // One deployment: one signing secret, one public address; the proxy in front sets X-Forwarded-For.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: 'http://museum.multi.test',
    TRUST_PROXY: '1',
    DEMO: '0',
    LOG_REQUESTS: '0',
  };
  // A migrates first; B then finds the schema in place (as a rolling deployment would).
  const a = await startInstance('A', env);
  const b = await startInstance('B', env);
  console.log(`A ${a.url} and B ${b.url}: PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, bucket ${s3.bucket} at ${s3Endpoint}`);
  await checks(a, b, () => startNginx([a, b]));

  report(started);
}

/** Prints `N passed, N failed`, writes reports/multi-instance.json and sets the exit code. */
function report(started: number): void {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  // The jest-style shape scripts/ci-summary.mjs reads from vitest's reports.
  writeFileSync(
    join(ROOT, 'reports', 'multi-instance.json'),
    JSON.stringify({
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: 0,
      testResults: [
        {
          name: 'scripts/multi-instance.ts',
          assertionResults: results.map((r) => ({
            fullName: `multi-instance: ${r.name}`,
            status: r.ok ? 'passed' : 'failed',
            failureMessages: r.ok ? [] : [r.detail],
          })),
        },
      ],
    }),
  );
  console.log(`multi-instance (${((Date.now() - started) / 1000).toFixed(1)} s): ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

async function cleanup(): Promise<void> {
  for (const step of cleanups.reverse()) await Promise.resolve(step()).catch((err: unknown) => console.error('cleanup:', err));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    results.push({ name: 'start two instances on one PostgreSQL and one bucket', ok: false, detail: String(err).slice(0, 500) });
    report(Date.now());
  })
  .finally(() => cleanup());
