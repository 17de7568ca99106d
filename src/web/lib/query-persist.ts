/**
 * The persisted query cache (architecture: "Offline browsing"). The service worker never caches
 * /api/ (its keys ignore Authorization), so what a family has seen comes back offline from here:
 * a dehydrated copy of a few small, successful queries in localStorage under PERSIST_KEY.
 *
 * What is kept: the unfiltered family gallery and my gallery (as many pages as "Save for offline"
 * covers), the public gallery's first page, the 30 works last opened on their own page, the active
 * profile, `me`, the profiles, categories and tags, each child's timeline, the account's image count, the first page
 * of the payment history. Never image bytes (those are the SW's /media/ cache) and never mutations.
 * When it is written: a kept query's first success at once, and whatever waits on pagehide or when the page is hidden;
 * other changes at most once a second.
 * When it goes: after MAX_AGE_MS, when the buster (app version + contract hash) changes, and when
 * the person using the app changes (see watchSessionOwner and ./wipe-device.ts).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';

import { LIMITS } from '@contract/limits';
import { SAVE_OFFLINE_CAP } from '@contract/offline';
import { decodeToken } from './jwt';
import { queryClient } from './query-client';
import { isWorkListKey, queryKeys, type WorkListOp } from './query-keys';
import { useSession } from './session';
import { storage } from './storage';

/** Set by vite.config.ts `define`; absent only if the config lacks it (then every build shares one cache). */
declare const __APP_VERSION__: string;

/** The localStorage key of the persisted cache (the e2e tests read it). */
export const PERSIST_KEY = 'little-museum-query-cache';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** How old a persisted cache may be; persisted queries keep a gcTime at least this long. */
export const MAX_AGE_MS = WEEK_MS;

/** Pages kept per works list (['works', operation, filters]); other lists are not kept. */
const PERSISTED_PAGES: Partial<Record<WorkListOp, number>> = {
  familyGallery: Math.ceil(SAVE_OFFLINE_CAP / LIMITS.pageSizeWorks),
  myWorks: Math.ceil(SAVE_OFFLINE_CAP / LIMITS.pageSizeWorks),
  publicWorks: 1,
};

/** Plain (not paged) queries kept whole; categories and tags carry the language after the prefix. */
const PERSISTED_PREFIXES: readonly QueryKey[] = [
  queryKeys.me,
  queryKeys.profiles,
  queryKeys.profile,
  queryKeys.categories,
  queryKeys.tags,
  // The account's image count (issue 28): offline, capture holds the free plan's limit from it (lib/image-room).
  queryKeys.imageCount,
  // The children a fan follows (issue 32): the circle page offline.
  ['circle', 'fanChildren'],
];

/** Works opened on their own page (['works', 'work', {id}]): the most recently fetched are kept, up to this many. */
const WORK_DETAILS_KEPT = 30;
const WORK_DETAIL: QueryKey = queryKeys.work(0).slice(0, 2);
/** Each child's timeline (['works', 'timeline', {id}], issue 15): as many pages as a gallery. */
const TIMELINE: QueryKey = queryKeys.timeline(0).slice(0, 2);
const TIMELINE_PAGES = Math.ceil(SAVE_OFFLINE_CAP / LIMITS.pageSizeWorks);
/** The account's payment history (issue 28): its first page, so the parent's page is not blank offline. */
const PAYMENTS: QueryKey = queryKeys.payments;
/** A followed child's circle works (issue 32): kept as a timeline is, its first pages. */
const CIRCLE_WORKS: QueryKey = ['circle', 'fanChildWorks'];
const PAYMENT_PAGES = 1;

function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, i) => key[i] === part);
}

/** The operation of an unfiltered works list that is kept, or null (a search result is not worth keeping). */
function listKind(key: QueryKey): WorkListOp | null {
  if (!isWorkListKey(key)) return null;
  const [, op, filters] = key as [string, WorkListOp, { search?: string; category?: number } | undefined];
  if (filters?.search || filters?.category) return null;
  return op in PERSISTED_PAGES ? op : null;
}

/** Typed by shape: the persist packages bring their own copy of query-core's Query class. */
function shouldPersist(query: { queryKey: QueryKey; state: { status: string; data?: unknown } }): boolean {
  // Successful data, also when a later refetch failed: the museum being unreachable for a moment must not
  // take the kept gallery from the next offline start (it is written back as the success it was, in serialize).
  if (query.state.data === undefined || query.state.status === 'pending') return false;
  return (
    listKind(query.queryKey) !== null ||
    startsWith(query.queryKey, WORK_DETAIL) ||
    startsWith(query.queryKey, TIMELINE) ||
    startsWith(query.queryKey, PAYMENTS) ||
    startsWith(query.queryKey, CIRCLE_WORKS) ||
    PERSISTED_PREFIXES.some((p) => startsWith(query.queryKey, p))
  );
}

interface Pages {
  pages: unknown[];
  pageParams: unknown[];
}

/**
 * Cuts paged lists to their kept pages and work details to the most recent ones, and writes nothing at all
 * when nothing is worth keeping.
 */
function serialize(client: PersistedClient): string {
  const details = client.clientState.queries
    .filter((q) => startsWith(q.queryKey, WORK_DETAIL))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const dropped = new Set(details.slice(WORK_DETAILS_KEPT));
  const queries = client.clientState.queries
    .filter((q) => !dropped.has(q))
    .map((q) => {
      const state = { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null };
      const kind = listKind(q.queryKey);
      const timeline = startsWith(q.queryKey, TIMELINE) || startsWith(q.queryKey, CIRCLE_WORKS);
      const payments = startsWith(q.queryKey, PAYMENTS);
      const data = q.state.data as Pages | undefined;
      if ((!kind && !timeline && !payments) || !data?.pages) return { ...q, state };
      const keep = kind ? (PERSISTED_PAGES[kind] ?? 1) : payments ? PAYMENT_PAGES : TIMELINE_PAGES;
      return { ...q, state: { ...state, data: { pages: data.pages.slice(0, keep), pageParams: data.pageParams.slice(0, keep) } } };
    });
  if (!queries.length) return '';
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
}

/** Through lib/storage (the one owner of localStorage); an empty string removes the key. */
const persistStorage = {
  getItem: (key: string) => storage.get(key),
  setItem: (key: string, value: string) => storage.set(key, value || null),
  removeItem: (key: string) => storage.set(key, null),
};

/** Most changes (a refetch, a like, another page) are written at most once a second. */
const throttled = createSyncStoragePersister({ key: PERSIST_KEY, throttleTime: 1000, serialize, storage: persistStorage });

/** The latest client handed to the persister, until it is written; what pagehide writes. */
let unwritten: PersistedClient | null = null;
/** The kept queries already on disk (their hashes): a query that is not among them yet is written at once. */
const written = new Set<string>();
let writeQueued = false;

function writeNow(): void {
  writeQueued = false;
  if (!unwritten) return;
  persistStorage.setItem(PERSIST_KEY, serialize(unwritten));
  written.clear();
  for (const q of unwritten.clientState.queries) written.add(q.queryHash);
  unwritten = null;
}

/**
 * The throttled persister, except that a kept query's first success is written before the end of the task
 * (issue 28: a network lost within a second of opening the family gallery left nothing on disk), and so is
 * whatever waits when the page is hidden or left (pagehide; a phone may kill a hidden page without another
 * event). The throttled write still follows, with the same or a newer client.
 */
export const persister: Persister = {
  persistClient(client) {
    unwritten = client;
    throttled.persistClient(client);
    if (!writeQueued && client.clientState.queries.some((q) => !written.has(q.queryHash))) {
      writeQueued = true;
      // One write for the successes of one task (a start brings several at once).
      queueMicrotask(writeNow);
    }
  },
  restoreClient: throttled.restoreClient,
  removeClient() {
    unwritten = null;
    written.clear();
    return throttled.removeClient();
  },
};

/** Writes what waits for the throttle now: the page is going away, or may be killed unseen. */
export function flushQueryCache(): void {
  writeNow();
}

export const persistOptions = {
  persister,
  maxAge: MAX_AGE_MS,
  buster: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
  dehydrateOptions: { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false },
};

/**
 * After a restore, everything kept counts as stale: it is shown at once (offline, that is all there
 * is) and fetched again as soon as a page uses it online, as on any fresh start. Without this a
 * reload within staleTime would show what was kept, not what changed meanwhile (a new child, an
 * upload that landed in the last throttled second).
 */
export function onRestored(): Promise<void> {
  // Marked only: the pages' queries subscribe right after the restore and fetch because they are stale.
  return queryClient.invalidateQueries({ refetchType: 'none' });
}

// A restored query must outlive maxAge in memory too, or it is collected before it is used (gcTime ≥ maxAge).
for (const prefix of [
  ...PERSISTED_PREFIXES,
  WORK_DETAIL,
  TIMELINE,
  PAYMENTS,
  CIRCLE_WORKS,
  ...Object.keys(PERSISTED_PAGES).map((op) => ['works', op]),
]) {
  queryClient.setQueryDefaults(prefix, { gcTime: MAX_AGE_MS });
}

/** Whether the phone keeps pages from an earlier visit (a first visit has none). */
export function hasKeptPages(): boolean {
  return storage.get(PERSIST_KEY) !== null;
}

/** Forgets every query, in memory and in localStorage (logout, or another person on the device). */
export function clearQueryCache(): void {
  queryClient.removeQueries();
  void persister.removeClient();
}

/** Who the cached data belongs to: the account and the child profile acting now. */
function ownerOf(s: { token: string | null; childToken: string | null }): string {
  const parent = s.token ? decodeToken(s.token)?.sub : undefined;
  const child = s.childToken ? decodeToken(s.childToken) : null;
  return `${parent ?? child?.sub ?? ''}:${child?.pid ?? ''}`;
}

/**
 * The galleries' keys do not name the profile, so when the person changes (another child, a
 * logout, an expired session, another tab logging out) the cached data goes, in memory and on disk.
 * Only queries: the upload queue and the /media/ cache are wiped by an explicit logout alone.
 */
function watchSessionOwner(): void {
  let owner = ownerOf(useSession.getState());
  useSession.subscribe((s) => {
    const next = ownerOf(s);
    if (next === owner) return;
    owner = next;
    clearQueryCache();
  });
}

// From the first import on (app.tsx, before anything renders), for the life of the page.
if (typeof window !== 'undefined') {
  watchSessionOwner();
  window.addEventListener('pagehide', flushQueryCache);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushQueryCache();
  });
}
