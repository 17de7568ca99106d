/**
 * The database's change counters (issue 30), which let an instance keep what it read and still answer exactly what
 * the database holds now: the public wall's version (gallery_versions, migration 0009: works, images, tags, likes,
 * profiles, categories) and the families' (family_versions, migration 0015: users, profiles, login sessions,
 * shares). Each is the sum of 16 rows that only grow, each bumped in the transaction that made the change, so an
 * equal sum means that nothing was committed since. Both are read in one statement, after the request arrived, and
 * one read answers every request that came in while the previous one was running.
 */
import { sql } from 'drizzle-orm';

import { familyVersions, galleryVersions } from '../db/schema';
import type { AppDeps } from '../deps';

export interface Versions {
  /** The public wall's (and every work list's) version, as text: compared, never added to. */
  wall: string;
  /** The families' version: sessions, profiles, shares. */
  family: string;
}

/** The families' version as a column of another query (read in that query's snapshot). */
export const familyVersionColumn = sql<string>`(select coalesce(sum(${familyVersions.v}), 0)::text from ${familyVersions})`;
/** The wall's version as a column of another query. */
export const wallVersionColumn = sql<string>`(select coalesce(sum(${galleryVersions.v}), 0)::text from ${galleryVersions})`;

/**
 * Reads that start after the caller asked, shared by the callers that ask while one is waiting to start: a caller
 * never gets a read that began before it arrived, so what any instance committed before the request is seen, as if
 * each request read alone; under load one round trip answers every request that came in during the previous one.
 * A read starts at the end of the event loop's turn (setImmediate), after the previous one ended, so the requests
 * parsed in one turn share it: on PGlite a read runs in this thread and ends before the next request is even read,
 * so a read started at once answered one request each (issue 30's profile: PGlite was 60 % of the busy time).
 *
 * `gapMs` paces the reads: one starts no sooner than that long after the previous one started. A read is a
 * round trip of about 0.1 ms, so under load reads went back to back, a few requests each, and their socket writes
 * (with PostgreSQL's wake-up on the same core) were 13 % of a revalidation's time (issue 30's profile). Paced, a
 * request waits at most `gapMs` more, and a read answers all that came in meanwhile; a quiet instance, whose last
 * read began longer ago, still reads at once.
 */
export function coalesced<T>(read: () => Promise<T>, gapMs = 0): () => Promise<T> {
  let running: Promise<unknown> | undefined;
  let next: Promise<T> | undefined;
  let lastStart = -Infinity;
  const settled = () => undefined;
  const whenDue = () =>
    new Promise<void>((resolve) => {
      const wait = lastStart + gapMs - performance.now();
      if (wait > 0) setTimeout(resolve, wait);
      else setImmediate(resolve);
    });
  return () => {
    next ??= (running ? running.then(settled, settled) : Promise.resolve()).then(whenDue).then(() => {
      // From here on, a new caller waits for the read after this one.
      next = undefined;
      lastStart = performance.now();
      const p = read();
      running = p;
      void p.then(
        () => running === p && (running = undefined),
        () => running === p && (running = undefined),
      );
      return p;
    });
    return next;
  };
}

/** The least time between the starts of two version reads of one instance (see coalesced). */
export const VERSION_READ_GAP_MS = 1;

const reads = new WeakMap<AppDeps, () => Promise<Versions>>();

/** Both versions, read after the call (shared with the calls that come in while it waits). */
export function currentVersions(deps: AppDeps): Promise<Versions> {
  let read = reads.get(deps);
  if (!read) {
    // A prepared statement: parsed and planned once per connection.
    const statement = deps.db
      .select({ wall: wallVersionColumn, family: familyVersionColumn })
      .from(sql`(select 1) as one`)
      .prepare('versions_now');
    reads.set(deps, (read = coalesced(async () => (await statement.execute())[0]!, VERSION_READ_GAP_MS)));
  }
  return read();
}

/**
 * Answers an instance keeps beside both versions, read before the answer was: one is given again only while a read
 * made after the request arrived finds the same versions, so nothing it rests on (works, images, tags, likes,
 * profiles, categories, users, sessions, shares) has changed on any instance since. At most `max` per app, the
 * oldest dropped first. What is kept must rest on nothing else, and must not be changed by its users.
 */
export class KeptAnswers<T> {
  private readonly stores = new WeakMap<AppDeps, Map<string, { versions: Versions; value: T }>>();
  constructor(private readonly max: number) {}

  /** The kept answer, or a new one from `read`, which gets the versions read before it. */
  async get(deps: AppDeps, key: string, read: (before: Versions) => Promise<T>): Promise<T> {
    let store = this.stores.get(deps);
    if (!store) this.stores.set(deps, (store = new Map()));
    const now = await currentVersions(deps);
    const hit = store.get(key);
    if (hit && hit.versions.wall === now.wall && hit.versions.family === now.family) return hit.value;
    const value = await read(now);
    store.delete(key);
    store.set(key, { versions: now, value });
    if (store.size > this.max) store.delete(store.keys().next().value!);
    return value;
  }
}
