/**
 * Keeps both token pairs fresh (accounts spec §4): a refresh is scheduled 60 s before `exp`, or at
 * once when less than a minute is left. Timers are throttled in background tabs, so the schedule is
 * re-checked when the page becomes visible again and when the network comes back.
 */
import { LIMITS } from '@contract/limits';
import { refreshTokens } from './http';
import { secondsLeft } from './jwt';
import { tokenOf, useSession, type TokenKind } from './session';

const timers = new Map<TokenKind, number>();

function schedule(kind: TokenKind): void {
  window.clearTimeout(timers.get(kind));
  timers.delete(kind);
  const token = tokenOf(kind);
  if (!token) return;
  const left = secondsLeft(token);
  if (left === null) return;
  const wait = Math.max(0, (left - LIMITS.refreshLeadSeconds) * 1000);
  timers.set(
    kind,
    window.setTimeout(
      () => {
        void refreshTokens(kind);
      },
      Math.min(wait, 2 ** 31 - 1),
    ),
  );
}

function scheduleAll(): void {
  schedule('parent');
  schedule('child');
}

let started = false;

export function startSessionScheduler(): void {
  if (started) return;
  started = true;
  scheduleAll();
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) schedule('parent');
    if (state.childToken !== previous.childToken) schedule('child');
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') scheduleAll();
  });
  window.addEventListener('online', scheduleAll);
}
