/**
 * No dead ends (issue 11): a work address that names no work, a work that is not there, and the edit page opened
 * with no work chosen each show the museum's easel and a way on: back to the gallery the visitor came from, else
 * My Gallery for a child, the home page for anyone else.
 */
import { expect, test, type Page } from '@playwright/test';

import { newFamily, openAs } from './support/family';

test.setTimeout(90_000);

/** An in-app navigation (wouter follows pushState plus popstate), as a link inside the app would do. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('each dead end has the easel and a way back that works', async ({ page, request }) => {
  const family = await newFamily(request, `michi${Date.now() % 1e6}`);

  // /gallery-detail/abc, opened directly: not found at once (no skeleton forever), and on to My Gallery.
  await openAs(page, family, '/gallery-detail/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'This work could not be found' })).toBeVisible();
  await expect(page.getByText('It may have been taken down, or it is not shared with you.')).toBeVisible();
  await expect(page.locator('main svg').first()).toBeVisible();
  await expect(page.getByText('Loading the work…')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to My Gallery' }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Gallery' })).toBeVisible();

  // /gallery-detail/99999 reached from the public gallery: more than a heading, and back to that gallery.
  await page.goto('/public-gallery');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await navigateInApp(page, '/gallery-detail/99999');
  await expect(page.getByRole('heading', { level: 1, name: 'This work could not be found' })).toBeVisible();
  await expect(page.getByText('It may have been taken down, or it is not shared with you.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the gallery' }).click();
  await expect(page).toHaveURL(/\/public-gallery$/);

  // /edit-work opened directly: no work was chosen, and the way on.
  await page.goto('/edit-work');
  await expect(page.getByText('No work was chosen. Open a work in a gallery, then choose Edit work.')).toBeVisible();
  await expect(page.locator('main svg').first()).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Gallery' }).click();
  await expect(page).toHaveURL(/\/my-work$/);

  // /edit-work?id=99999: the work is not there.
  await page.goto('/edit-work?id=99999');
  await expect(page.getByText('This work could not be found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Gallery' })).toBeVisible();

  // A parent with no child chosen has no My Gallery: the way on is the home page.
  await page.evaluate(() => {
    localStorage.removeItem('child_token');
    localStorage.removeItem('child_refresh_token');
  });
  await page.goto('/gallery-detail/abc');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  // The home page of a parent who has not chosen a child is the choice of user (the root guard).
  await expect(page).toHaveURL(/\/add-user$/);
});

test('the dead ends read in Japanese too', async ({ page, request }) => {
  const family = await newFamily(request, `nagi${Date.now() % 1e6}`);
  await openAs(page, family, '/terms-and-services');
  await page.evaluate(() => localStorage.setItem('language', 'ja'));
  await page.goto('/gallery-detail/99999');
  await expect(page.getByRole('heading', { level: 1, name: '作品が見つかりません' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'マイギャラリーへ' })).toBeVisible();
});
