/**
 * Service-worker registration (architecture: "Offline browsing"), in production builds only: the dev
 * server has no worker, so development always sees fresh code. workbox-window tells us when a new
 * version is installed and waiting; it takes over only when the user taps Reload (app/update-prompt).
 */
import type { Workbox } from 'workbox-window';
import { create } from 'zustand';

import { afterFirstPaint, whenIdle } from './first-paint';
import { isOnline } from './use-online';

/** How often an open app asks the server for a new version, besides each return to the tab. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

interface PwaState {
  /** A new version is installed and waits for the user's word. */
  updateWaiting: boolean;
}

export const usePwa = create<PwaState>()(() => ({ updateWaiting: false }));

let workbox: Workbox | null = null;
let reloadOnTakeover = false;

/**
 * Resolves once the page has loaded and painted its first content, and the main thread is idle (at most
 * two seconds later): the worker's registration and its precache never compete with the first view.
 */
async function afterFirstView(): Promise<void> {
  await Promise.all([
    afterFirstPaint(5000),
    new Promise<void>((resolve) => {
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
    }),
  ]);
  await whenIdle(2000);
}

/** Registers the worker after the first view (see above), loading workbox-window only then. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void afterFirstView()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => register(new Workbox('/sw.js', { scope: '/' })))
    .catch(() => undefined);
}

function register(wb: Workbox): void {
  workbox = wb;
  wb.addEventListener('waiting', () => usePwa.setState({ updateWaiting: true }));
  wb.addEventListener('controlling', () => {
    // The new worker took over because the user asked: load the new version's pages.
    if (reloadOnTakeover) window.location.reload();
  });
  void wb.register().catch(() => undefined);
  const check = () => void wb.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && isOnline()) check();
  });
  window.setInterval(() => isOnline() && check(), UPDATE_CHECK_MS);
}

/** Activates the waiting worker; the page reloads once it has taken over. */
export function applyUpdate(): void {
  if (!workbox) return;
  reloadOnTakeover = true;
  workbox.messageSkipWaiting();
}
