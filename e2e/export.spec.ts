/**
 * The open archive (issue 15): *Download everything* on /account-info fetches the family's zip with the parent's
 * token, with progress, and saves it under the server's name; the zip's index.html, opened from disk with the
 * network off, is a small museum that shows the works, their titles and their pictures.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';

import { apiPath } from './support/api';
import { createWork, newFamily, openAsParent } from './support/family';

test.setTimeout(120_000);

test('Download everything gives a zip whose index.html shows the works from disk, offline', async ({ page, browser, request }) => {
  const family = await newFamily(request, 'yuzu');
  const titles = ['Octopus picnic', 'Grandma’s garden'];
  await createWork(request, family, titles[0]!, 2, true);
  await createWork(request, family, titles[1]!, 1, false);

  await openAsParent(page, family);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download everything' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^little-museum-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('status').filter({ hasText: /Saved little-museum-.*\.zip/ })).toBeVisible();

  // Unzipped to a folder of its own, as a family would on its computer.
  const zip = unzipSync(new Uint8Array(readFileSync(await file.path())));
  const dir = mkdtempSync(join(tmpdir(), 'lm-archive-'));
  try {
    for (const [name, bytes] of Object.entries(zip)) {
      if (name.endsWith('/')) continue;
      const target = join(dir, name);
      expect(target.startsWith(dir + '/'), name).toBe(true);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }
    const index = Object.keys(zip).find((name) => /^[^/]+\/index\.html$/.test(name) || name === 'index.html');
    expect(index, Object.keys(zip).join(', ')).toBeTruthy();

    // A browser with no network at all: anything but the files on disk fails.
    const offline = await browser.newContext({ offline: true, viewport: { width: 390, height: 844 } });
    const fetched: string[] = [];
    await offline.route(/^https?:/, (route) => {
      fetched.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    const museum = await offline.newPage();
    await museum.goto(pathToFileURL(join(dir, index!)).href);
    for (const title of titles) await expect(museum.getByText(title, { exact: true }).first()).toBeVisible();
    // Each work hangs with its picture, from the archive, really decoded (naturalWidth > 0).
    const works = museum.locator('article.work');
    await expect(works).toHaveCount(titles.length);
    for (const title of titles) {
      const card = works.filter({ hasText: title });
      const picture = card.locator('img').first();
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.startsWith('file:')))
        .toBe(true);
    }
    expect(fetched).toEqual([]);
    await offline.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a download refused by the rate limit says so, and the button comes back', async ({ page, request }) => {
  const family = await newFamily(request, 'kaede');
  // The account's downloads of the hour, spent through the API (5 an hour: contract rate-limits.ts exportUser).
  for (let i = 0; i < 5; i++) {
    const res = await request.get(apiPath('accountExport'), { headers: { Authorization: `Bearer ${family.parent.access}` } });
    expect(res.status()).toBe(200);
    await res.body();
  }
  await openAsParent(page, family);
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByRole('button', { name: 'Download everything' }).click();
  await expect(page.getByText('Too many attempts. Please wait a while and try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download everything' })).toBeEnabled();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(downloaded).toBe(false);
});
