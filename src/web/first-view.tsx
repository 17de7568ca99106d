/**
 * The first views (FIRST_VIEWS_FILE in src/contract/preload.ts), rendered at build time by scripts/prerender.ts: the
 * app as a visitor first sees a page with a first-load budget, in one language. It is the same tree main.tsx
 * renders, with the page's chunk and the catalog loaded first, so that the app's first commit, which replaces it,
 * draws the same thing again (the film strip, the drawings and the server's data come after the first view in
 * both).
 */
import { renderToString } from 'react-dom/server';
import routes from 'virtual:route-pages';
import { Router } from 'wouter';

import type { Language } from '@contract/limits';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { activateLanguage } from './lib/i18n';

/** The paths that have a first view: the routes with a first-load budget (their `first` flag). */
export const firstViewPaths = (): string[] => routes.filter((r) => r.first).map((r) => r.path);

export async function renderFirstView(path: string, language: Language): Promise<string> {
  await Promise.all([activateLanguage(language), preloadPage(path)]);
  return renderToString(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
}
