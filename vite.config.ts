import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

import { precompress } from './scripts/vite-precompress.ts';
import { apiRoutes } from './src/contract/endpoints.ts';
import { SHARE_TARGET_FIELD, SHARE_TARGET_PATH } from './src/contract/offline.ts';
import { LANGUAGE_COOKIE, PRELOAD_SCRIPT_ATTRIBUTE, PRELOAD_TABLE_FILE, type PreloadTable } from './src/contract/preload.ts';

/**
 * The app version for the persisted query cache's buster (src/web/lib/query-persist.ts): the package
 * version plus a hash of the API contract. A release that changes no response shape keeps the
 * offline galleries, even when its new service worker takes over on an offline start.
 */
const contractDir = new URL('./src/contract/', import.meta.url);
const contractHash = createHash('sha256');
for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort()) {
  contractHash.update(readFileSync(new URL(file, contractDir)));
}
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const appVersion = `${pkg.version}+${contractHash.digest('hex').slice(0, 10)}`;

/**
 * index.html asks for the language catalog and the page chunk of the path being opened at once, beside the
 * main bundle, instead of after it has run (main.tsx awaits both before the first render). A small inline
 * script picks the language by the rule of pickLanguage (src/contract/limits.ts: the chosen language, read
 * from the cookie that mirrors it, as reading localStorage here would hold back every preload; else English
 * when the browser's first language is English, else Japanese) and the page as the route table does
 * (src/web/app/routes.tsx, read here: each route's `path` and the module its `lazyPage` imports).
 */
function preloadFirstPage(): Plugin {
  const routesFile = fileURLToPath(new URL('./src/web/app/routes.tsx', import.meta.url));
  const source = readFileSync(routesFile, 'utf8');
  // `const legal = () => import('...')`: loaders the table calls by name.
  const named = new Map([...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1]!, m[2]!]));
  const routes: { path: string; module: string }[] = [];
  for (const m of source.matchAll(/path: '([^']+)',\s*guard: '\w+',\s*page: lazyPage\(\(\) => (?:import\('([^']+)'\)|(\w+)\(\))/g)) {
    const specifier = m[2] ?? named.get(m[3]!);
    if (specifier) routes.push({ path: m[1]!, module: resolvePath(dirname(routesFile), `${specifier}.tsx`) });
  }
  let tableJson: string | null = null;
  return {
    name: 'little-museum:preload-first-page',
    apply: 'build',
    writeBundle(options) {
      if (tableJson && options.dir) writeFileSync(join(options.dir, PRELOAD_TABLE_FILE), tableJson);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        if (routes.length < 10) this.error(`preload-first-page: only ${routes.length} routes found in ${routesFile}; update the pattern here`);
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const loaded = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          const chunk = byFile.get(file);
          if (!chunk || into.has(file)) return;
          into.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const dep of chunk.imports) walk(dep, into);
        };
        if (entry) walk(entry.fileName, loaded);
        const filesOf = (moduleId: string) => {
          // A page is its own chunk, or part of a group's (the public gallery is in `wall`).
          const chunk = chunks.find((c) => c.facadeModuleId === moduleId) ?? chunks.find((c) => c.moduleIds.includes(moduleId));
          if (!chunk) return null;
          const files = new Set<string>();
          walk(chunk.fileName, files);
          return [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        };
        // Each file once, then lists of indexes into it: the table stays small in index.html.
        const files: string[] = [];
        const ids = (list: string[] | null) =>
          (list ?? []).map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1));
        const catalogs = Object.fromEntries(['en', 'ja'].map((l) => [l, ids(filesOf(fileURLToPath(new URL(`./locales/${l}.po`, import.meta.url))))]));
        const pages = routes
          .map((r) => [`^${r.path.replace(/:[^/]+/g, '[^/]+')}/?$`, ids(filesOf(r.module))] as [string, number[]])
          .filter((r) => r[1].length > 0);
        const table: PreloadTable = { f: files, c: catalogs, p: pages };
        const data = JSON.stringify(table);
        // The same table for the server (src/server/middleware/preload.ts), which writes these links into
        // index.html itself and leaves out the script: no script to run before the first requests go out.
        tableJson = data;
        const script = `(function(){var d=document,m=${data},l=(/(?:^|; )${LANGUAGE_COOKIE}=(en|ja)(?:;|$)/.exec(d.cookie)||[])[1],f;if(!l){f=navigator.languages&&navigator.languages[0];if(f==null)f=navigator.language;l=String(f||'').toLowerCase().indexOf('en')===0?'en':'ja'}function a(i){var h=m.f[i],k=d.createElement('link');if(/\\.css$/.test(h)){k.rel='preload';k.as='style'}else k.rel='modulepreload';k.crossOrigin='';k.href=h;d.head.appendChild(k)}m.c[l].forEach(a);for(var i=0;i<m.p.length;i++)if(new RegExp(m.p[i][0],'i').test(location.pathname)){m.p[i][1].forEach(a);break}})()`;
        return [{ tag: 'script', attrs: { [PRELOAD_SCRIPT_ATTRIBUTE]: true }, children: script, injectTo: 'head' }];
      },
    },
  };
}

/** The rooms of src/ (tsconfig.base.json `paths`): imports across rooms, or up more than one folder, use these. */
const ROOM_ALIASES = ['contract', 'web', 'server'].map((room) => ({
  find: new RegExp(`^@${room}/`),
  replacement: fileURLToPath(new URL(`./src/${room}/`, import.meta.url)),
}));

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
    // The endpoint table without its schemas, for the PWA's client (src/web/lib/http.ts): zod stays out of the pages.
    __API_ROUTES__: JSON.stringify(apiRoutes()),
    // zod starts in JIT mode and probes `new Function` when its first object schema is built; the page's
    // Content-Security-Policy has no 'unsafe-eval', so the probe is reported as a violation. Without JIT zod does
    // the same checks (the CSP journey, e2e/csp.spec.ts, fails if this stops applying); the server keeps its JIT.
    'globalThis.__zod_globalConfig': JSON.stringify({ jitless: true }),
  },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    preloadFirstPage(),
    VitePWA({
      // A hand-written worker (src/sw/sw.ts): it answers the share_target POST, which generateSW cannot.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by src/web/lib/pwa.ts with workbox-window, in production builds only.
      injectRegister: false,
      // The icons are matched by globPatterns already; listing them twice would precache them twice.
      includeManifestIcons: false,
      injectManifest: {
        // The shell: every chunk (the en/ja catalogs are chunks), styles, icons and the vendored
        // compression library its worker imports. Store screenshots are for the install sheet only.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['screenshots/**', 'sw.js'],
      },
      manifest: {
        id: '/',
        name: 'Little Museum',
        short_name: 'Little Museum',
        description: '家族と子どものためのオンライン美術館。描いた絵を写真に撮って、ギャラリーに飾りましょう。',
        lang: 'ja',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#fbf6ee',
        background_color: '#fbf6ee',
        categories: ['education', 'kids', 'photo'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/gallery-narrow.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: '子どもたちの絵がならぶギャラリー' },
          { src: '/screenshots/gallery-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'みんなのギャラリー' },
        ],
        share_target: {
          action: SHARE_TARGET_PATH,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', files: [{ name: SHARE_TARGET_FIELD, accept: ['image/*'] }] },
        },
      },
      devOptions: { enabled: false },
    }),
    // Last: .br and .gz beside the text files, once sw.js and preload-table.json are written too.
    precompress(),
  ],
  resolve: {
    alias: [
      ...ROOM_ALIASES,{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/web/lib/use-sync-external-store-shim.ts', import.meta.url)) }],
  },
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The first load's files are preloaded by index.html's script (preloadFirstPage). Vite's own preloading of
    // each lazy chunk's imports would put a table of every chunk's file names (and its helper) in the first
    // load, about 1 KB gzipped; without it, a page opened in-app before the service worker has precached the
    // app fetches its imports once its own file is here (from the precache afterwards, at once).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first load needs goes in one chunk: a dozen small shared chunks cost requests and
          // compress worse than one. Lazily loaded code still splits as before.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Lighthouse's mobile model pays a round trip per file over HTTP/1.1: the gallery walls and the
            // forms each come as one file instead of a dozen (only these modules, not what they import).
            {
              name: 'wall',
              includeDependenciesRecursively: false,
              test: /src\/web\/(features\/works\/(pages\/public-gallery-page|components\/(works-wall|work-tile|work-filters|use-like-toggle|format|works\.module)|api\/(works-list|works-cache|get-categories|like-work|unlike-work|get-public-works))|ui\/(avatar|skeleton|offline-data-note|see-more|like-button|work-card)|lib\/network-action)|@tanstack\/(react-query\/build\/modern\/(useInfiniteQuery|infiniteQueryOptions)|query-core\/build\/modern\/infiniteQueryObserver)\.js/,
            },
            // The fields' markup; react-hook-form is its own chunk, so the login page paints before it loads.
            {
              name: 'form',
              includeDependenciesRecursively: false,
              test: /src\/web\/(ui\/(field|password-field)|features\/auth\/(components|pages\/login-page))/,
            },
            { name: 'form-state', includeDependenciesRecursively: false, test: /node_modules\/react-hook-form/ },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        resolve: { alias: ROOM_ALIASES },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // The PWA's logic, built as the app is (this config's plugins and defines: Lingui's macros and catalogs),
        // in Node with the few browser globals it touches (src/web/test/browser-globals.ts).
        extends: true,
        test: {
          name: 'web',
          environment: 'node',
          include: ['src/web/**/*.test.ts'],
          setupFiles: ['src/web/test/browser-globals.ts'],
          // The token refresh tests start the real server on PGlite.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
