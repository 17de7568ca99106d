// `npm run dev`: the API server (restarted on change) on API_PORT and Vite with HMR on 3000, proxying /api and /media.
import { spawn } from 'node:child_process';

import { run } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '3001';
await run('npm', ['run', 'i18n:compile']);
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
