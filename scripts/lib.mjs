// Helpers shared by the npm scripts: run a command, and tell whether an output is older than its inputs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

/** True when `output` is missing or older than any of `inputs` (files or folders). */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

export const WEB_INPUTS = [
  'index.html',
  'src/web',
  'src/sw',
  'src/contract',
  'public',
  'locales/en.po',
  'locales/ja.po',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'build',
];

/** The compiled API server (vite.server.config.ts): what production runs, without a TypeScript loader. */
export const SERVER_ENTRY = 'out/server/main.js';

/** What the server's build reads (its dependencies stay in node_modules and are not bundled). */
export const SERVER_INPUTS = [
  'src/server',
  'src/contract',
  'locales/en.ts',
  'locales/ja.ts',
  'locales/server',
  'vite.server.config.ts',
  'tsconfig.base.json',
];

/** Compiles the server when out/server/main.js is missing or older than its sources (the catalogs must be compiled). */
export async function buildServerIfStale() {
  if (isStale(SERVER_ENTRY, SERVER_INPUTS)) await run('npx', ['vite', 'build', '-c', 'vite.server.config.ts']);
}

/**
 * Runs the compiled server in the foreground. SIGTERM and SIGINT are passed on, so that the server drains its
 * requests (src/server/main.ts) however it was started; the exit code is the server's. npm passes a SIGTERM only to
 * the shell that runs the script, which dies without passing it on: when this process finds itself orphaned that
 * way, it sends the server SIGTERM all the same, rather than leave it running alone.
 */
export function runServer(opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      stdio: 'inherit',
      ...opts,
      env: { NODE_ENV: 'production', ...process.env, ...opts.env },
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    const parent = process.ppid;
    const orphaned = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(orphaned);
      forward('SIGTERM');
    }, 500);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(orphaned);
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** A TCP port that is free on 127.0.0.1 now (the ops scripts start servers on it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
