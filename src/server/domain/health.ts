/**
 * Whether this instance can serve (GET /api/health/, routes/health.ts), for a load balancer polling every instance
 * every few seconds. Cheap: one `select 1`, and one storage check (a HEAD of the bucket, or a stat of the media
 * folder) kept for a few seconds and shared by the calls that arrive meanwhile. Each part must answer within
 * CHECK_TIMEOUT_MS; why a part failed goes to the log only.
 */
import { sql } from 'drizzle-orm';

import type { StorageAdapter } from '../adapters/storage';
import type { AppDeps } from '../deps';
import { errorFields, log } from '../log';

const CHECK_TIMEOUT_MS = 3_000;
/** How long a storage check's outcome is reused (a success; a failure is retried sooner). */
const STORAGE_OK_MS = 5_000;
const STORAGE_FAILED_MS = 1_000;

export type HealthState = 'ok' | 'failed';

function withinTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkPart(part: string, work: () => Promise<unknown>): Promise<HealthState> {
  try {
    await withinTime(work(), part);
    return 'ok';
  } catch (err) {
    log('warn', `health: ${part} failed`, errorFields(err));
    return 'failed';
  }
}

/** Per storage adapter (tests run several apps in one process). */
const storageChecks = new WeakMap<StorageAdapter, { until: number; state: Promise<HealthState> }>();

function checkStorage(storage: StorageAdapter): Promise<HealthState> {
  const now = Date.now();
  const kept = storageChecks.get(storage);
  if (kept && kept.until > now) return kept.state;
  const entry = { until: now + CHECK_TIMEOUT_MS + STORAGE_OK_MS, state: checkPart('storage', () => storage.check()) };
  storageChecks.set(storage, entry);
  void entry.state.then((state) => {
    entry.until = Date.now() + (state === 'ok' ? STORAGE_OK_MS : STORAGE_FAILED_MS);
  });
  return entry.state;
}

/** The state of each part, checked at once. */
export async function checkHealth(deps: AppDeps): Promise<{ database: HealthState; storage: HealthState }> {
  const [database, storage] = await Promise.all([checkPart('database', () => deps.db.execute(sql`select 1`)), checkStorage(deps.storage)]);
  return { database, storage };
}
