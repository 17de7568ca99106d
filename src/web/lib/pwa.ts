/**
 * Service-worker registration (architecture: "Offline browsing"), in production builds only: the dev
 * server has no worker, so development always sees fresh code. workbox-window tells us when a new
 * version is installed and waiting; it takes over only when the user taps Reload (app/update-prompt).
 */
import type { Workbox } from 'workbox-window';
import { create } from 'zustand';

import { SKIP_WAITING } from '@contract/offline';

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

/**
 * Resolves once the page's network has been quiet for `quietMs` (no request of its own has finished for that
 * long), `capMs` at the latest. The page's lazy parts, its API answers and its pictures come first.
 */
function networkQuiet(quietMs: number, capMs: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | null = null;
    let quiet = window.setTimeout(done, quietMs);
    const cap = window.setTimeout(done, capMs);
    function done() {
      window.clearTimeout(quiet);
      window.clearTimeout(cap);
      observer?.disconnect();
      resolve();
    }
    try {
      observer = new PerformanceObserver(() => {
        window.clearTimeout(quiet);
        quiet = window.setTimeout(done, quietMs);
      });
      observer.observe({ type: 'resource' });
    } catch {
      // No resource timing here: the first timer decides.
    }
  });
}

/**
 * Resolves once the page has loaded and painted its first content, its own requests have settled (a second
 * with none finishing, ten at the latest) and the main thread is idle: the worker's install downloads the
 * whole app (about 90 files, 0.9 MB), and started earlier it competed with the page's lazy parts, API answers
 * and pictures for the network and the CPU (about 100 ms of Total Blocking Time on /login in Lighthouse).
 */
async function afterFirstView(): Promise<void> {
  await Promise.all([
    afterFirstPaint(5000),
    new Promise<void>((resolve) => {
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
    }),
  ]);
  await networkQuiet(1000, 10_000);
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
  // A first install is no update: workbox-window calls a worker 'waiting' when it stays 'installed' for 200 ms, which
  // Firefox's first activation can take on a busy phone. Only a page some version already controls has one to replace.
  wb.addEventListener('waiting', () => {
    if (navigator.serviceWorker.controller) usePwa.setState({ updateWaiting: true });
  });
  void wb.register().catch(() => undefined);
  const check = () => void wb.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && isOnline()) check();
  });
  window.setInterval(() => isOnline() && check(), UPDATE_CHECK_MS);
}

/**
 * Activates the waiting worker; the page reloads once it has taken over. The takeover is heard on
 * navigator.serviceWorker itself, not through workbox-window's 'controlling': workbox-window counts an update found
 * more than a minute after its register() as "external" and tracks it less (a page left open that long is the usual
 * case). The word goes to the registration's waiting worker as the browser has it now. Should the takeover still not
 * come (the pwa journey twice waited 2 minutes for it: an old worker's request that does not end can hold the
 * activation back), the page reloads after 5 seconds all the same: the user asked for a reload, and the navigation
 * ends the old worker's requests; the new version then takes over, or its toast comes back.
 */
export function applyUpdate(): void {
  if (!workbox) return;
  navigator.serviceWorker.oncontrollerchange = () => location.reload();
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      if (registration?.waiting) registration.waiting.postMessage({ type: SKIP_WAITING });
      else workbox?.messageSkipWaiting();
    })
    .finally(() => window.setTimeout(() => location.reload(), 5000));
}
