// `npm start`: build the PWA if it is missing or older than its sources, then serve everything on PORT.
import { isStale, run, WEB_INPUTS } from './lib.mjs';

const catalogs = ['locales/en.po', 'locales/ja.po', 'locales/server/en.po', 'locales/server/ja.po'];
if (isStale('locales/ja.ts', catalogs) || isStale('locales/server/ja.ts', catalogs))
  await run('npx', ['lingui', 'compile', '--typescript']);
if (isStale('dist/index.html', WEB_INPUTS)) await run('npx', ['vite', 'build']);
await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { NODE_ENV: 'production', ...process.env } });
