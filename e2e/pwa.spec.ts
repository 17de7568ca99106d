/**
 * The installable, offline-first PWA (issue 4), on the production build the server serves:
 * installability, a cold start with no network, /api never answered by the app shell, the update
 * toast, and photos shared from another app. PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS is set in
 * playwright.config.ts, so going offline also cuts the service worker's own requests.
 */
import { cpSync, appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';

import { precompressDir } from '../scripts/vite-precompress';
import { startApiServer } from './perf/support';
import { createWork, csrf, demoFamily, newFamily, openAs } from './support/family';
import { cameraPhoto } from './support/photos';
import { apiPath } from './support/api';

test.setTimeout(120_000);

/** Waits until a service worker is active, then reloads so that it controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * What the share sheet does with `files`: a multipart POST to the manifest's share_target action, from outside the
 * app (a blank page: no page of the app posts a form, their policy says form-action 'none'). Answers the action.
 */
async function shareFiles(page: Page, files: Parameters<Page['setInputFiles']>[1]): Promise<string> {
  const target = await page.evaluate(async () => {
    const manifest = (await (await fetch('/manifest.webmanifest')).json()) as {
      share_target: { action: string; params: { files: { name: string }[] } };
    };
    return { action: new URL(manifest.share_target.action, location.href).href, field: manifest.share_target.params.files[0]!.name };
  });
  await page.goto('about:blank');
  await page.evaluate(({ action, field }) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = action;
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.name = field;
    input.id = 'shared-files';
    form.append(input);
    document.body.append(form);
  }, target);
  await page.setInputFiles('#shared-files', files);
  await page.evaluate(() => document.querySelector<HTMLFormElement>('form:has(#shared-files)')!.submit());
  return target.action;
}

/** The /media/ thumbnails in the page's main area that have really been decoded. */
function loadedThumbnails(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLImageElement>('main img')].filter(
        (img) => new URL(img.currentSrc || img.src, location.href).pathname.startsWith('/media/') && img.complete && img.naturalWidth > 0,
      ).length,
  );
}

test('installable, and the family gallery opens from a cold start with no network, with its images', async ({
  request,
  baseURL,
}, testInfo) => {
  const sora = await demoFamily(request, 'sora');
  const profile = mkdtempSync(join(tmpdir(), 'lm-pwa-profile-'));
  const use = testInfo.project.use;
  const launch = (offline: boolean): Promise<BrowserContext> =>
    chromium.launchPersistentContext(profile, {
      ...use.launchOptions,
      baseURL,
      viewport: use.viewport,
      deviceScaleFactor: use.deviceScaleFactor,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
      locale: 'en-US',
      offline,
    });
  try {
    const online = await launch(false);
    const page = online.pages()[0] ?? (await online.newPage());
    await openAs(page, sora, '/family-gallery');
    await controlled(page);
    await expect(page.getByRole('heading', { name: 'Family Gallery', level: 1 })).toBeVisible();
    const gallery = (await (
      await request.get(apiPath('familyGallery'), { headers: { Authorization: `Bearer ${sora.child.access}` } })
    ).json()) as { results: { title: string }[] };
    const titles = gallery.results.map((w) => w.title);
    expect(titles.length).toBeGreaterThanOrEqual(2);
    for (const title of titles) await expect(page.getByRole('link', { name: title })).toBeVisible();
    // Every thumbnail went through the controlling worker, which keeps it.
    await expect.poll(() => loadedThumbnails(page)).toBeGreaterThanOrEqual(titles.length);

    // The app keeps what was seen (throttled to once a second); only then does the phone go to sleep.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('little-museum-query-cache') ?? ''))
      .toContain(JSON.stringify(titles[0]).slice(1, -1));

    const cdp = await online.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', lang: 'ja' });
    expect(manifest.share_target).toMatchObject({ method: 'POST', enctype: 'multipart/form-data' });
    await online.close();

    // The phone restarts the app on a train: no network at all, for the page and for the worker.
    const offline = await launch(true);
    const cold = offline.pages()[0] ?? (await offline.newPage());
    await cold.goto('/family-gallery');
    await expect(cold.getByRole('heading', { name: 'Family Gallery', level: 1 })).toBeVisible();
    for (const title of titles) await expect(cold.getByRole('link', { name: title })).toBeVisible();
    await expect.poll(() => loadedThumbnails(cold)).toBeGreaterThanOrEqual(titles.length);
    await expect(
      cold
        .getByRole('status')
        .filter({ hasText: /offline/i })
        .first(),
    ).toBeVisible();
    await offline.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('/api/ is never answered with the app shell, online or offline', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  const probe = (path: string) =>
    page.evaluate(async (p) => {
      try {
        const res = await fetch(p);
        return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
      } catch {
        return { status: 0, type: '', body: 'network error' };
      }
    }, path);
  const missing = await probe('/api/no-such-endpoint/');
  expect(missing.status).toBe(404);
  expect(missing.type).toContain('application/json');
  expect(missing.body).not.toContain('<!doctype html>');

  // A navigation to an API path reaches the server, not the precached index.html.
  const navigation = await page.goto(apiPath('publicNavbar'));
  expect(navigation?.headers()['content-type']).toContain('application/json');
  await page.goto('/');

  await context.setOffline(true);
  for (const path of [apiPath('publicNavbar'), '/api/artworks/public/', apiPath('profile')]) {
    const answer = await probe(path);
    expect(answer.status, path).toBe(0);
    expect(answer.body, path).not.toContain('<!doctype html>');
  }
  await expect(page.goto(apiPath('publicNavbar'))).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  // The app itself still opens from the precache.
  const app = await context.newPage();
  await app.goto('/public-gallery');
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('a new version is detected, and Reload switches to it only when the user asks', async ({ browser }) => {
  // A server of its own, serving a copy of the build that this test can replace.
  const dist = mkdtempSync(join(tmpdir(), 'lm-pwa-dist-'));
  cpSync(process.env.DIST_DIR ?? 'dist', dist, { recursive: true });
  const server = await startApiServer(Number(process.env.E2E_PORT ?? 3100) + 77, { distDir: dist });
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    await expect(page.getByText('A new version of Little Museum is ready.')).toHaveCount(0);

    // Deploy: the worker file changes, and with it its .br and .gz copies, which the server sends instead.
    // The open page finds it on its next check (here: back to the tab).
    appendFileSync(join(dist, 'sw.js'), '\n// the next build\n');
    await precompressDir(dist);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const toast = page.getByRole('status').filter({ hasText: 'A new version of Little Museum is ready.' });
    await expect(toast).toBeVisible();
    // Waiting, not active: the page still runs the old version until the user says so.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);

    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect(page.getByText('A new version of Little Museum is ready.')).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});

test('photos shared from another app open the capture form with them attached, offline too', async ({ page, context, request }) => {
  const family = await newFamily(request, 'sharer');
  const photos = await Promise.all([cameraPhoto(21), cameraPhoto(22)]);
  await openAs(page, family, '/my-work');
  await controlled(page);

  const share = () => shareFiles(page, photos);

  expect(await share()).toMatch(/\/share-target$/);
  await expect(page).toHaveURL(/\/register-work\?shared=1$/);
  await expect(page.getByText('2 / 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();

  // On a train: the worker answers the share itself, and the form still gets the photos.
  await page.goto('/my-work');
  await context.setOffline(true);
  await share();
  await expect(page).toHaveURL(/\/register-work\?shared=1$/);
  await expect(page.getByText('2 / 5')).toBeVisible();
  await page.getByLabel('Title').fill('Shared on the train');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/my-work$/, { timeout: 60_000 });
  await expect(page.getByText('Shared on the train')).toBeVisible();
  await context.setOffline(false);
});
test('a photo shared while the phone still keeps the old count of a full plan waits for the server, and is attached', async ({
  page,
  request,
}) => {
  const family = await newFamily(request, 'sharer');
  await createWork(request, family, 'Three suns', 3);
  const two = await createWork(request, family, 'Two moons', 2);
  // The phone learns the count of a full plan: 5 of 5, kept with the other queries.
  await openAs(page, family, '/register-work');
  await controlled(page);
  await expect(page.getByText('Free plan allows up to 5 images total')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('little-museum-query-cache') ?? '')).toContain('"total_images":5');
  // Meanwhile, elsewhere, a work of 2 images is deleted: the plan has room again, which the kept count does not know.
  const auth = { Authorization: `Bearer ${family.child.access}` };
  expect((await request.delete(apiPath('workDelete', { id: two.id }), { headers: await csrf(request, auth) })).ok()).toBe(true);

  // A photo shared from another app opens the form at once, on the kept count: it is attached once the server says
  // there is room, not cut by the old count.
  await shareFiles(page, [await cameraPhoto(23)]);
  await expect(page).toHaveURL(/\/register-work\?shared=1$/);
  await expect(page.getByText('1 / 5')).toBeVisible();
  await expect(page.getByText('Free plan allows up to 5 images total')).toHaveCount(0);
  await expect(page.locator('p', { hasText: 'Images left on the free plan:' })).toHaveText('Images left on the free plan: 1');
});
