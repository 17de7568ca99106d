/**
 * `npm run bench`, the API part (issues 14, "Speed", and 30, "Every request cheap"); `npm run bench:api` runs it alone.
 *
 * The server runs as in production (NODE_ENV=production) pinned to core 0; autocannon runs in its own process pinned
 * to core 1 (api-load.ts). Beside every figure, in the same run, a bare node:http server on core 0 answers the
 * recorded bytes and headers of the real server's anonymous page 1 (the ceiling; autocannon sends no
 * Accept-Encoding, so neither answer is gzipped); every call's share is of that one ceiling. Works are seeded
 * straight into the database (api-seed.ts): 10,000 public works, then 1,000,000, on PGlite (DATA_DIR) and on
 * PostgreSQL (a cluster of our own on port 55440 under /tmp, or BENCH_API_DATABASE_URL), and one family of three
 * children with 200 private works each, shared between the siblings.
 *
 * Calls (each measured alone: req/s, p50, p99, share of the ceiling, server and PostgreSQL CPU per request; the
 * latter, on our own cluster, of the postmaster and all its processes, those that exit during the call included):
 *   page 1 / page 50, anonymous and with a child token: GET /api/artworks/?page=N;
 *   family gallery page 1, my gallery page 1, my collection page 1, work detail (a sibling's private work), each
 *     with the token of the three-children family's first child (checked non-empty first: an empty answer stops
 *     the bench);
 *   page 1, revalidation: the anonymous page 1 with `If-None-Match: <its ETag>`; 304 is the expected status (any
 *     other counts as unexpected). A server that sends no ETag gets a row saying so, and the target fails.
 * Then a mixed load: 80 % gallery pages, 15 % likes and unlikes, 5 % uploads (Premium accounts, Idempotency-Key),
 * drawn per request on the same connections, with p50/p99 per kind (pages, likes, uploads) beside the total.
 *
 * Knobs: BENCH_API_SECONDS (each call, 10), BENCH_API_WARMUP (3), BENCH_API_MIXED_SECONDS (60; 0 skips it),
 * BENCH_API_CONNECTIONS (50), BENCH_API_SIZES (10000,1000000), BENCH_API_DBS (pglite,postgres), BENCH_API_PORT
 * (3330; +1 the ceiling), BENCH_API_PG_PORT (55440), BENCH_API_CPU_PROF (a folder: the server writes --cpu-prof
 * files there), BENCH_API_PG_STATS=1 (PostgreSQL: our cluster starts with pg_stat_statements preloaded where its
 * library is installed; per call the statements per request (pg_stat_statements calls / requests, exact) and its
 * top 10 statements by total time, each with how many times it was planned and the mean planning time
 * (pg_stat_statements.track_planning); beside them transactions and tuples read per request from pg_stat_database,
 * which idle backends flush up to 10 s late, so each reading waits 11 s first; the server's pool closes its idle
 * connections meanwhile, so with this knob each call also pays for opening them again: read its speed figures from
 * a run without it), BENCH_API_MIX (the mixed load's likes and uploads in percent, `15,5`; `0,100` is uploads only,
 * whose row is not judged against the targets), BENCH_API_CALLS (only the calls whose name contains one of these parts, separated by |, e.g.
 * `page 1, anonymous|revalidation`), BENCH_API_STDOUT (a file: the server's log lines are appended there, each
 * request's line with the time the server took, `ms`), BENCH_API_PG_CORE (the core of our PostgreSQL cluster, 0: the
 * server's; 1 is an experiment, see PG_CORE), BENCH_API_NODE_ARGS (flags for the server's node, space-separated, e.g.
 * `--trace-gc` with BENCH_API_STDOUT), BENCH_STRICT=1 (exit 1 on a missed target). Writes reports/bench-api.json and prints a table
 * and issue 30's targets, PASS or FAIL.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import pg from 'pg';
import sharp from 'sharp';

import type { GetPlan, KindGroup, LoadResult, MixedPlan } from './api-load';
import {
  CIRCLE_FAN_EMAIL,
  CIRCLE_WORKS,
  FAMILY_CHILDREN,
  FAMILY_EMAIL,
  FAMILY_WORKS_EACH,
  SEED_CHILDREN,
  SEED_FAMILIES,
  SEED_PASSWORD,
  SEED_PREMIUM,
  seedEmail,
  seedWorks,
} from './api-seed';
import { pinned, record, startBareServer, startRealServer, type Proc } from './api-server';

const env = process.env;
const PORT = Number(env.BENCH_API_PORT ?? 3330);
const SECONDS = Number(env.BENCH_API_SECONDS ?? 10);
const WARMUP = Number(env.BENCH_API_WARMUP ?? 3);
const MIXED_SECONDS = Number(env.BENCH_API_MIXED_SECONDS ?? 60);
/** The mixed load's shares in percent, likes then uploads (the rest are pages); only the issue's 15,5 is judged. */
const [LIKE_PCT, UPLOAD_PCT] = (env.BENCH_API_MIX ?? '15,5').split(',').map(Number) as [number, number];
const MIX_JUDGED = LIKE_PCT === 15 && UPLOAD_PCT === 5;
const MIXED_CALL = `mixed ${MIXED_SECONDS} s (${100 - LIKE_PCT - UPLOAD_PCT} % pages, ${LIKE_PCT} % likes, ${UPLOAD_PCT} % uploads)`;
const CONNECTIONS = Number(env.BENCH_API_CONNECTIONS ?? 50);
const SIZES = (env.BENCH_API_SIZES ?? '10000,1000000').split(',').map(Number);
const DBS = (env.BENCH_API_DBS ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const PG_PORT = Number(env.BENCH_API_PG_PORT ?? 55440);
const CPU_PROF = env.BENCH_API_CPU_PROF ? resolve(env.BENCH_API_CPU_PROF) : null;
const PG_STATS = env.BENCH_API_PG_STATS === '1';
/** BENCH_API_CALLS: only the calls whose name contains one of these (separated by |), to profile one or two. */
const ONLY = env.BENCH_API_CALLS ? env.BENCH_API_CALLS.split('|') : null;
const SERVER_CORE = '0';
const LOAD_CORE = '1';
/**
 * BENCH_API_PG_CORE: the core our PostgreSQL cluster is pinned to. By default the server's (0): the database's work is
 * part of the server's cost on one core. `1` puts it beside autocannon instead, as a database on other cores than the
 * app's would be (an experiment: the judged figures are the default's).
 */
const PG_CORE = env.BENCH_API_PG_CORE ?? SERVER_CORE;

interface Row extends LoadResult {
  db: string;
  works: number;
  call: string;
  ceiling_rps: number;
  /** The same ceiling measured again after this database and size's single calls: how far the machine drifted. */
  ceiling_after_rps?: number;
  ratio: number;
  /** CPU time per answered request: the server process, and PostgreSQL's processes (robust on a busy machine). */
  server_cpu_us: number;
  db_cpu_us: number | null;
  /** BENCH_API_PG_STATS=1 on PostgreSQL: statements (pg_stat_statements), transactions and tuples read per request. */
  pg?: PgFigures;
  /** Why a call has no figures (e.g. the server sent no ETag). */
  note?: string;
}

interface PgFigures {
  statements_per_req: number | null;
  xacts_per_req: number;
  tuples_returned_per_req: number;
  /** `plans`: how many times it was planned (as many as `calls`: planned again for each execution), `plan_us` each. */
  top: { query: string; calls: number; plans: number; mean_us: number; plan_us: number; total_ms: number }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * pg_stat_database (and pg_stat_statements where it is loaded) around a call. Backends flush their counters to
 * pg_stat_database at most once a second and, when idle, up to 10 s later: each reading waits 11 s first.
 */
class PgStats {
  private constructor(
    private readonly client: pg.Client,
    private readonly statements: boolean,
  ) {}

  static async open(url: string): Promise<PgStats> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let statements = false;
    try {
      await client.query('create extension if not exists pg_stat_statements');
      await client.query('select pg_stat_statements_reset()');
      statements = true;
    } catch (err) {
      log(`pg_stat_statements is not available (${(err as Error).message}): transactions and tuples only`);
    }
    return new PgStats(client, statements);
  }

  private async database(): Promise<{ xacts: number; tuples: number }> {
    await sleep(11_000);
    const { rows } = await this.client.query<{ xacts: string; tuples: string }>(
      'select xact_commit + xact_rollback as xacts, tup_returned as tuples from pg_stat_database where datname = current_database()',
    );
    return { xacts: Number(rows[0]!.xacts), tuples: Number(rows[0]!.tuples) };
  }

  async around<T extends { total: number }>(run: () => Promise<T>): Promise<T & { pg: PgFigures }> {
    const before = await this.database();
    if (this.statements) await this.client.query('select pg_stat_statements_reset()');
    const r = await run();
    const after = await this.database();
    const n = Math.max(1, r.total);
    let statements: number | null = null;
    let top: PgFigures['top'] = [];
    if (this.statements) {
      // The bench's own readings (this client's) are left out.
      const mine = `dbid = (select oid from pg_database where datname = current_database()) and query not ilike '%pg_stat%'`;
      const { rows: sum } = await this.client.query<{ calls: string | null }>(
        `select sum(calls) as calls from pg_stat_statements where ${mine}`,
      );
      statements = Number(sum[0]?.calls ?? 0) / n;
      const { rows } = await this.client.query<{
        query: string;
        calls: string;
        plans: string;
        mean_us: string;
        plan_us: string;
        total_ms: string;
      }>(
        `select left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query, calls, plans, round((mean_exec_time * 1000)::numeric) as mean_us,
                round((mean_plan_time * 1000)::numeric) as plan_us,
                round(total_exec_time::numeric, 1) as total_ms
         from pg_stat_statements where ${mine} order by total_exec_time desc limit 10`,
      );
      top = rows.map((x) => ({
        query: x.query,
        calls: Number(x.calls),
        plans: Number(x.plans),
        mean_us: Number(x.mean_us),
        plan_us: Number(x.plan_us),
        total_ms: Number(x.total_ms),
      }));
    }
    const pgFigures: PgFigures = {
      statements_per_req: statements === null ? null : Math.round(statements * 100) / 100,
      xacts_per_req: Math.round(((after.xacts - before.xacts) / n) * 100) / 100,
      tuples_returned_per_req: Math.round(((after.tuples - before.tuples) / n) * 10) / 10,
      top,
    };
    return { ...r, pg: pgFigures };
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** utime + stime of these processes (with `reaped`, also of their children that have exited), in ms (Linux /proc). */
function cpuMs(pids: number[], reaped = false): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (reaped) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone
    }
  }
  return ticks * 10;
}

const pgrep = (args: string[]): number[] => {
  try {
    return execFileSync('pgrep', args).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** Our own cluster's data folder (startPostgres), whose postmaster.pid names the postmaster. */
let clusterDir: string | null = null;

/**
 * PostgreSQL's CPU so far, in ms, or null where it cannot be read. Our own cluster: the postmaster with all its
 * children, the exited ones too (their time is in the postmaster's cutime/cstime once reaped), so backends that the
 * server's pool opens or closes during a call are counted. BENCH_API_DATABASE_URL: the backends of lm_bench alive
 * at the start of the call.
 */
function postgresCpu(pids: number[] | null): number | null {
  if (clusterDir) {
    const postmaster = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return cpuMs([postmaster], true) + cpuMs(pgrep(['-P', String(postmaster)]));
  }
  return pids && pids.length ? cpuMs(pids) : null;
}

/** Runs a load and measures the CPU the server (and PostgreSQL) spent on it, and with PgStats its statements. */
async function measured(
  serverPid: number,
  db: string,
  stats: PgStats | null,
  run: () => Promise<LoadResult>,
): Promise<LoadResult & { server_cpu_us: number; db_cpu_us: number | null; pg?: PgFigures }> {
  const cpu = async () => {
    const pids = db === 'postgres' ? pgrep(['-u', 'postgres', '-f', 'lm_bench']) : null;
    const [s0, d0] = [cpuMs([serverPid]), postgresCpu(pids)];
    const r = await run();
    const [s1, d1] = [cpuMs([serverPid]), postgresCpu(pids)];
    const n = Math.max(1, r.total);
    const dbCpu = d0 === null || d1 === null ? null : Math.round(((d1 - d0) * 1000) / n);
    return { ...r, server_cpu_us: Math.round(((s1 - s0) * 1000) / n), db_cpu_us: db === 'postgres' ? dbCpu : null };
  };
  return stats ? stats.around(cpu) : cpu();
}

const log = (line: string) => console.log(`[bench:api] ${line}`);

/** One autocannon run in a process of its own on the load core. */
function load(plan: GetPlan | MixedPlan): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const child = pinned(LOAD_CORE, ['--import', 'tsx', 'e2e/perf/api-load.ts'], { ...env, BENCH_LOAD: JSON.stringify(plan) });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) fail(new Error(`the load generator failed (${code}): ${out}`));
      else done(JSON.parse(last) as LoadResult);
    });
  });
}

const get = (url: string, headers: Record<string, string>, seconds: number, expect?: number): Promise<LoadResult> =>
  load({ mode: 'get', url, headers, connections: CONNECTIONS, seconds, ...(expect === undefined ? {} : { expect }) });

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A seeded family's child token: parent login, then the child chosen. */
async function childToken(url: string, family: number | string, child: string): Promise<string> {
  const email = typeof family === 'string' ? family : seedEmail(family);
  const parent = await post<{ access: string }>(`${url}/api/login/`, { email, password: SEED_PASSWORD });
  return (await post<{ access: string }>(`${url}/api/profile/login/`, { username: child }, parent.access)).access;
}

/** Our own PostgreSQL cluster, as .ci/run starts one (as the postgres user when we are root). */
function startPostgres(): { url: string; stop: () => void } {
  if (env.BENCH_API_DATABASE_URL) return { url: env.BENCH_API_DATABASE_URL, stop: () => {} };
  const bin = execFileSync('sh', ['-c', 'dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)"']).toString().trim();
  const dir = mkdtempSync(join(tmpdir(), 'lm-bench-pg-'));
  const root = process.getuid?.() === 0;
  if (root)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (cmd: string, args: string[]) =>
    execFileSync(root ? 'runuser' : cmd, root ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: ['ignore', 'ignore', 'inherit'] });
  run(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust']);
  // Pinned beside the server unless BENCH_API_PG_CORE says otherwise (see PG_CORE).
  // With BENCH_API_PG_STATS=1, pg_stat_statements where the server's library is installed (PgStats creates it), with
  // the planning counted too: a prepared statement that PostgreSQL plans again on every execution shows there.
  const statements = PG_STATS && existsSync(`${dirname(bin)}/lib/pg_stat_statements.so`);
  const opts = `-p ${PG_PORT} -k /tmp -c listen_addresses=127.0.0.1 -c shared_buffers=256MB -c max_connections=100${statements ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on' : ''}`;
  execFileSync(root ? 'runuser' : 'taskset', [
    ...(root ? ['-u', 'postgres', '--', 'taskset'] : []),
    '-c',
    PG_CORE,
    `${bin}/pg_ctl`,
    '-D',
    `${dir}/data`,
    '-o',
    opts,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
  ]);
  clusterDir = `${dir}/data`;
  run(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', 'lm_bench']);
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/lm_bench`,
    stop: () => {
      clusterDir = null;
      run(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function smallJpeg(): Promise<string> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([
      { input: Buffer.from('<svg width="640" height="480"><circle cx="320" cy="240" r="150" fill="#36c"/></svg>'), top: 0, left: 0 },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  return bytes.toString('base64');
}

async function ceiling(url: string, headers: Record<string, string>, port: number): Promise<number> {
  const answer = await record(`${url}/api/artworks/?page=1`, headers);
  const bare = await startBareServer(port, SERVER_CORE, answer);
  try {
    await get(`${bare.url}/api/artworks/?page=1`, {}, WARMUP);
    return (await get(`${bare.url}/api/artworks/?page=1`, {}, SECONDS)).requests_per_second;
  } finally {
    await bare.stop();
  }
}

/** GETs an answer as the caller sees it, and stops the bench when it is not a 200 with results (a list) or a work. */
async function checked(url: string, token: string, what: string): Promise<{ count?: number; results?: { id: number }[]; id?: number }> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json().catch(() => ({}))) as { count?: number; results?: { id: number }[]; id?: number };
  if (res.status !== 200) throw new Error(`${what} (${url}) answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  if ('results' in body ? !body.results?.length : body.id === undefined)
    throw new Error(`${what} (${url}) is empty: the seeding does not give what it is meant to measure`);
  return body;
}

interface Call {
  call: string;
  path: string;
  headers: Record<string, string>;
  expect?: number;
  /** No load: the row says why, and its target fails. */
  skip?: string;
}

const REVALIDATION = 'page 1, revalidation (If-None-Match)';
const FAMILY_GALLERY = 'family gallery page 1, child token';
const CIRCLE_PAGE = 'circle page 1 (1,000 circle works), fan token';

async function phase(
  db: 'pglite' | 'postgres',
  works: number,
  dataDir: string,
  databaseUrl: string | undefined,
  jpeg: string,
): Promise<Row[]> {
  log(`${db}: seeding up to ${works.toLocaleString('en')} public works`);
  await seedWorks(databaseUrl ? { url: databaseUrl } : { pgliteDir: join(dataDir, 'pglite') }, works, log);
  const nodeArgs = [
    ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, `${db}-${works}`)}`] : []),
    ...(env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const api: Proc = await startRealServer({ port: PORT, dataDir, databaseUrl, core: SERVER_CORE, nodeArgs });
  const stats = PG_STATS && databaseUrl ? await PgStats.open(databaseUrl) : null;
  const rows: Row[] = [];
  try {
    const browser = await childToken(api.url, SEED_FAMILIES, SEED_CHILDREN[0]);
    const auth = { Authorization: `Bearer ${browser}` };
    const top = await ceiling(api.url, {}, PORT + 1);
    const page1 = await record(`${api.url}/api/artworks/?page=1`);
    log(`${db} ${works}: ceiling ${top} rps (bare node:http, the same ${Buffer.from(page1.body, 'base64').length} bytes)`);

    // The family of three: its first child's lists and a sibling's work, each checked before it is measured.
    const child = await childToken(api.url, FAMILY_EMAIL, FAMILY_CHILDREN[0]);
    const kid = { Authorization: `Bearer ${child}` };
    const gallery = await checked(`${api.url}/api/artworks/family-gallery/?page=1`, child, 'the family gallery');
    if (gallery.count !== 2 * FAMILY_WORKS_EACH)
      log(`${db} ${works}: the family gallery counts ${gallery.count} works (${2 * FAMILY_WORKS_EACH} seeded for it)`);
    await checked(`${api.url}/api/artworks/my?page=1`, child, 'my gallery');
    await checked(`${api.url}/api/artworks/my-collection/?page=1`, child, 'my collection');
    const workPath = `/api/artworks/${gallery.results![0]!.id}`;
    // The family circle (issue 32): a grandparent's page of a followed child's circle works.
    const fan = (await post<{ access: string }>(`${api.url}/api/login/`, { email: CIRCLE_FAN_EMAIL, password: SEED_PASSWORD })).access;
    const followed = await checked(`${api.url}/api/fan/children/`, fan, 'the children a fan follows');
    const circleChild = (followed as unknown as { results: { id: number; works_count: number }[] }).results[0];
    if (circleChild?.works_count !== CIRCLE_WORKS)
      log(`${db} ${works}: the circle child has ${circleChild?.works_count} works (${CIRCLE_WORKS} seeded)`);
    const circlePath = `/api/fan/children/${circleChild?.id}/works/?page=1`;
    await checked(`${api.url}${circlePath}`, fan, 'a circle page');
    await checked(`${api.url}${workPath}`, child, 'a work of a sibling');

    // Revalidation: the anonymous page 1's ETag, if the server sends one.
    const etag = page1.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
    let revalidation: Call;
    if (etag) {
      const again = await record(`${api.url}/api/artworks/?page=1`, { 'If-None-Match': etag });
      log(`${db} ${works}: page 1 ETag ${etag}; with If-None-Match the server answers ${again.status}`);
      revalidation = { call: REVALIDATION, path: '/api/artworks/?page=1', headers: { 'If-None-Match': etag }, expect: 304 };
    } else {
      log(`${db} ${works}: the server sends no ETag on page 1: no revalidation to measure`);
      revalidation = { call: REVALIDATION, path: '', headers: {}, skip: 'the server sends no ETag on page 1' };
    }

    const calls: Call[] = [
      { call: 'page 1, anonymous', path: '/api/artworks/?page=1', headers: {} },
      { call: 'page 50, anonymous', path: '/api/artworks/?page=50', headers: {} },
      { call: 'page 1, child token', path: '/api/artworks/?page=1', headers: auth },
      { call: 'page 50, child token', path: '/api/artworks/?page=50', headers: auth },
      { call: FAMILY_GALLERY, path: '/api/artworks/family-gallery/?page=1', headers: kid },
      { call: 'my gallery page 1, child token', path: '/api/artworks/my?page=1', headers: kid },
      { call: 'my collection page 1, child token', path: '/api/artworks/my-collection/?page=1', headers: kid },
      { call: 'work detail, child token', path: workPath, headers: kid },
      { call: CIRCLE_PAGE, path: circlePath, headers: { Authorization: `Bearer ${fan}` } },
      revalidation,
    ];
    await get(`${api.url}/api/artworks/?page=1`, {}, WARMUP);
    for (const c of calls) {
      if (ONLY && !ONLY.some((part) => c.call.includes(part))) continue;
      if (c.skip) {
        const none = { requests_per_second: 0, p50_ms: 0, p99_ms: 0, total: 0, errors: 0, timeouts: 0, non_2xx: 0, unexpected: 0 };
        rows.push({
          db,
          works,
          call: c.call,
          ...none,
          statuses: {},
          ceiling_rps: top,
          ratio: 0,
          server_cpu_us: 0,
          db_cpu_us: null,
          note: c.skip,
        });
        continue;
      }
      const r = await measured(api.pid, db, stats, () => get(`${api.url}${c.path}`, c.headers, SECONDS, c.expect));
      rows.push({ db, works, call: c.call, ...r, ceiling_rps: top, ratio: r.requests_per_second / top });
      log(
        `${db} ${works} ${c.call}: ${r.requests_per_second} rps, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, statuses ${JSON.stringify(r.statuses.all ?? {})}`,
      );
      if (r.pg) logTop(r.pg);
    }
    const single = rows.filter((r) => !r.note);
    if (single.length > 0) {
      // The ceiling once more, after the calls: their ratios are to the first, and this says how far the machine moved
      // meanwhile (on this 2-core VM the bench's bare ceiling was 19,300-32,100 req/s between runs within an hour).
      const after = await ceiling(api.url, {}, PORT + 1);
      for (const r of single) r.ceiling_after_rps = after;
      log(`${db} ${works}: ceiling ${top} rps before the calls, ${after} rps after them`);
    }
    if (MIXED_SECONDS > 0) {
      const tokens = [
        browser,
        await childToken(api.url, SEED_FAMILIES, SEED_CHILDREN[1]),
        await childToken(api.url, SEED_FAMILIES - 1, SEED_CHILDREN[0]),
        await childToken(api.url, SEED_FAMILIES - 1, SEED_CHILDREN[1]),
      ];
      const uploadTokens: string[] = [];
      for (let f = 1; f <= SEED_PREMIUM; f += 1) uploadTokens.push(await childToken(api.url, f, SEED_CHILDREN[0]));
      const page = (await (await fetch(`${api.url}/api/artworks/?page=1`)).json()) as { results: { id: number }[] };
      const likeIds = page.results.map((w) => w.id);
      const r = await measured(api.pid, db, stats, () =>
        load({
          mode: 'mixed',
          url: api.url,
          connections: CONNECTIONS,
          seconds: MIXED_SECONDS,
          tokens,
          uploadTokens,
          likeIds,
          jpeg,
          pages: 50,
          shares: { likes: LIKE_PCT / 100, uploads: UPLOAD_PCT / 100 },
        }),
      );
      rows.push({
        db,
        works,
        call: MIXED_CALL,
        ...r,
        ceiling_rps: top,
        ratio: r.requests_per_second / top,
      });
      const kinds = Object.entries(r.kinds ?? {})
        .map(([k, f]) => `${k} p50 ${f.p50_ms} / p99 ${f.p99_ms} ms`)
        .join(', ');
      log(`${db} ${works} mixed: ${r.requests_per_second} rps, p99 ${r.p99_ms} ms (${kinds}), statuses ${JSON.stringify(r.statuses)}`);
      if (r.pg) logTop(r.pg);
    }
  } finally {
    await stats?.close();
    await api.stop();
  }
  return rows;
}

function logTop(figures: PgFigures): void {
  log(
    `  PostgreSQL per request: ${figures.statements_per_req ?? '–'} statements, ${figures.xacts_per_req} transactions, ${figures.tuples_returned_per_req} tuples read`,
  );
  if (figures.top.length) log('  top statements by total time (calls, mean µs, total ms; plans, mean µs):');
  for (const s of figures.top) log(`    ${s.calls}  ${s.mean_us} µs  ${s.total_ms} ms;  ${s.plans} × ${s.plan_us} µs  ${s.query}`);
}

const fixed = (x: number, digits: number) => x.toFixed(digits);

function table(rows: Row[]): string {
  const lines = [
    '| database | works | call | req/s | p50 ms | p99 ms | ceiling req/s | ratio | server CPU µs/req | PostgreSQL CPU µs/req | PG statements / xacts / tuples per req | errors (incl. timeouts) / unexpected status |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    if (r.note) {
      lines.push(`| ${r.db} | ${r.works.toLocaleString('en')} | ${r.call} | ${r.note} | | | ${r.ceiling_rps} | | | | | |`);
      continue;
    }
    const pgs = r.pg
      ? `${r.pg.statements_per_req === null ? '–' : fixed(r.pg.statements_per_req, 2)} / ${fixed(r.pg.xacts_per_req, 2)} / ${r.pg.tuples_returned_per_req}`
      : '–';
    lines.push(
      `| ${r.db} | ${r.works.toLocaleString('en')} | ${r.call} | ${r.requests_per_second} | ${r.p50_ms} | ${r.p99_ms} | ${r.ceiling_rps}${r.ceiling_after_rps === undefined ? '' : ` (after: ${r.ceiling_after_rps})`} | ${(r.ratio * 100).toFixed(1)} % | ${r.server_cpu_us} | ${r.db_cpu_us ?? '–'} | ${pgs} | ${r.errors} / ${r.unexpected} |`,
    );
    for (const [kind, f] of Object.entries(r.kinds ?? {}))
      lines.push(
        `| ${r.db} | ${r.works.toLocaleString('en')} | ↳ ${kind} (${f.total} answers) | ${Math.round(f.total / MIXED_SECONDS)} | ${f.p50_ms} | ${f.p99_ms} | | | | | | – / ${f.unexpected} |`,
      );
  }
  return lines.join('\n');
}

interface Verdict {
  target: string;
  pass: boolean;
  detail: string;
}

function verdicts(rows: Row[]): Verdict[] {
  const out: Verdict[] = [];
  const find = (db: string, works: number, call: string) => rows.find((r) => r.db === db && r.works === works && r.call === call);
  const share = (r: Row) => `${(r.ratio * 100).toFixed(1)} %`;
  for (const works of SIZES) {
    const n = works.toLocaleString('en');
    const child = find('postgres', works, 'page 1, child token');
    if (child)
      out.push({
        target: `PostgreSQL, ${n} works: child-token page 1 >= 10 % of the ceiling, p99 <= 20 ms`,
        pass: child.ratio >= 0.1 && child.p99_ms <= 20,
        detail: `${share(child)}, p99 ${child.p99_ms} ms`,
      });
    const family = find('postgres', works, FAMILY_GALLERY);
    if (family)
      out.push({
        target: `PostgreSQL, ${n} works: family gallery page 1 >= 10 % of the ceiling`,
        pass: family.ratio >= 0.1,
        detail: share(family),
      });
    const anonymous = find('postgres', works, 'page 1, anonymous');
    if (anonymous)
      out.push({
        target: `PostgreSQL, ${n} works: anonymous page 1 >= 25 % of the ceiling, p99 <= 20 ms`,
        pass: anonymous.ratio >= 0.25 && anonymous.p99_ms <= 20,
        detail: `${share(anonymous)}, p99 ${anonymous.p99_ms} ms`,
      });
    const again = find('postgres', works, REVALIDATION);
    if (again) {
      const notModified = again.statuses.all?.['304'] ?? 0;
      out.push({
        target: `PostgreSQL, ${n} works: revalidation (If-None-Match) >= 40 % of the ceiling, answered 304`,
        pass: !again.note && notModified > 0 && again.unexpected === 0 && again.ratio >= 0.4,
        detail:
          again.note ?? `${share(again)}, ${notModified} × 304 of ${again.total} (statuses ${JSON.stringify(again.statuses.all ?? {})})`,
      });
    }
    const lite = find('pglite', works, 'page 1, anonymous');
    if (lite)
      out.push({
        target: `PGlite, ${n} works: page 1 >= 1,000 req/s`,
        pass: lite.requests_per_second >= 1000,
        detail: `${lite.requests_per_second} req/s`,
      });
    const liteChild = find('pglite', works, 'page 1, child token');
    if (liteChild)
      out.push({
        target: `PGlite, ${n} works: child-token page 1 >= 1,500 req/s`,
        pass: liteChild.requests_per_second >= 1500,
        detail: `${liteChild.requests_per_second} req/s`,
      });
  }
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  if (small !== large) {
    for (const db of DBS) {
      for (const call of ['page 1, anonymous', 'page 1, child token']) {
        const a = find(db, small, call);
        const b = find(db, large, call);
        if (!a || !b) continue;
        // Requests per second, as the issue asks; beside them the server's CPU per request and the shares of each
        // phase's own ceiling, which say the same with less of the shared machine's noise.
        const kept = b.requests_per_second / a.requests_per_second;
        out.push({
          target: `${db}, ${call}: as fast at ${large.toLocaleString('en')} works as at ${small.toLocaleString('en')} (>= 80 %)`,
          pass: kept >= 0.8,
          detail: `${(kept * 100).toFixed(0)} % (${b.requests_per_second} vs ${a.requests_per_second} req/s; server CPU ${b.server_cpu_us} vs ${a.server_cpu_us} µs/req; ${(b.ratio * 100).toFixed(1)} vs ${(a.ratio * 100).toFixed(1)} % of the ceiling)`,
        });
      }
    }
  }
  for (const r of rows.filter((x) => x.call.startsWith('mixed') && MIX_JUDGED)) {
    const at = `${r.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${r.works.toLocaleString('en')} works: mixed`;
    const failed = r.errors + r.unexpected;
    out.push({ target: `${at} load without errors`, pass: failed === 0, detail: `${failed} failed of ${r.total}` });
    const limits: [KindGroup, number][] =
      r.db === 'postgres'
        ? [
            ['pages', 50],
            ['likes', 50],
            ['uploads', 3000],
          ]
        : [['pages', 250]];
    for (const [kind, ms] of limits) {
      const f = r.kinds?.[kind];
      out.push({
        target: `${at} ${kind} p99 <= ${ms.toLocaleString('en')} ms`,
        pass: !!f && f.total > 0 && f.p99_ms <= ms,
        detail: f ? `p99 ${f.p99_ms} ms of ${f.total} answers` : 'not measured',
      });
    }
  }
  for (const r of rows.filter((x) => !x.call.startsWith('mixed') && !x.note)) {
    if (r.errors + r.unexpected > 0)
      out.push({
        target: `${r.db} ${r.works} ${r.call}: no errors`,
        pass: false,
        detail: `${r.errors} errors, ${r.timeouts} timeouts, ${r.unexpected} unexpected statuses (${JSON.stringify(r.statuses.all ?? {})})`,
      });
  }
  return out;
}

async function main(): Promise<void> {
  const started = new Date();
  const load1 = loadavg();
  const jpeg = await smallJpeg();
  const rows: Row[] = [];
  for (const db of DBS) {
    const dataDir = mkdtempSync(join(tmpdir(), `lm-bench-api-${db}-`));
    const pg = db === 'postgres' ? startPostgres() : null;
    try {
      for (const works of SIZES) rows.push(...(await phase(db, works, dataDir, pg?.url, jpeg)));
    } finally {
      pg?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const results = verdicts(rows);
  const loadAfter = loadavg();
  console.log(`\n${table(rows)}\n`);
  for (const v of results) console.log(`${v.pass ? 'PASS' : 'FAIL'}  ${v.target}: ${v.detail}`);
  console.log(`\nload average before ${load1.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/bench-api.json',
    JSON.stringify(
      {
        at: started.toISOString(),
        seconds: SECONDS,
        mixed_seconds: MIXED_SECONDS,
        connections: CONNECTIONS,
        server_core: SERVER_CORE,
        load_core: LOAD_CORE,
        pg_core: PG_CORE,
        load_average: { before: load1, after: loadAfter },
        figures: rows,
        targets: results,
      },
      null,
      2,
    ),
  );
  if (env.BENCH_STRICT === '1' && results.some((v) => !v.pass)) process.exitCode = 1;
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
