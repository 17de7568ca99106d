/**
 * The heart of the product: a child photographs drawings with no signal, nothing is lost and nothing is uploaded
 * twice; then likes, the zip download, editing and deleting.
 */
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';

import { createWork, csrf, myWorks, newFamily, openAs } from './support/family';
import { drawingPng } from './support/images';
import { cameraPhoto, type Photo } from './support/photos';
import { apiPath } from './support/api';

test.setTimeout(180_000);

test('offline capture of two works survives an offline reload and lands exactly once, even when a connection drops', async ({
  page,
  context,
  request,
}) => {
  const family = await newFamily(request, 'kaito');
  const photos = await Promise.all([cameraPhoto(11), cameraPhoto(12), cameraPhoto(13)]);
  // Counts the requests for persistent storage, which the queue makes once it holds a work.
  await page.addInitScript(() => {
    const persist = navigator.storage.persist.bind(navigator.storage);
    const w = window as unknown as { persistCalls: number };
    w.persistCalls = 0;
    navigator.storage.persist = () => {
      w.persistCalls += 1;
      return persist();
    };
  });
  const persistCalls = () => page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls);
  // Open the app once online, then reload so that the service worker controls the page.
  await openAs(page, family, '/my-work');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // No signal from here on, for the page and for the service worker.
  await context.setOffline(true);
  const capture = async (title: string, files: Photo[]) => {
    await page.getByRole('link', { name: 'Register your work' }).first().click();
    await expect(page).toHaveURL(/\/register-work$/);
    for (const photo of files) await page.getByLabel('Take photo').setInputFiles(photo);
    await expect(page.getByText(`${files.length} / 5`)).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/my-work$/, { timeout: 60_000 });
  };
  expect(await persistCalls()).toBe(0);
  await capture('Sunflower field', [photos[0]!, photos[1]!]);
  expect(await persistCalls()).toBe(1);
  await capture('My cat Mochi', [photos[2]!]);
  await expect(page.getByText('Sunflower field')).toBeVisible();
  await expect(page.getByText('My cat Mochi')).toBeVisible();
  await expect(page.getByText('Waiting for the network').first()).toBeVisible();
  // Compression runs in a worker that loads its library offline, as browser-image-compression's worker does
  // (the library falls back to the main thread silently, so check the worker's import itself).
  const workerLoadsLibrary = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const source = `try { importScripts('${location.origin}/vendor/browser-image-compression.js'); postMessage(typeof imageCompression) } catch (e) { postMessage(String(e)) }`;
        const worker = new Worker(URL.createObjectURL(new Blob([source])));
        worker.onmessage = (event) => resolve(String(event.data));
      }),
  );
  expect(workerLoadsLibrary).toBe('function');

  // Reload with no network: the precached app starts, and the queue in IndexedDB still holds both works.
  await page.reload();
  await expect(page.getByText('Sunflower field')).toBeVisible();
  await expect(page.getByText('My cat Mochi')).toBeVisible();
  await expect(page.getByText('Waiting for the network').first()).toBeVisible();
  expect((await myWorks(request, family)).count).toBe(0);

  let delivered = 0;
  await page.route(/\/api\/artworks\/?(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (delivered === 0) {
      // The first upload reaches the server, but the connection drops before the answer arrives.
      delivered += 1;
      await route.fetch();
      return route.abort('connectionreset');
    }
    delivered += 1;
    return route.fallback();
  });

  // Signal again: the queue flushes, retries the dropped upload with its idempotency key, and stops.
  await context.setOffline(false);
  await expect.poll(async () => (await myWorks(request, family)).count, { timeout: 90_000 }).toBe(2);
  await expect(page.getByText('All works uploaded')).toBeVisible({ timeout: 90_000 });
  const works = await myWorks(request, family);
  expect(works.results.map((w) => w.title).sort()).toEqual(['My cat Mochi', 'Sunflower field']);
  expect(works.results.find((w) => w.title === 'Sunflower field')?.images_data).toHaveLength(2);
  expect(delivered).toBeGreaterThanOrEqual(3);
  await page.reload();
  await expect(page.getByText('Sunflower field')).toHaveCount(1);
  await expect(page.getByText('My cat Mochi')).toHaveCount(1);
});

test('like and unlike a work in the public gallery', async ({ page, request }) => {
  const artist = await newFamily(request, 'artist');
  const work = await createWork(request, artist, 'Rainbow over the sea', 1, true);
  const fan = await newFamily(request, 'fan');
  await openAs(page, fan, '/public-gallery');
  const card = page.locator('li, article').filter({ hasText: 'Rainbow over the sea' }).first();
  const like = card.getByRole('button', { name: /like/i });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const detail = async () =>
    (await (await request.get(apiPath('work', { id: work.id }), { headers: { Authorization: `Bearer ${fan.child.access}` } })).json()) as {
      likes_count: number;
      is_liked_by_user: boolean;
    };
  await expect.poll(async () => (await detail()).likes_count).toBe(1);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await detail()).is_liked_by_user).toBe(false);

  // A work opened from low on the wall starts at the top of its page.
  const tiles = page.locator('a[href^="/gallery-detail/"]');
  await tiles.last().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await tiles.last().click();
  await expect(page).toHaveURL(/\/gallery-detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the owner downloads a work as a zip that holds its images', async ({ page, request }) => {
  const family = await newFamily(request, 'zipper');
  const work = await createWork(request, family, 'Two trains', 2);
  await openAs(page, family, `/gallery-detail/${work.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download work' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^artwork_${work.id}_\\d+\\.zip$`));
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const entries = unzipSync(new Uint8Array(readFileSync(path)));
  const names = Object.keys(entries);
  expect(names).toHaveLength(2);
  for (const name of names) {
    const bytes = entries[name]!;
    // RIFF....WEBP: the server's re-encoded copies
    expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('WEBP');
  }
});

test('edit a work (replace an image, rename, publish), then delete it through the confirmation modal', async ({ page, request }) => {
  const family = await newFamily(request, 'editor');
  const work = await createWork(request, family, 'Draft drawing', 2);
  await openAs(page, family, `/gallery-detail/${work.id}`);
  await page.getByRole('button', { name: 'Edit work' }).click();
  await expect(page).toHaveURL(/\/edit-work/);
  await expect(page.getByLabel('Title')).toHaveValue('Draft drawing');
  await expect(page.getByText('2 / 5')).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await page
    .getByLabel('Choose from library')
    .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: await drawingPng('#a23b72') });
  await expect(page.getByText('2 / 5')).toBeVisible();
  await page.getByLabel('Title').fill('Finished drawing');
  await page.getByRole('switch', { name: 'Publish to everyone' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByText('Work updated successfully')).toBeVisible();

  const after = (await myWorks(request, family)).results.find((w) => w.id === work.id)!;
  expect(after.title).toBe('Finished drawing');
  expect(after.is_public).toBe(true);
  expect(after.images_data).toHaveLength(2);
  expect(after.images_data[0]!.id).toBe(work.images_data[0]!.id);
  expect(after.images_data[1]!.id).not.toBe(work.images_data[1]!.id);

  await page.goto(`/gallery-detail/${work.id}`);
  await page.getByRole('button', { name: 'Edit work' }).click();
  await page.getByRole('button', { name: 'Delete this work' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('I understand that this action cannot be undone').check();
  await confirm.click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByText('Work deleted successfully')).toBeVisible();
  expect((await myWorks(request, family)).count).toBe(0);
});

test('a work deleted on another phone while the confirmation is open: the confirmation closes and says so', async ({ page, request }) => {
  const family = await newFamily(request, 'twophones');
  const work = await createWork(request, family, 'Deleted elsewhere', 1);
  const other = await createWork(request, family, 'Still here', 1);
  await openAs(page, family, `/edit-work?id=${work.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Deleted elsewhere');
  await page.getByRole('button', { name: 'Delete this work' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('I understand that this action cannot be undone').check();
  const gone = await request.delete(apiPath('workDelete', { id: work.id }), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
  });
  expect(gone.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This work had already been deleted.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/my-work$/);
  // My Gallery lists what is left, without the deleted work; nothing else was touched.
  await expect(page.getByText('Still here')).toBeVisible();
  await expect(page.getByText('Deleted elsewhere')).toHaveCount(0);
  expect((await myWorks(request, family)).results.map((w) => w.id)).toEqual([other.id]);
});

test('a toast raised while a dialog is still rising shows at the top of the screen, not against the dialog', async ({ page, request }) => {
  const family = await newFamily(request, 'rising');
  const work = await createWork(request, family, 'Caught mid-rise', 1);
  await openAs(page, family, `/edit-work?id=${work.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Caught mid-rise');
  // The dialog's 0.2 s rise held at its first frame, so that the toast comes while the dialog is still rising.
  await page.addStyleTag({ content: 'dialog[open] { animation-play-state: paused !important; }' });
  await page.route(
    (url) => url.pathname === apiPath('workDelete', { id: work.id }),
    (route) => (route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.continue()),
  );
  await page.getByRole('button', { name: 'Delete this work' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('I understand that this action cannot be undone').check();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Network error occurred' });
  await expect(toast).toBeVisible();
  // Where every toast shows, near the top of the screen and above the dialog; not 16 px into the dialog, where a
  // transformed (rising) dialog used to put it.
  const top = (await dialog.boundingBox())!.y;
  expect(top).toBeGreaterThan(200);
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeLessThan(80);
});

test('a toast raised while a dialog is open shows above the dialog, not under its backdrop', async ({ page, request }) => {
  // The delete's call finds no network (the phone went into a tunnel): the toast tells it while the dialog stays open,
  // so the child can try again. A modal <dialog> is in the top layer, above any z-index of the page.
  const family = await newFamily(request, 'tunnel');
  const work = await createWork(request, family, 'Kept through a tunnel', 1);
  await openAs(page, family, `/edit-work?id=${work.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Kept through a tunnel');
  await page.getByRole('button', { name: 'Delete this work' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('I understand that this action cannot be undone').check();
  const deleteCall = (url: URL) => url.pathname === apiPath('workDelete', { id: work.id });
  await page.route(deleteCall, (route) => (route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.continue()));
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Network error occurred' });
  await expect(toast).toBeVisible();
  await expect(dialog).toBeVisible();
  // The toast is inside the open dialog, in the top layer with it; and what a finger at the toast's middle touches is
  // the toast, not the dialog's backdrop (asked until its entry animation, which moves and scales it, has settled).
  await expect(toast.locator('xpath=ancestor::dialog[@open]')).toHaveCount(1);
  const onTop = async () => {
    const box = (await toast.boundingBox())!;
    return page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="status"]')?.textContent ?? '',
      [box.x + box.width / 2, box.y + box.height / 2],
    );
  };
  await expect.poll(onTop).toMatch(/Network error occurred/);
  await page.screenshot({ path: test.info().outputPath('toast-over-dialog.png') });
  // Nothing was deleted, and once the network is back the same dialog deletes it.
  expect((await myWorks(request, family)).count).toBe(1);
  await page.unroute(deleteCall);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByText('Work deleted successfully')).toBeVisible();
  expect((await myWorks(request, family)).count).toBe(0);
});
