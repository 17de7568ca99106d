/**
 * The API bench's processes: the real server as production starts it (NODE_ENV=production, so answers are not
 * checked against their schemas), or the bare node:http ceiling, each pinned to one core with taskset.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { request } from 'node:http';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Proc {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * `taskset -c <core> node …`, or plain node where taskset is missing. `stdoutFile`: the process's standard output is
 * appended to that file instead of being read and dropped.
 */
export function pinned(core: string, args: string[], env: NodeJS.ProcessEnv, stdoutFile?: string): ChildProcess {
  const out = stdoutFile ? openSync(stdoutFile, 'a') : 'pipe';
  const stdio: ['ignore', 'pipe' | number, 'pipe'] = ['ignore', out, 'pipe'];
  const child = spawn('taskset', ['-c', core, process.execPath, ...args], { env, stdio });
  if (typeof out === 'number') closeSync(out);
  child.stderr?.on('data', (d: Buffer) => {
    if (process.env.BENCH_API_VERBOSE) process.stderr.write(d);
  });
  child.stdout?.resume();
  return child;
}

async function waitReady(url: string, child: ChildProcess, what: string): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 480 && !exited; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not start on ${url}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

export interface RealServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  core: string;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * How production starts the server: the compiled out/server/main.js (scripts/lib.mjs, built when stale) where the
 * repository has it, else main.ts under the tsx loader (as `npm start` did before). BENCH_API_ENTRY overrides it.
 */
async function serverEntry(): Promise<string[]> {
  if (process.env.BENCH_API_ENTRY) return process.env.BENCH_API_ENTRY.split(' ');
  if (existsSync('scripts/lib.mjs')) {
    const lib = (await import('../../scripts/lib.mjs')) as { SERVER_ENTRY?: string; buildServerIfStale?: () => Promise<void> };
    if (lib.SERVER_ENTRY && lib.buildServerIfStale) {
      await lib.buildServerIfStale();
      return ['--enable-source-maps', lib.SERVER_ENTRY];
    }
  }
  return ['--import', 'tsx', 'src/server/main.ts'];
}

/** The server as production runs it, pinned to its core. */
export async function startRealServer(o: RealServerOptions): Promise<Proc> {
  const url = `http://127.0.0.1:${o.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...o.env,
    PORT: String(o.port),
    DATA_DIR: o.dataDir,
    DEMO: '0',
    PUBLIC_URL: url,
    NODE_ENV: 'production',
  };
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  else delete env.DATABASE_URL;
  const entry = await serverEntry();
  // BENCH_API_STDOUT: the server's log lines (each request's own `ms` among them) go to that file, to tell the time spent
  // in the server from the time on the way to and from it.
  const child = pinned(o.core, [...(o.nodeArgs ?? []), ...entry], env, process.env.BENCH_API_STDOUT);
  await waitReady(`${url}/api/public-navbar/`, child, 'the server');
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** An answer's exact bytes and headers as autocannon receives them (no Accept-Encoding). */
export interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

export function record(url: string, headers: Record<string, string> = {}): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue;
          out.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The ceiling: a bare node:http server on the same core answering these bytes to every request. */
export async function startBareServer(port: number, core: string, answer: Recorded): Promise<Proc> {
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, BARE_PORT: String(port), BARE_ANSWER: JSON.stringify(answer) };
  const child = pinned(core, ['--import', 'tsx', 'e2e/perf/bare-server.ts'], env);
  await waitReady(url, child, 'the bare server');
  return { url, pid: child.pid!, stop: stopper(child) };
}
