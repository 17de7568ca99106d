/**
 * A visitor's first load of a page with a first-load budget (issue 10): the server sends the page's first view in
 * the HTML (FIRST_VIEWS_FILE), so it is on screen before any script has run; the app then renders the same page
 * over it, nothing moves, and the page takes input. A family gets the plain shell.
 */
import { expect, test, type Browser } from '@playwright/test';

import { SESSION_COOKIE } from '../src/contract/preload';

const PAGES = [
  { path: '/', en: "Every child's art deserves a museum", ja: '子どもの作品を、美術館に。' },
  { path: '/login', en: 'Login', ja: 'ログイン' },
  { path: '/public-gallery', en: 'Search Works', ja: '作品をさがす' },
] as const;

async function withoutScripts(browser: Browser, locale: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, locale, viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

test('each first page is on screen from the HTML alone, in the visitor’s language', async ({ browser }) => {
  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['ja-JP', 'ja'],
  ] as const) {
    const { context, page } = await withoutScripts(browser, locale);
    for (const p of PAGES) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 }).first(), `${p.path} ${lang}`).toHaveText(p[lang]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      // Styled: the header is laid out as the app lays it out, not as bare HTML.
      expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    }
    await context.close();
  }
});

test('the app renders the same page over its first view: nothing moves, and then it takes input', async ({ browser, page }) => {
  const { context, page: still } = await withoutScripts(browser, 'en-US');
  await still.goto('/login');
  const before = await still.getByRole('heading', { level: 1 }).boundingBox();
  await context.close();

  await page.goto('/login');
  await expect(page.locator('#root:not([inert])')).toHaveCount(1);
  const after = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(after).toEqual(before);
  const email = page.getByLabel('Email');
  await email.fill('demo@example.com');
  await expect(email).toHaveValue('demo@example.com');
  // No layout shift from the swap.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number }[]) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

test('a family gets the plain shell, which the app fills', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: SESSION_COOKIE, value: '1', url: baseURL! }]);
  const html = await (await page.request.get('/public-gallery')).text();
  expect(html).toContain('<div id="root"></div>');
  await page.goto('/public-gallery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Works');
});
