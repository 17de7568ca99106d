import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

import { SHARE_TARGET_FIELD, SHARE_TARGET_PATH } from './src/contract/offline';

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

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
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
  ],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser that can install the PWA supports <link rel="modulepreload">: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first load needs goes in one chunk: a dozen small shared chunks cost requests and
          // compress worse than one. Lazily loaded code still splits as before.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
