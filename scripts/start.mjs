// `npm start`: build the PWA if it is missing or older than its sources, then serve everything on PORT.
import { isStale, run, WEB_INPUTS } from './lib.mjs';

const catalogs = ['locales/en.po', 'locales/ja.po', 'locales/server/en.po', 'locales/server/ja.po'];
const webStale = isStale('dist/index.html', WEB_INPUTS);
// The PWA's catalogs are split by what the pages import (scripts/split-catalogs.ts): compiled again with the build.
if (webStale || isStale('locales/ja.first.ts', catalogs) || isStale('locales/server/ja.ts', catalogs))
  await run('npm', ['run', 'i18n:compile']);
if (webStale) await run('npx', ['vite', 'build']);
await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { NODE_ENV: 'production', ...process.env } });
