/** The benchmark's own API server and the calls it makes, over real HTTP like the PWA. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildServerIfStale, SERVER_ENTRY } from '../../scripts/lib.mjs';
import { findLink } from '../support/mail';

export interface ApiServer {
  url: string;
  dataDir: string;
  /** The server process, for sampling its memory. */
  pid: number;
  stop: () => Promise<void>;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerOptions {
  /** Seed the demo families (DEMO=1); off by default. */
  demo?: boolean;
  /** DIST_DIR: the built PWA (or the baseline page) the server serves. */
  distDir?: string;
}

/** Starts the production server on a fresh data folder, with no demo data unless asked. */
export async function startApiServer(port = 3190, options: ServerOptions = {}): Promise<ApiServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lm-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: options.demo ? '1' : '0',
    PUBLIC_URL: url,
    NODE_ENV: 'production',
  };
  if (options.distDir) env.DIST_DIR = options.distDir;
  // The compiled server, as production runs it (vite.server.config.ts).
  await buildServerIfStale();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { env, stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  let ready = false;
  for (let i = 0; i < 240 && !ready && !exited; i += 1) {
    try {
      ready = (await fetch(`${url}/api/public-navbar/`)).ok;
    } catch {
      // not listening yet
    }
    if (!ready) await sleep(250);
  }
  if (!ready || exited) {
    child.kill('SIGTERM');
    throw new Error(`the server on port ${port} did not start (is the port taken?)`);
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(url, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const BENCH_PASSWORD = 'Bench2024x';

/** Signs up, verifies through the outbox link and logs in: the parent's e-mail and access token. */
export async function verifiedParent(api: ApiServer, name: string): Promise<{ email: string; access: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const password = BENCH_PASSWORD;
  await call(`${api.url}/api/signup/`, {
    method: 'POST',
    body: JSON.stringify({ email, password, confirm_password: password, accept_terms: true }),
  });
  let link: string | null = null;
  for (let i = 0; i < 80 && !link; i += 1) {
    link = findLink(join(api.dataDir, 'outbox'), email, '/verify-email');
    if (!link) await sleep(100);
  }
  if (!link) throw new Error(`no verification e-mail for ${email}`);
  const q = new URL(link).searchParams;
  await call(`${api.url}/api/verify-email/${q.get('uid')}/${q.get('token')}`);
  const parent = await call<{ access: string }>(`${api.url}/api/login/`, { method: 'POST', body: JSON.stringify({ email, password }) });
  return { email, access: parent.access };
}

/** Signs up, verifies through the outbox link, logs in, adds a child and returns the child's access token. */
export async function verifiedChild(api: ApiServer, name: string): Promise<string> {
  const parent = await verifiedParent(api, name);
  const form = new FormData();
  form.set('address', '東京都 (Tokyo)');
  form.set('username', name);
  form.set('first_name', 'Bench Child');
  form.set('date_of_birth', '2018-01-01');
  await call(`${api.url}/api/register-profile/`, { method: 'POST', body: form, token: parent.access });
  const child = await call<{ access: string }>(`${api.url}/api/profile/login/`, {
    method: 'POST',
    body: JSON.stringify({ username: name }),
    token: parent.access,
  });
  return child.access;
}

/** POSTs one work with these images and returns the milliseconds until the 201 arrived. */
export async function uploadWork(url: string, token: string, files: { name: string; type: string; bytes: Buffer }[]): Promise<number> {
  const form = new FormData();
  form.set('title', 'Bench work');
  form.set('description', 'Five photos of drawings');
  form.set('is_public', 'false');
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const started = performance.now();
  const res = await fetch(`${url}/api/artworks/`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
  });
  const elapsed = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return elapsed;
}
