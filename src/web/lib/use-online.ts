/**
 * Whether the app can reach the server. `navigator.onLine` is only a hint: on a dead network (signal bars
 * but no data, a captive portal, or Chromium after a reload under a test's offline switch) it stays true
 * while every request fails. So the calls report what happened: a request that fails for the network marks
 * the app offline, and the next answer of any status marks it online again. While offline by that
 * measure, a small probe asks the server now and then (sooner when the app comes back into view), since
 * no `online` event will come.
 *
 * A network can also hang instead of failing (a train's Wi-Fi between stations): then no request fails, and API
 * calls have no timeout (accounts spec §7). So a call still unanswered after STALL_MS has the probe ask the
 * server, and a probe unanswered after PROBE_TIMEOUT_MS counts as a failure: the app says it is offline while
 * the call itself keeps waiting, and its answer, whenever it comes, says it is back.
 */
import { useSyncExternalStore } from 'react';

import { apiPath } from './http';

const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;
/** How long a call may wait for its answer before the probe checks the network (a long upload included). */
export const STALL_MS = 8_000;
/** How long the probe waits for the server's answer before the network counts as not working. */
export const PROBE_TIMEOUT_MS = 6_000;

let reachable = true;
let probeDelay = PROBE_FIRST_MS;
let probeTimer: number | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Online as far as the app knows: the browser thinks so and the last request got an answer. */
export function isOnline(): boolean {
  return navigator.onLine && reachable;
}

/** A request got an answer (of any status): the network works. */
export function reportAnswer(): void {
  window.clearTimeout(probeTimer);
  probeDelay = PROBE_FIRST_MS;
  if (reachable) return;
  reachable = true;
  emit();
}

/** A request failed without an answer: the network does not work, whatever navigator.onLine says. */
export function reportNetworkFailure(): void {
  if (reachable) {
    reachable = false;
    emit();
  }
  scheduleProbe();
}

function scheduleProbe(): void {
  window.clearTimeout(probeTimer);
  probeTimer = window.setTimeout(() => void probe(), probeDelay);
  probeDelay = Math.min(PROBE_MAX_MS, probeDelay * 2);
}

/**
 * Any answer from the API proves the way there works (the service worker never answers /api/), unless it is a
 * captive portal's: its 511, or its login page (a success that is not the API's JSON). An error page is an answer:
 * the museum is then "can't be reached just now", not offline.
 * No answer within PROBE_TIMEOUT_MS is none: a network that hangs does not work either.
 */
async function museumAnswers(): Promise<boolean> {
  const giveUp = new AbortController();
  const timer = window.setTimeout(() => giveUp.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(apiPath('publicNavbar'), { cache: 'no-store', credentials: 'omit', signal: giveUp.signal });
    // Only the status and the headers matter. A body left unread keeps its request open (a browser has 6 a host),
    // so it is cancelled; a body already gone has nothing to cancel.
    response.body?.cancel().catch(() => undefined);
    if (response.status === 511) return false;
    return !response.ok || Boolean(response.headers.get('content-type')?.includes('json'));
  } catch {
    return false;
  } finally {
    window.clearTimeout(timer);
  }
}

async function probe(): Promise<void> {
  if (reachable || !navigator.onLine) return;
  if (await museumAnswers()) reportAnswer();
  else scheduleProbe();
}

/**
 * At start, when the phone keeps pages to show: one probe at once, beside the app's own start, instead of learning
 * of a dead network from the page's first call, which waits for the page, its render and the HTTP client (issue 11:
 * the offline note within 1.5 s of start). Not on a first visit, which has nothing kept to show instead.
 */
export function probeAtStart(): void {
  if (!navigator.onLine) return;
  void museumAnswers().then((answered) => (answered ? reportAnswer() : reportNetworkFailure()));
}

let stallProbe: Promise<void> | null = null;

/**
 * Watches one call (lib/http): if it is still unanswered after STALL_MS while the app thinks it is online, the
 * probe checks the network (one probe for any number of stalled calls). Returns the call's "answered or failed".
 */
export function watchCall(): () => void {
  const timer = window.setTimeout(() => {
    if (!reachable || !navigator.onLine || stallProbe) return;
    stallProbe = museumAnswers()
      .then((answered) => {
        if (!answered) reportNetworkFailure();
      })
      .finally(() => {
        stallProbe = null;
      });
  }, STALL_MS);
  return () => window.clearTimeout(timer);
}

if (typeof window !== 'undefined') {
  // The browser's own events: `online` is worth a fresh try at once, `offline` needs no proof.
  window.addEventListener('online', () => {
    reachable = true;
    probeDelay = PROBE_FIRST_MS;
    emit();
  });
  window.addEventListener('offline', emit);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !reachable) {
      probeDelay = PROBE_FIRST_MS;
      void probe();
    }
  });
}

/** Calls `onChange` whenever isOnline() may have changed; returns the unsubscribe. */
export function subscribeOnline(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** isOnline() as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
