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
 * `gapMs` paces the reads: one starts no sooner than that long after the previous one started, so that a read answers
 * all that came in meanwhile; a quiet instance, whose last read began longer ago, still reads at once. The versions'
 * reads use none (VERSION_READ_GAP_MS).
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

/**
 * The least time between the starts of two version reads of one instance (see coalesced): none. A gap of 1 ms once
 * halved the reads' socket writes (issue 30), but since requests wait for their read before the app takes them
 * (readOnArrival), a request's wait costs more than the read it shares: with 1 ms, bench:api's revalidation ran at
 * 14,771-14,871 req/s (58 µs of server CPU each) and the child-token page at 7,503; with none, 16,413-17,476 (54-58 µs)
 * and 8,285, with 50-60 % more reads (PostgreSQL, 10,000 works).
 */
export const VERSION_READ_GAP_MS = 0;

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

/** Where a request's versions, read as it arrived, wait for the app (on node's IncomingMessage), and since when. */
const ON_ARRIVAL = Symbol('versions read on arrival');
const ARRIVED_AT = Symbol('arrived at');
type Arrived = { [ON_ARRIVAL]?: Versions; [ARRIVED_AT]?: number };

/**
 * node:http's requests whose answer starts from both versions (`wants`) wait for a read of them before the app sees
 * them, and the app takes that read from `arrivedVersions` (issue 30). It is the same read the handler would have
 * made (currentVersions: started after the request arrived, shared with the others that came meanwhile), only earlier:
 * a request that waits here is a parsed request and nothing more, where one that waited in its handler held the
 * app's context, its middleware's promises and headers through the wait. Measured on a revalidation (the server and
 * PostgreSQL on one core): 42-43 µs of CPU per request against 51-53. A failed read is not answered here: the app
 * runs, and its own read fails or succeeds as before.
 */
export function readOnArrival<Env extends { incoming: object }, R>(
  deps: AppDeps,
  wants: (incoming: Env['incoming']) => boolean,
  fetch: (request: Request, env: Env) => R | Promise<R>,
): (request: Request, env: Env) => R | Promise<R> {
  return (request, env) => {
    const incoming = env?.incoming as (Env['incoming'] & Arrived) | undefined;
    if (!incoming || !wants(incoming)) return fetch(request, env);
    const go = () => fetch(request, env);
    incoming[ARRIVED_AT] = performance.now();
    return currentVersions(deps).then((versions) => {
      incoming[ON_ARRIVAL] = versions;
      return go();
    }, go);
  };
}

/** When a request that waited for its versions (readOnArrival) arrived (performance.now()): its log line's start. */
export function arrivedAt(env: unknown): number | undefined {
  return (env as { incoming?: Arrived } | undefined)?.incoming?.[ARRIVED_AT];
}

/** The versions read as this request arrived (readOnArrival), if it was one of those. */
export function arrivedVersions(env: unknown): Versions | undefined {
  return (env as { incoming?: Arrived } | undefined)?.incoming?.[ON_ARRIVAL];
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
