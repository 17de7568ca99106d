// Helpers shared by the npm scripts: run a command, and tell whether an output is older than its inputs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
