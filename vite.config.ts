import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

import { firstPageGroups, preloadFirstPage, prerenderFirstViews, routePages } from './build/first-load.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { apiRoutes } from './src/contract/endpoints.ts';
import { SHARE_TARGET_FIELD, SHARE_TARGET_PATH } from './src/contract/offline.ts';

/**
 * The app version for the persisted query cache's buster (src/web/lib/query-persist.ts): the package
 * version plus a hash of the API contract. A release that changes no response shape keeps the
 * offline galleries, even when its new service worker takes over on an offline start.
 */
const contractDir = new URL('./src/contract/', import.meta.url);
const contractHash = createHash('sha256');
for (const file of readdirSync(contractDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort()) {
  contractHash.update(readFileSync(new URL(file, contractDir)));
}
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const appVersion = `${pkg.version}+${contractHash.digest('hex').slice(0, 10)}`;

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
    // The console's operations come with the console (src/web/lib/console-routes.ts), not in every first load.
    __API_ROUTES__: JSON.stringify(apiRoutes('first')),
    __CONSOLE_API_ROUTES__: JSON.stringify(apiRoutes('console')),
    // zod starts in JIT mode and probes `new Function` when its first object schema is built; the page's
    // Content-Security-Policy has no 'unsafe-eval', so the probe is reported as a violation. Without JIT zod does
    // the same checks (the CSP journey, e2e/csp.spec.ts, fails if this stops applying); the server keeps its JIT.
    'globalThis.__zod_globalConfig': JSON.stringify({ jitless: true }),
  },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    routePages(),
    preloadFirstPage(),
    prerenderFirstViews(),
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
        globPatterns: ['**/*.{js,css,html,svg,png}', '**/webp_enc_simd-*.wasm'],
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
          {
            src: '/screenshots/gallery-narrow.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: '子どもたちの絵がならぶギャラリー',
          },
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
      ...ROOM_ALIASES,
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/web/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 3000),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  // The capture worker (src/web/lib/paper/paper.worker.ts) is a module worker: as ES, its WebAssembly WebP encoder
  // (lib/paper/encode.ts) stays a chunk of its own that only an engine whose canvas cannot encode WebP fetches (10 KB
  // gzipped of glue, and the .wasm, kept out of every other capture).
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    // .vite/manifest.json: the files each source module needs, read by the first-load preloads (build/first-load.ts)
    // and `npm run budget`.
    manifest: true,
    sourcemap: false,
    // The first load's files are preloaded by the server or index.html's script (build/first-load.ts). Vite's own
    // preloading of each lazy chunk's imports would put a table of every chunk's file names (and its helper) in
    // the entry: 1,389 B gzipped more on `/` (1,433 on /login, 1,506 on /public-gallery; `npm run budget`, issue
    // 10), which leaves `/` 80 B under its budget. Without it, a page opened in-app before the service worker has
    // precached the app fetches its imports once its own file is here (from the precache afterwards, at once).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the first load needs goes in one chunk (`app`): without it the entry is 20 files instead of one
            // and 5,699 B gzipped more on `/` (a dozen small shared chunks compress worse than one). Lazily
            // loaded code still splits as before.
            { name: 'app', tags: ['$initial'] },
            // What the budgeted first pages share with other pages, one chunk each (see firstPageGroups).
            firstPageGroups(),
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
          // scripts/label-paper.test.ts: the real-photo development set's hand labels (fixtures/paper-real).
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
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
