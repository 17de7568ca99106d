/**
 * What a newcomer tripped over (issue 11): one message per action, every error of a submit at once, room for the
 * floating camera button, one avatar rule, and no "Uncompiled message detected!" when the server writes Japanese.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { csrf, newFamily, openAs, type Family } from './support/family';
import { apiPath } from './support/api';
import { cameraPhoto } from './support/photos';

test.setTimeout(120_000);

/** The toasts on screen (react-hot-toast's live regions inside its fixed container). */
const toasts = (page: Page) => page.locator('div[style*="z-index: 9999"] [role="status"]');

/** A second child of the family, who shares with the first one (so it hangs in the first one's family gallery). */
async function sibling(request: APIRequestContext, family: Family, username: string): Promise<void> {
  const parent = { Authorization: `Bearer ${family.parent.access}` };
  const registered = await request.post(apiPath('registerProfile'), {
    headers: await csrf(request, parent),
    multipart: { address: '東京都 (Tokyo)', username, first_name: 'Sister', date_of_birth: '2016-03-03' },
  });
  expect(registered.ok()).toBe(true);
  const login = await request.post(apiPath('profileLogin'), { headers: await csrf(request, parent), data: { username } });
  const child = (await login.json()) as Family['child'];
  const me = (await (await request.get(apiPath('profile'), { headers: { Authorization: `Bearer ${family.child.access}` } })).json()) as {
    id: number;
  };
  const shared = await request.patch(apiPath('profile'), {
    headers: await csrf(request, { Authorization: `Bearer ${child.access}` }),
    data: { shared_users: [{ id: me.id, is_shared: true }] },
  });
  expect(shared.ok()).toBe(true);
}

test('registering a work: every error of an empty submit at once, then one message for one work', async ({ page, context, request }) => {
  const family = await newFamily(request, `kanon${Date.now() % 1e6}`);
  await openAs(page, family, '/register-work');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  // The photos' error and the title's together, not one after the other.
  await expect(page.getByText('At least one image is required')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page).toHaveURL(/\/register-work$/);

  // Online, it goes through: "registered", and nothing about the device.
  await page.getByLabel('Take photo').setInputFiles(await cameraPhoto(21));
  await expect(page.getByText('At least one image is required')).toHaveCount(0);
  await page.getByLabel('Title').fill('Blue whale');
  await expect(page.getByText('Title is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(toasts(page).filter({ hasText: 'Work registered successfully' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1_000);
  await expect(toasts(page)).toHaveCount(1);
  await expect(page.getByText('Saved on this device')).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });

  // Offline, it is kept on the phone: that, and only that, is said.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Register your work' }).first().click();
  await page.getByLabel('Take photo').setInputFiles(await cameraPhoto(22));
  await page.getByLabel('Title').fill('Red kite');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(toasts(page).filter({ hasText: 'Saved on this device. It will be uploaded to your gallery.' })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(toasts(page)).toHaveCount(1);
  await context.setOffline(false);
});

test('an organization code that is not valid: the inline error alone, no toast', async ({ page, request }) => {
  const family = await newFamily(request, `sena${Date.now() % 1e6}`);
  await openAs(page, family, '/user-info');
  const code = page.getByPlaceholder('6-digit code');
  await code.fill('000000');
  await expect(page.getByText('Organization code is not valid')).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(toasts(page)).toHaveCount(0);
});

/** A child's placeholder avatar: inside the button named by the child (the avatar itself is decorative, beside the name). */
const avatarOf = (page: Page, username: string) =>
  page.getByRole('button', { name: username, exact: true }).locator('[aria-hidden="true"]').first();

test('one avatar rule: the same child shows the same two letters on /add-user and in the family gallery', async ({ page, request }) => {
  const family = await newFamily(request, `tama${Date.now() % 1e6}`);
  const sis = `${family.username}-sis`;
  await sibling(request, family, sis);
  const initials = sis.slice(0, 2).toUpperCase();
  await openAs(page, family, '/family-gallery');
  await expect(avatarOf(page, sis)).toHaveText(initials);
  // The parent's screen for choosing a user shows the same letters.
  await page.evaluate(() => {
    localStorage.removeItem('child_token');
    localStorage.removeItem('child_refresh_token');
  });
  await page.goto('/add-user');
  await expect(avatarOf(page, sis)).toHaveText(initials);
  await expect(avatarOf(page, family.username)).toHaveText(family.username.slice(0, 2).toUpperCase());
});

test('a message the server writes in Japanese is shown as it came, with no "Uncompiled message detected!"', async ({ page, request }) => {
  const family = await newFamily(request, `kai${Date.now() % 1e6}`);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/Uncompiled message/.test(m.text())) warnings.push(m.text());
  });
  await openAs(page, family, '/register-user');
  await page.evaluate(() => localStorage.setItem('language', 'ja'));
  await page.evaluate(() => {
    localStorage.removeItem('child_token');
    localStorage.removeItem('child_refresh_token');
  });
  await page.goto('/register-user');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  // The family's own child's name again: the server refuses it, in Japanese, under the field.
  await page.getByLabel('ユーザー名').fill(family.username);
  await page.getByLabel('本名').fill('テスト');
  await page.getByLabel('生年月日').fill('2017-04-01');
  await page.getByLabel('お住まい').selectOption({ index: 1 });
  await page.getByRole('button', { name: /登録/ }).click();
  const error = page.locator('[role="alert"]').filter({ hasText: /[ぁ-んァ-ン一-龥]/ });
  await expect(error.first()).toBeVisible();
  expect(warnings).toEqual([]);
});
