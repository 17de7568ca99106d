/**
 * The first views (FIRST_VIEWS_FILE in src/contract/preload.ts), written into a build: each page with a first-load
 * budget, in each language, rendered by the app's own components (src/web/first-view.tsx) through Vite, so that
 * its CSS modules have the class names of the build. Run by the build itself (build/first-view.ts), in a process
 * of its own because the page's modules need a few browser globals (the ones the PWA's unit tests use).
 *
 * Usage: node --import tsx scripts/prerender.ts DIST_DIR
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { createServer } from 'vite';

import { LANGUAGES, type Language } from '../src/contract/limits.ts';
import { FIRST_VIEWS_FILE, type FirstViews } from '../src/contract/preload.ts';

const distDir = resolve(process.argv[2] ?? 'dist');
const vite = await createServer({
  configFile: resolve('vite.config.ts'),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
});
try {
  await vite.ssrLoadModule('/src/web/test/browser-globals.ts');
  const entry = (await vite.ssrLoadModule('/src/web/first-view.tsx')) as {
    firstViewPaths: () => string[];
    renderFirstView: (path: string, language: Language) => Promise<string>;
  };
  const views: FirstViews['views'] = {};
  for (const path of entry.firstViewPaths()) {
    views[path] = {};
    for (const language of LANGUAGES as readonly Language[]) {
      const html = await entry.renderFirstView(path, language);
      if (!html.includes('<main')) throw new Error(`prerender: ${path} (${language}) rendered no page`);
      views[path][language] = html;
    }
  }
  writeFileSync(join(distDir, FIRST_VIEWS_FILE), JSON.stringify({ views } satisfies FirstViews));
  const sizes = Object.entries(views).map(
    ([path, byLanguage]) =>
      `${path} ${Object.values(byLanguage)
        .map((h) => h.length)
        .join('/')}`,
  );
  console.log(`prerender: ${FIRST_VIEWS_FILE}: ${sizes.join(', ')} characters`);
} finally {
  await vite.close();
}
// The app's modules may have left timers behind (they run as in a page): this process is done.
process.exit(0);
