import { detailResponse } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';

const running = new Map<string, Promise<{ detail: string }>>();

/**
 * The verification link is single-use, so one page visit must call it once even when React mounts
 * the page twice (StrictMode) or the user reloads mid-flight.
 */
export function verifyEmail(uid: string, token: string) {
  const key = `${uid}/${token}`;
  const existing = running.get(key);
  if (existing) return existing;
  const job = http.get(API.verifyEmail(uid, token), { schema: detailResponse });
  running.set(key, job);
  return job;
}
