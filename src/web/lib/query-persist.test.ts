/**
 * The persisted query cache (./query-persist.ts, architecture "Offline browsing"): what a save writes to
 * localStorage, what a later start restores, and when a stored copy is thrown away (another app version,
 * older than maxAge, another person). Saved and restored with the persist package's own functions and the
 * app's persistOptions, as <PersistQueryClientProvider> in app/app.tsx does.
 */
import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LIMITS } from '@contract/limits';
import { apiKey } from './http';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { SAVE_OFFLINE_CAP } from '@contract/offline';
import { MAX_AGE_MS, onRestored, PERSIST_KEY, persistOptions } from './query-persist';
import { useSession } from './session';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Writes the cache as the provider does after a change (the persister waits out its throttle). */
async function save(buster = persistOptions.buster): Promise<void> {
  await persistQueryClientSave({
    queryClient,
    persister: persistOptions.persister,
    buster,
    dehydrateOptions: persistOptions.dehydrateOptions,
  });
  await vi.advanceTimersByTimeAsync(1000);
}

/** The next start: an empty cache in memory, then the restore. */
async function restart(): Promise<void> {
  queryClient.clear();
  await persistQueryClientRestore({
    queryClient,
    persister: persistOptions.persister,
    maxAge: persistOptions.maxAge,
    buster: persistOptions.buster,
  });
}

function stored(): PersistedClient | null {
  const raw = localStorage.getItem(PERSIST_KEY);
  return raw ? (JSON.parse(raw) as PersistedClient) : null;
}

const storedKeys = () => (stored()?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey)).sort();
const keysOf = (...keys: QueryKey[]) => keys.map((k) => JSON.stringify(k)).sort();

/** A paged works list as useInfiniteQuery holds it: `count` pages of works, page params 1..count. */
function pages(count: number, kind = 'w'): InfiniteData<{ results: { id: string }[] }, number> {
  return {
    pages: Array.from({ length: count }, (_, p) => ({
      results: Array.from({ length: LIMITS.pageSizeWorks }, (_, i) => ({ id: `${kind}${p}-${i}` })),
    })),
    pageParams: Array.from({ length: count }, (_, p) => p + 1),
  };
}

const me = { id: 7, email: 'parent@example.com' };
const profiles = [{ id: 3, username: 'hana' }];
const categories = [{ id: 1, name: '絵' }];
const tags = [{ id: 2, name: 'dog' }];
const familyList = queryKeys.workList('familyGallery', {});
const myList = queryKeys.workList('myWorks', {});
const publicList = queryKeys.workList('publicWorks', {});
const pagesKept = Math.ceil(SAVE_OFFLINE_CAP / LIMITS.pageSizeWorks);

/** What a family that has browsed a while holds in memory. */
function browse(): void {
  queryClient.setQueryData(queryKeys.me, me);
  queryClient.setQueryData(queryKeys.profiles, profiles);
  queryClient.setQueryData([...queryKeys.categories, 'ja'], categories);
  queryClient.setQueryData([...queryKeys.tags, 'ja'], tags);
  queryClient.setQueryData(familyList, pages(pagesKept + 10, 'f'));
  queryClient.setQueryData(myList, pages(3, 'm'));
  queryClient.setQueryData(publicList, pages(4, 'p'));
  queryClient.setQueryData(queryKeys.work(1), { id: 1, title: 'Sun' });
}

function fakeToken(claims: { sub: string; pid?: number }): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600, typ: 'access' })).toString(
    'base64url',
  );
  return `header.${payload}.signature`;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
  queryClient.clear();
  queryClient.getMutationCache().clear();
  useSession.getState().clearAll();
  localStorage.clear();
});

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('what a save keeps', () => {
  it('the galleries, the person, profiles, categories, tags and opened works', async () => {
    browse();
    await save();
    expect(storedKeys()).toEqual(
      keysOf(
        queryKeys.me,
        queryKeys.profiles,
        [...queryKeys.categories, 'ja'],
        [...queryKeys.tags, 'ja'],
        familyList,
        myList,
        publicList,
        queryKeys.work(1),
      ),
    );
  });

  it('not the queries outside that list, whatever they hold (image bytes, account data, counts)', async () => {
    browse();
    queryClient.setQueryData(['media', '/media/works/1.webp'], new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    queryClient.setQueryData(queryKeys.accountInfo, { email: 'parent@example.com' });
    queryClient.setQueryData(apiKey('organizations'), [{ id: 1 }]);
    queryClient.setQueryData(queryKeys.publicNavbar, { blog: 'https://example.com' });
    queryClient.setQueryData(queryKeys.workList('myCollection', {}), pages(1));
    queryClient.setQueryData(queryKeys.workList('memberWorks', {}, 3), pages(1));
    await save();
    const keys = storedKeys();
    expect(keys).toHaveLength(8);
    expect(keys.some((k) => k.includes('media'))).toBe(false);
    expect(localStorage.getItem(PERSIST_KEY)).not.toContain('account-info');
  });

  it("the account's image count (issue 28): the free plan's limit holds offline, after a reload too", async () => {
    queryClient.setQueryData(queryKeys.imageCount, { total_images: 5, limit: 5 });
    await save();
    expect(storedKeys()).toEqual(keysOf(queryKeys.imageCount));
    await restart();
    expect(queryClient.getQueryData(queryKeys.imageCount)).toEqual({ total_images: 5, limit: 5 });
  });

  it('not a search result or a category filter of a gallery', async () => {
    queryClient.setQueryData(queryKeys.workList('familyGallery', { search: 'cat' }), pages(1));
    queryClient.setQueryData(queryKeys.workList('myWorks', { category: 2 }), pages(1));
    queryClient.setQueryData(familyList, pages(1));
    await save();
    expect(storedKeys()).toEqual(keysOf(familyList));
  });

  it('only successful queries: not one that failed', async () => {
    queryClient.setQueryData(queryKeys.me, me);
    await queryClient.prefetchQuery({ queryKey: queryKeys.profiles, queryFn: () => Promise.reject(new Error('offline')), retry: false });
    expect(queryClient.getQueryState(queryKeys.profiles)?.status).toBe('error');
    await save();
    expect(storedKeys()).toEqual(keysOf(queryKeys.me));
  });

  it('a query whose refetch failed keeps its last data, written back as the success it was', async () => {
    queryClient.setQueryData(queryKeys.me, me);
    await queryClient
      .fetchQuery({ queryKey: queryKeys.me, queryFn: () => Promise.reject(new Error('down')), retry: false, staleTime: 0 })
      .catch(() => undefined);
    expect(queryClient.getQueryState(queryKeys.me)?.status).toBe('error');
    await save();
    expect(storedKeys()).toEqual(keysOf(queryKeys.me));
    expect(localStorage.getItem(PERSIST_KEY)).not.toContain('"status":"error"');
  });

  it('never a mutation, even one paused offline', async () => {
    queryClient.setQueryData(queryKeys.me, me);
    queryClient.getMutationCache().build(
      queryClient,
      { mutationKey: ['like'], mutationFn: () => Promise.resolve() },
      {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables: { id: 1 },
        submittedAt: Date.now(),
      },
    );
    await save();
    expect(stored()?.clientState.mutations).toEqual([]);
  });

  it('the family gallery up to what "Save for offline" covers, the public gallery\'s first page', async () => {
    browse();
    await save();
    const list = (key: QueryKey) =>
      stored()?.clientState.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data as ReturnType<typeof pages>;
    const family = pages(pagesKept + 10, 'f');
    expect(list(familyList).pages).toEqual(family.pages.slice(0, pagesKept));
    expect(list(familyList).pageParams).toEqual(family.pageParams.slice(0, pagesKept));
    expect(list(familyList).pages.flatMap((p) => p.results).length).toBeGreaterThanOrEqual(SAVE_OFFLINE_CAP);
    expect(list(myList)).toEqual(pages(3, 'm'));
    expect(list(publicList)).toEqual({ pages: pages(4, 'p').pages.slice(0, 1), pageParams: [1] });
  });

  it("each child's timeline, up to what a gallery keeps (issue 15)", async () => {
    const hana = queryKeys.timeline(3);
    const sora = queryKeys.timeline(4);
    queryClient.setQueryData(hana, pages(pagesKept + 5, 't'));
    queryClient.setQueryData(sora, pages(2, 's'));
    await save();
    expect(storedKeys()).toEqual(keysOf(hana, sora));
    const kept = (key: QueryKey) =>
      stored()?.clientState.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data as ReturnType<typeof pages>;
    expect(kept(hana).pages).toEqual(pages(pagesKept + 5, 't').pages.slice(0, pagesKept));
    expect(kept(sora)).toEqual(pages(2, 's'));
    await restart();
    expect(queryClient.getQueryData(sora)).toEqual(pages(2, 's'));
  });

  it('the 30 works opened last, not every work ever opened', async () => {
    for (let id = 1; id <= 40; id++) queryClient.setQueryData(queryKeys.work(id), { id }, { updatedAt: Date.now() + id * 1000 });
    await save();
    const ids = (stored()?.clientState.queries ?? []).map((q) => (q.queryKey[2] as { id: number }).id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => i + 11));
  });

  it('nothing worth keeping: nothing stored, and an older copy goes', async () => {
    queryClient.setQueryData(queryKeys.me, me);
    await save();
    expect(stored()).not.toBeNull();
    queryClient.clear();
    queryClient.setQueryData(queryKeys.accountInfo, { email: 'parent@example.com' });
    await save();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});

describe('written before the user can lose it (issue 28)', () => {
  let stop: () => void = () => {};
  beforeEach(async () => {
    await persistOptions.persister.removeClient();
    // Subscribed as <PersistQueryClientProvider> does after its restore.
    stop = persistQueryClientSubscribe({
      queryClient,
      persister: persistOptions.persister,
      buster: persistOptions.buster,
      dehydrateOptions: persistOptions.dehydrateOptions,
    });
  });
  afterEach(async () => {
    stop();
    await vi.advanceTimersByTimeAsync(1000);
  });

  it("the family gallery's first success is on disk at once, not a second later", async () => {
    await queryClient.fetchQuery({ queryKey: familyList, queryFn: () => Promise.resolve(pages(1, 'f')) });
    await vi.advanceTimersByTimeAsync(50);
    expect(storedKeys()).toEqual(keysOf(familyList));
    await restart();
    expect(queryClient.getQueryData(familyList)).toEqual(pages(1, 'f'));
  });

  it('later changes wait for the throttle, and the page being left (pagehide) or hidden writes them at once', async () => {
    queryClient.setQueryData(familyList, pages(1, 'f'));
    await vi.advanceTimersByTimeAsync(1000);
    queryClient.setQueryData(familyList, pages(2, 'f'));
    await vi.advanceTimersByTimeAsync(50);
    const kept = () => (stored()?.clientState.queries[0]?.state.data as ReturnType<typeof pages>).pages.length;
    expect(kept()).toBe(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBe(2);

    queryClient.setQueryData(familyList, pages(3, 'f'));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.restoreAllMocks();
    expect(kept()).toBe(3);
  });
});

describe('restoring at the next start', () => {
  it('gives back the same data it saved', async () => {
    browse();
    const before = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryKey, q.state.data] as const);
    await save();
    await restart();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(before.length);
    const firstPages = (data: unknown, count: number) => {
      const list = data as ReturnType<typeof pages>;
      return { pages: list.pages.slice(0, count), pageParams: list.pageParams.slice(0, count) };
    };
    for (const [key, data] of before) {
      // The paged lists come back as far as they were kept.
      const kept = key === familyList ? firstPages(data, pagesKept) : key === publicList ? firstPages(data, 1) : data;
      expect(queryClient.getQueryData(key), JSON.stringify(key)).toEqual(kept);
    }
  });

  it('what was restored is stale: shown at once, fetched again when used online', async () => {
    browse();
    await save();
    await restart();
    await onRestored();
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
    expect(queryClient.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(familyList)?.isInvalidated).toBe(true);
  });

  it('restored queries stay in memory while no page uses them yet (not collected after minutes)', async () => {
    browse();
    await save();
    await restart();
    await vi.advanceTimersByTimeAsync(6 * HOUR);
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
    expect(queryClient.getQueryData(queryKeys.work(1))).toEqual({ id: 1, title: 'Sun' });
    expect(queryClient.getQueryData(familyList)).toBeDefined();
  });

  it('a copy saved by another app version is thrown away', async () => {
    browse();
    await save('0.0.9+0123456789');
    await restart();
    expect(queryClient.getQueryData(queryKeys.me)).toBeUndefined();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });

  it("the version is the app's version and its API contract's hash", () => {
    expect(persistOptions.buster).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{10}$/);
  });

  it('a copy younger than a week is restored', async () => {
    browse();
    await save();
    vi.setSystemTime(Date.now() + 6 * DAY + 23 * HOUR);
    await restart();
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
  });

  it('a copy older than maxAge (a week) is thrown away', async () => {
    expect(MAX_AGE_MS).toBe(7 * DAY);
    browse();
    await save();
    vi.setSystemTime(Date.now() + 7 * DAY + HOUR);
    await restart();
    expect(queryClient.getQueryData(queryKeys.me)).toBeUndefined();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});

describe('another person on the device', () => {
  it('another child profile: the cache goes, in memory and stored; a refreshed token of the same child keeps it', async () => {
    const session = useSession.getState();
    session.setPair('parent', { access: fakeToken({ sub: '7' }), refresh: fakeToken({ sub: '7' }) });
    session.setPair('child', { access: fakeToken({ sub: '7', pid: 3 }), refresh: fakeToken({ sub: '7', pid: 3 }) });
    browse();
    await save();

    vi.setSystemTime(Date.now() + HOUR);
    session.setPair('child', { access: fakeToken({ sub: '7', pid: 3 }), refresh: fakeToken({ sub: '7', pid: 3 }) });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(me);
    expect(stored()).not.toBeNull();

    session.setPair('child', { access: fakeToken({ sub: '7', pid: 4 }), refresh: fakeToken({ sub: '7', pid: 4 }) });
    expect(queryClient.getQueryData(queryKeys.me)).toBeUndefined();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});
