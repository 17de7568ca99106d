import { api } from '@web/lib/http';

const running = new Map<string, Promise<{ detail: string }>>();

/**
 * Opens an e-mail change link. It is single-use, so one page visit calls it once even when React mounts the
 * page twice (StrictMode). Failures are shown by the page, not toasted.
 */
export function confirmEmail(uid: string, token: string) {
  const key = `${uid}/${token}`;
  const existing = running.get(key);
  if (existing) return existing;
  const job = api('confirmEmail', { params: { uid, token }, silent: true });
  running.set(key, job);
  return job;
}
