import './ui/tokens.css';
import './ui/global.css';

import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { preloadPage } from './app/routes';
import { activateLanguage, detectLanguage } from './lib/i18n';
import { startServiceWorker } from './lib/pwa';
import { loadQueue, useQueue } from './lib/queue';
import { startSessionScheduler } from './lib/session-scheduler';
import { hasKeptPages } from './lib/query-persist';
import { showParkedToast } from './lib/toast';
import { probeAtStart } from './lib/use-online';

/**
 * The upload queue is read at start (the header and the panel show what waits), but its sender
 * (lib/queue-sync, with the server's messages) loads only once something is queued.
 */
function loadQueueSenderWhenNeeded(): void {
  const start = () => void import('./lib/queue-sync').then((m) => m.startQueueSender());
  void loadQueue().then(() => {
    if (useQueue.getState().items.length) return start();
    const stop = useQueue.subscribe((s) => {
      if (!s.items.length) return;
      stop();
      start();
    });
  });
}

/**
 * A server may have sent the page's first view in #root, inert (FIRST_VIEWS_FILE in src/contract/preload.ts): the
 * first commit replaces it with the same page, and from then on #root takes input.
 */
function FirstCommit({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => root.removeAttribute('inert'), [root]);
  return children;
}

async function boot() {
  // A dead network is told at once to a phone that keeps pages to show (lib/use-online).
  if (hasKeptPages()) probeAtStart();
  // The catalog and the page's chunk load side by side, and the first render has both: no frame of
  // untranslated text, and no "Loading…" between the layout and the page.
  await Promise.all([activateLanguage(detectLanguage()), preloadPage(window.location.pathname)]);
  startSessionScheduler();
  loadQueueSenderWhenNeeded();
  startServiceWorker();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const reactRoot = createRoot(root);
  // The first render as a transition: React renders it in slices of a few milliseconds instead of one long task
  // (interleaved Lighthouse runs: Total Blocking Time on /public-gallery 224 ms against 339 without).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <FirstCommit root={root}>
          <App />
        </FirstCommit>
      </StrictMode>,
    ),
  );
  showParkedToast();
}

void boot();
