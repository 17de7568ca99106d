import { api } from '@web/lib/http';

const running = new Map<string, Promise<{ detail: string; email?: string | undefined }>>();

/**
 * The verification link is single-use, so one page visit must call it once even when React mounts
 * the page twice (StrictMode) or the user reloads mid-flight.
 */
export function verifyEmail(uid: string, token: string) {
  const key = `${uid}/${token}`;
  const existing = running.get(key);
  if (existing) return existing;
  const job = api('verifyEmail', { params: { uid, token } });
  running.set(key, job);
  return job;
}
