/**
 * The landing page's film strip and sponsor banners (works spec §2; issue 11), at a phone's size.
 */
import { expect, test, type Locator } from '@playwright/test';

import { apiPath } from './support/api';

const scrollOf = (strip: Locator) => strip.evaluate((el) => el.scrollLeft);

test('the film strip moves by itself, stands still under the mouse and keyboard focus, and a frame opens its work after login', async ({
  page,
}) => {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'The newest works in the museum' });
  const first = strip.getByRole('link').first();
  await expect(first).toBeVisible();

  // It moves on its own.
  const start = await scrollOf(strip);
  await expect.poll(() => scrollOf(strip)).toBeGreaterThan(start + 10);

  // The mouse over it holds it; leaving lets it go on.
  await strip.hover();
  await page.waitForTimeout(100);
  const hovered = await scrollOf(strip);
  await page.waitForTimeout(700);
  expect(await scrollOf(strip)).toBe(hovered);
  await page.mouse.move(5, 5);
  await expect.poll(() => scrollOf(strip)).toBeGreaterThan(hovered + 5);

  // Keyboard focus on a frame holds it too (the frame scrolls into view, then stays).
  await first.focus();
  await page.waitForTimeout(100);
  const focused = await scrollOf(strip);
  await page.waitForTimeout(700);
  expect(await scrollOf(strip)).toBe(focused);

  // A frame is a work; without a login it goes through the login, then to that work.
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/gallery-detail\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
  const email = page.getByLabel('Email');
  await expect(email).toBeEditable();
  await email.fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/add-user$/);
  await page.getByRole('button', { name: 'hana' }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('under reduced motion the film strip stands still and can be swiped', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'The newest works in the museum' });
  await expect(strip.getByRole('link').first()).toBeVisible();
  await page.waitForTimeout(800);
  expect(await scrollOf(strip)).toBe(0);
  // Wider than the screen, and it scrolls by hand (a swipe is a scroll of the strip).
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await strip.evaluate((el) => el.scrollBy({ left: 200 }));
  await expect.poll(() => scrollOf(strip)).toBeGreaterThan(100);
  // One copy of the works only: nothing is hidden from a screen reader or the tab order.
  expect(await strip.locator('[aria-hidden="true"]').count()).toBe(0);
});

test('the sponsor banners come from the API, outside ones open safely in a new tab', async ({ page, request }) => {
  const ads = (await (await request.get('/api/advertisements/?add_type=banner')).json()) as { name: string; url: string | null }[];
  expect(ads.length).toBeGreaterThan(0);
  await page.goto('/');
  // The sponsors load as the reader comes near them: scroll down (again, while the page is still growing).
  const sponsors = page.getByRole('region', { name: 'Our sponsors' });
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return sponsors.count();
    })
    .toBe(1);
  await sponsors.scrollIntoViewIfNeeded();
  for (const ad of ads) await expect(sponsors.getByRole('img', { name: ad.name })).toBeVisible();
  const outside = ads.find((ad) => ad.url?.startsWith('http'));
  expect(outside).toBeDefined();
  const link = sponsors.getByRole('link', { name: outside!.name });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(link).toHaveAttribute('rel', /sponsored/);
  // Each banner's picture is served.
  for (const img of await sponsors.getByRole('img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
});

test('when the works cannot be had, the strip leaves itself out, heading and all; the rest of the page stays', async ({ page }) => {
  let asked = 0;
  await page.route(
    (url) => url.pathname === apiPath('publicWorks'),
    (route) => {
      asked += 1;
      return route.fulfill({ status: 503, json: { errors: 'down for maintenance' } });
    },
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The strip's code and its call come after the first view (a failed read is tried again once).
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'New in the museum' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'The newest works in the museum' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What you can do' })).toBeVisible();
});
