/**
 * The family circle's notices (issue 32), at phone size against the real server: a fan's circle page says why before
 * the browser asks anything; the service worker shows a pushed notice in the reader's words (delivered through
 * Chromium's DevTools protocol, as the push service would) and refuses one that would open another site; the weekly
 * e-mail's stop link stops it in one click, and the circle page's switch shows it off, in English and Japanese.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config';
import { grandmaFollows } from './support/circle';
import { createWork, openAsParent, type Family } from './support/family';
import { linkFromOutbox } from './support/outbox';

test.setTimeout(120_000);

/** grandmaFollows, with a public drawing of hana's (a circle work). */
async function circle(request: APIRequestContext): Promise<{ fam: Family; gran: Family }> {
  const made = await grandmaFollows(request);
  await createWork(request, made.fam, 'Sunflowers', 1, true);
  return made;
}

async function inLanguage(page: Page, lang: 'ja' | 'en') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('a fan is told why before any permission prompt, and the service worker shows a pushed notice', async ({ page, request, context }) => {
  const { fam, gran } = await circle(request);
  await openAsParent(page, gran, '/circle');
  await expect(page.getByRole('link', { name: new RegExp(fam.username) })).toBeVisible();
  const card = page.getByTestId('push-card');
  await expect(card.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
  await expect(card.getByText('Get a notice on this device when a child you follow shares a new work (at most once a day).')).toBeVisible();
  // Nothing was asked of the browser by opening the page.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await expect(card.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Weekly e-mail of new works' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: '/tmp/circle-notices-en.png', fullPage: true });

  // The service worker, once it runs the page, shows what a push carries, and opens only this app's pages.
  await context.grantPermissions(['notifications']);
  await page.reload();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL.startsWith(new URL(page.url()).origin));
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const origin = new URL(page.url()).origin;
  const deliver = (data: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    );
  await deliver({ title: 'https://evil.example', body: 'x', url: '//evil.example/', tag: 'evil' });
  await deliver({
    title: `${fam.username} has shared a new work`,
    body: `Open ${fam.username}'s museum to see it.`,
    url: `/circle/1`,
    tag: 'circle-child-1',
  });
  await expect.poll(shown).toEqual([
    {
      title: `${fam.username} has shared a new work`,
      body: `Open ${fam.username}'s museum to see it.`,
      tag: 'circle-child-1',
      data: { url: '/circle/1' },
    },
  ]);
});

test("the weekly e-mail's stop link stops it in one click; the circle page then shows it off", async ({ page, request }) => {
  const { gran } = await circle(request);
  // The link the e-mail carries: the account's uuid (its verification link's uid) signed with the server's key.
  const uid = new URL(await linkFromOutbox(gran.email, '/verify-email')).searchParams.get('uid')!;
  const secret = Buffer.from(readFileSync(join(E2E_DATA_DIR, 'jwt-secret'), 'utf8').trim(), 'base64url');
  const stop = `${uid.replace(/-/g, '')}${createHmac('sha256', secret).update(`little-museum:circle-digest-off:${uid}`).digest('base64url')}`;

  await page.goto('/terms-and-services');
  await inLanguage(page, 'ja');
  await page.goto(`/circle/digest-off/${stop.slice(0, -3)}abc`);
  await expect(page.getByRole('alert')).toHaveText('このリンクは無効です。ファミリーサークルのページからメールを停止してください。');
  await page.goto(`/circle/digest-off/${stop}`);
  await expect(page.getByRole('status').filter({ hasText: '週1回' })).toHaveText('週1回のメールは、今後お送りしません。');
  await page.screenshot({ path: '/tmp/digest-off-ja.png', fullPage: true });

  await openAsParent(page, gran, '/circle');
  await expect(page.getByRole('switch', { name: 'Weekly e-mail of new works' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('switch', { name: 'Weekly e-mail of new works' }).click();
  await expect(page.getByRole('switch', { name: 'Weekly e-mail of new works' })).toHaveAttribute('aria-checked', 'true');
  await inLanguage(page, 'ja');
  await expect(page.getByTestId('push-card').getByRole('heading', { name: 'この端末の通知' })).toBeVisible();
  await page.screenshot({ path: '/tmp/circle-notices-ja.png', fullPage: true });
});
