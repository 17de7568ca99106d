// `npm start`: build the PWA and the server if they are missing or older than their sources, then serve everything
// on PORT with the compiled server (out/server/main.js, vite.server.config.ts): no TypeScript loader in production.
import { buildServerIfStale, isStale, run, runServer, WEB_INPUTS } from './lib.mjs';

const catalogs = ['locales/en.po', 'locales/ja.po', 'locales/server/en.po', 'locales/server/ja.po'];
const webStale = isStale('dist/index.html', WEB_INPUTS);
// The PWA's catalogs are split by what the pages import (scripts/split-catalogs.ts): compiled again with the build.
if (webStale || isStale('locales/ja.first.ts', catalogs) || isStale('locales/server/ja.ts', catalogs))
  await run('npm', ['run', 'i18n:compile']);
if (webStale) await run('npx', ['vite', 'build']);
await buildServerIfStale();
process.exitCode = await runServer();
