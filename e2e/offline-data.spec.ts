/**
 * Offline data in the page (issue 4): the persisted query cache, the offline banner and the actions that wait for
 * the network, "Save family gallery for offline", and the logout that leaves nothing of the family on the phone.
 * A true offline cold start through the service worker is e2e/pwa.spec.ts; here the API is cut at the route level.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { createWork, newFamily, openAs, type Family } from './support/family';
import { apiPath, queryKeyJson } from './support/api';

test.setTimeout(120_000);

/** The localStorage key of the persisted query cache (src/web/lib/query-persist.ts). */
const PERSIST_KEY = 'little-museum-query-cache';
/** src/contract/offline.ts */
const MEDIA_CACHE = 'lm-media';
const SHARED_FILES_DB = 'little-museum-share';

async function csrf(request: APIRequestContext, headers: Record<string, string> = {}) {
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken');
  return cookie ? { ...headers, 'X-CSRFToken': cookie.value } : headers;
}

/** A second child of the family who shares `count` works with the first one (they hang in its family gallery). */
async function siblingSharing(request: APIRequestContext, family: Family, count: number): Promise<string[]> {
  const username = `${family.username}-sis`;
  const parent = { Authorization: `Bearer ${family.parent.access}` };
  const registered = await request.post(apiPath('registerProfile'), {
    headers: await csrf(request, parent),
    multipart: { address: '東京都 (Tokyo)', username, first_name: 'Sister', date_of_birth: '2016-03-03' },
  });
  expect(registered.ok()).toBe(true);
  const login = await request.post(apiPath('profileLogin'), { headers: await csrf(request, parent), data: { username } });
  const sibling = { ...family, child: (await login.json()) as Family['child'] };
  const titles = Array.from({ length: count }, (_, i) => `Rainbow bridge ${i + 1}`);
  for (const title of titles) await createWork(request, sibling, title, 1);
  const me = (await (await request.get(apiPath('profile'), { headers: { Authorization: `Bearer ${family.child.access}` } })).json()) as {
    id: number;
  };
  const shared = await request.patch(apiPath('profile'), {
    headers: await csrf(request, { Authorization: `Bearer ${sibling.child.access}` }),
    data: { shared_users: [{ id: me.id, is_shared: true }] },
  });
  expect(shared.ok()).toBe(true);
  return titles;
}

/** The query keys held in the persisted cache (none when the key is absent). */
async function persistedKeys(page: Page): Promise<string[]> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const client = JSON.parse(raw) as { clientState: { queries: { queryKey: unknown[] }[] } };
    return client.clientState.queries.map((q) => JSON.stringify(q.queryKey));
  }, PERSIST_KEY);
}

/** Counts the records of an IndexedDB store without creating the database. */
async function idbCount(page: Page, db: string, store: string): Promise<number> {
  return page.evaluate(
    async ({ db, store }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === db)) return 0;
      return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          if (!conn.objectStoreNames.contains(store)) return resolve(0);
          const req = conn.transaction(store).objectStore(store).count();
          req.onsuccess = () => {
            resolve(req.result);
            conn.close();
          };
          req.onerror = () => reject(req.error);
        };
      });
    },
    { db, store },
  );
}

/** Writes one record the way idb-keyval does (a keyless store, the key given apart). */
async function idbPut(page: Page, db: string, store: string, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    async ({ db, store, key, value }) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          const tx = conn.transaction(store, 'readwrite');
          tx.objectStore(store).put(value, key);
          tx.oncomplete = () => {
            conn.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { db, store, key, value },
  );
}

async function mediaCacheUrls(page: Page): Promise<string[] | null> {
  return page.evaluate(async (name) => {
    if (!(await caches.keys()).includes(name)) return null;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  }, MEDIA_CACHE);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' });
}

test('offline: a banner says so, likes wait with their reason, and capture stays open', async ({ page, context, request }) => {
  const family = await newFamily(request, 'hinata');
  await createWork(request, family, 'Paper lantern', 1, true);
  // Load the capture page's code once online (without a controlling worker nothing else would have it).
  await openAs(page, family, '/register-work');
  await expect(page.getByLabel('Take photo')).toBeAttached();
  await page.goto('/public-gallery');
  const like = page.getByRole('button', { name: /^Like, / }).first();
  await expect(like).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toHaveCount(0);

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: "You're offline. Photos you take will upload when you're back online." });
  await expect(banner).toBeVisible();
  await expect(like).toHaveAttribute('aria-disabled', 'true');
  await expect(like).toHaveAccessibleDescription("You're offline. Likes can be given again when you're back online.");
  // A tap says why, and sends nothing.
  let likes = 0;
  page.on('request', (r) => r.url().includes('/like') && likes++);
  await like.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
  await expect(page.getByText("You're offline. Likes can be given again when you're back online.").last()).toBeVisible();
  expect(likes).toBe(0);
  // The gallery seen a moment ago stays, marked as possibly old.
  await expect(page.getByText('Paper lantern')).toBeVisible();
  await expect(page.getByTestId('offline-data-note')).toContainText("You're offline. These may not be the latest works.");
  // Capture is never blocked: it queues.
  await page.getByRole('link', { name: 'Register your work' }).first().click();
  await expect(page).toHaveURL(/\/register-work$/);
  await expect(page.getByLabel('Take photo')).toBeEnabled();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await page.goto('/public-gallery');
  await expect(page.getByRole('button', { name: /^Like, / }).first()).not.toHaveAttribute('aria-disabled', 'true');
});

test('the family gallery and the profile come back from the persisted cache when the API cannot be reached', async ({
  page,
  context,
  request,
}) => {
  const family = await newFamily(request, 'minato');
  const titles = await siblingSharing(request, family, 3);
  await openAs(page, family, '/user-info');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(family.username);
  await page.goto('/family-gallery');
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
  // The app's files are kept by the service worker, which installs once the first page has settled.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // A work opened on its own page is kept too.
  await page.getByRole('link', { name: titles[0] }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
  await page.goBack();
  // A search is not kept; the unfiltered wall, the profile, the categories and the opened work are.
  await expect
    .poll(() => persistedKeys(page))
    .toEqual(
      expect.arrayContaining([
        queryKeyJson('profile'),
        queryKeyJson('familyGallery', {}),
        expect.stringMatching(/^\["public","categories"/),
        expect.stringMatching(/^\["works","work",\{"id":\d+\}\]$/),
      ]),
    );

  // The museum answers, but only with errors (the page itself still loads). The kept data is made two hours
  // old, so the page tries to refresh it, and fails.
  await page.route('**/api/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":"down"}' }));
  await page.addInitScript((key) => {
    const raw = localStorage.getItem(key);
    if (!raw) return;
    const client = JSON.parse(raw) as { clientState: { queries: { state: { dataUpdatedAt: number } }[] } };
    for (const q of client.clientState.queries) q.state.dataUpdatedAt -= 2 * 60 * 60 * 1000;
    localStorage.setItem(key, JSON.stringify(client));
  }, PERSIST_KEY);
  await page.reload();
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByTestId('offline-data-note')).toContainText(
    "The museum can't be reached just now. These may not be the latest works.",
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId('offline-data-note')).toContainText('Last updated 2 hours ago.');
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toHaveCount(0);

  // A dead network: no request gets any answer, while the browser still believes it is online (signal bars
  // without data). The first request that fails for the network tells the app it is offline.
  await page.unroute('**/api/**');
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(page.getByTestId('offline-data-note')).toContainText("You're offline. These may not be the latest works.");
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /offline/i })
      .first(),
  ).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-data-note')).toContainText("You're offline. These may not be the latest works.");
  // The work opened before is there offline; one never opened says it will fill in once back online.
  await page.getByRole('link', { name: titles[0] }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
  await expect(page.getByTestId('offline-data-note')).toContainText("You're offline. These may not be the latest details.");
  await page.goBack();
  await page.getByRole('link', { name: titles[1] }).click();
  await expect(page.getByTestId('offline-data-note')).toContainText("You're offline. This page will fill in when you're back online.");
  await page.goBack();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(family.username);
  await expect(page.getByTestId('offline-data-note')).toContainText("You're offline. These may not be the latest details.");
});

test.describe('save for offline, without a service worker (the page fills the cache itself)', () => {
  test.use({ serviceWorkers: 'block' });

  test('Save family gallery for offline shows its progress and stores every wall picture', async ({ page, context, request }) => {
    const family = await newFamily(request, 'sakura');
    const titles = await siblingSharing(request, family, 4);
    await openAs(page, family, '/family-gallery');
    for (const title of titles) await expect(page.getByText(title)).toBeVisible();
    expect(await mediaCacheUrls(page)).toBeNull();

    // Slow pictures, so the progress can be seen.
    await page.route('**/media/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const save = page.getByRole('button', { name: 'Save family gallery for offline' });
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: /Saving \d of 4…/ })).toBeVisible();
    await expect(page.getByText('Saved for offline: 4 pictures. The gallery will open without a signal.')).toBeVisible({ timeout: 20_000 });

    const gallery = (await (
      await request.get(apiPath('familyGallery'), { headers: { Authorization: `Bearer ${family.child.access}` } })
    ).json()) as { results: { images_data: { thumbnail_url: string; image_url: string }[] }[] };
    const thumbnails = gallery.results.map(
      (w) => new URL(w.images_data[0]!.thumbnail_url || w.images_data[0]!.image_url, 'http://x').pathname,
    );
    expect((await mediaCacheUrls(page))?.sort()).toEqual(thumbnails.sort());

    // Offline the action waits, and says why.
    await context.setOffline(true);
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(save).toHaveAccessibleDescription(
      "You're offline. Saving the gallery needs a connection, so try again when you're back online.",
    );
  });
});

test('an answer cut off after its status line is a failed call: the kept gallery stays whole and the page does not break', async ({
  page,
  request,
}) => {
  const family = await newFamily(request, 'kaito');
  const titles = await siblingSharing(request, family, 2);
  await openAs(page, family, '/family-gallery');
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
  await expect.poll(() => persistedKeys(page)).toContain(queryKeyJson('familyGallery', {}));

  // A train's network: the status line arrives, then nothing. WebKit (the iPhone's engine) gives the page such an
  // answer as a complete, empty one (seen in the engine journeys); here every answer of the API is that.
  await page.route('**/api/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }));
  await page.reload();
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByTestId('offline-data-note')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  // And nothing broken was kept: a later start, the museum still silent, shows the same works.
  await page.reload();
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
  const kept = await page.evaluate((key) => localStorage.getItem(key) ?? '', PERSIST_KEY);
  expect(kept).not.toContain('"pages":[null');
});

test('a gallery that loaded is kept at once: the network lost 150 ms after its works arrived, a reload still shows them (issue 28)', async ({
  page,
  request,
}) => {
  const family = await newFamily(request, 'asahi');
  const titles = await siblingSharing(request, family, 2);
  await openAs(page, family, '/my-work');
  await expect(page.getByRole('heading', { level: 1, name: 'My Gallery' })).toBeVisible();
  // Everything of this page written and the persister idle, as after a moment on any page.
  await page.waitForTimeout(1500);
  // A phone's network: the gallery's works take longer than the persister's one-second throttle to arrive, so the
  // write that the opening started has come and gone without them.
  await page.route(
    (url) => url.pathname === apiPath('familyGallery'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  const arrived = page.waitForResponse((r) => new URL(r.url()).pathname === apiPath('familyGallery') && r.ok());
  // Opened from the menu, as a child does.
  await (await openMenu(page)).getByRole('link', { name: 'Family Gallery' }).click();
  await (await arrived).finished();
  // Before issue 28, the next write waited a second more: nothing of the gallery was on the phone yet.
  await page.waitForTimeout(150);
  expect(await persistedKeys(page)).toContain(queryKeyJson('familyGallery', {}));
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  for (const title of titles) await expect(page.getByText(title)).toBeVisible();
});

test('logout wipes the family from the phone; choosing another child keeps the queue', async ({ page, request }) => {
  const family = await newFamily(request, 'riku');
  await siblingSharing(request, family, 1);
  await openAs(page, family, '/family-gallery');
  await expect(page.getByText('Rainbow bridge 1')).toBeVisible();
  await expect.poll(() => persistedKeys(page)).toContain(queryKeyJson('familyGallery', {}));

  // A work waiting for another child of the family, a picture kept for offline, and photos shared from another app.
  await idbPut(page, 'little-museum-queue', 'uploads', 'queued-1', {
    id: 'queued-1',
    idempotencyKey: 'b3c1a0de-0000-4000-8000-000000000001',
    profileId: 999_999,
    profileName: 'Sister',
    fields: { title: 'Waiting drawing', description: '', category: null, tags: [], is_public: false },
    images: [],
    createdAt: Date.now(),
    attempts: 0,
    status: 'waiting',
    lastError: null,
    progress: 0,
    retryAt: 0,
  });
  await page.evaluate((name) => caches.open(name).then((c) => c.put('/media/kept-for-offline.webp', new Response('x'))), MEDIA_CACHE);
  await idbPut(page, SHARED_FILES_DB, 'files', 'pending', { at: Date.now(), files: [] });
  await page.reload();
  await expect(page.getByText('Rainbow bridge 1')).toBeVisible();

  // "Select another User": the child's data goes, the family's queue and pictures stay.
  await (await openMenu(page)).getByRole('button', { name: 'Select another User' }).click();
  await expect(page).toHaveURL(/\/add-user$/);
  expect(await page.evaluate(() => [localStorage.getItem('child_token'), Boolean(localStorage.getItem('token'))])).toEqual([null, true]);
  await expect.poll(() => persistedKeys(page)).not.toContain(queryKeyJson('familyGallery', {}));
  expect(await persistedKeys(page)).not.toContain(queryKeyJson('profile'));
  expect(await idbCount(page, 'little-museum-queue', 'uploads')).toBe(1);
  expect(await mediaCacheUrls(page)).toContain('/media/kept-for-offline.webp');

  // Logout: the waiting work would be lost, so it asks first.
  await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Works are still waiting to upload' });
  await expect(confirm).toContainText('1 work has not reached the museum yet.');
  await confirm.getByRole('button', { name: 'Log out and delete them' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await expect.poll(() => idbCount(page, 'little-museum-queue', 'uploads')).toBe(0);
  await expect.poll(() => mediaCacheUrls(page)).toBeNull();
  await expect.poll(() => idbCount(page, SHARED_FILES_DB, 'files')).toBe(0);
  const stored = await page.evaluate(
    (key) => ['token', 'refreshToken', 'child_token', 'child_refresh_token', key].map((k) => localStorage.getItem(k)),
    PERSIST_KEY,
  );
  expect(stored).toEqual([null, null, null, null, null]);
  // Nothing comes back a moment later (the cache writes are throttled).
  await page.waitForTimeout(1500);
  expect(await page.evaluate((key) => localStorage.getItem(key), PERSIST_KEY)).toBeNull();
});
