/**
 * Premium for a family (issue 13), at phone size against the real server and the local test provider: a family at
 * the free plan's 5 images sees the upgrade hint; its child is told a parent upgrades; the parent checks out Premium
 * through the local hosted checkout page (a declined card first, then 4242 4242 4242 4242) and lands on the
 * payment-completion page; a 6th image then uploads; and cancelling shows the day Premium ends.
 */
import { expect, test, type Page } from '@playwright/test';

import type { SubscriptionStatus } from '@contract/billing';
import type { ImageCount } from '@contract/works';
import { apiPath } from './support/api';
import { createWork, myWorks, newFamily, openAs, type Family } from './support/family';
import { drawingPng } from './support/images';

test.setTimeout(180_000);

/** The parent alone, as after logging in without choosing a child (the child's tokens are gone). */
async function openAsParentOnly(page: Page, family: Family, path: string) {
  await page.goto('/terms-and-services');
  await page.evaluate((parent) => {
    localStorage.removeItem('child_token');
    localStorage.removeItem('child_refresh_token');
    localStorage.setItem('token', parent.access);
    localStorage.setItem('refreshToken', parent.refresh);
    localStorage.setItem('language', 'en');
  }, family.parent);
  await page.goto(path);
}

/** The card form of the local hosted checkout (its fields by their autofill names, as a password manager finds them). */
async function payWith(page: Page, number: string) {
  await page.locator('input[autocomplete="cc-number"]').fill(number);
  await page.locator('input[autocomplete="cc-exp"]').fill('12/34');
  await page.locator('input[autocomplete="cc-csc"]').fill('123');
  await page.getByRole('button', { name: 'Subscribe for ¥110' }).click();
}

/** A day as the pages write it: in Japan, in British English. */
const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'long' }).format(new Date(iso));

test('a family at the free limit subscribes to Premium, uploads a 6th image, and cancelling shows the end date', async ({
  page,
  request,
}) => {
  const family = await newFamily(request, 'mika');
  await createWork(request, family, 'Five little suns', 5);
  const imageCount = async () =>
    (await (
      await request.get(apiPath('imageCount'), { headers: { Authorization: `Bearer ${family.parent.access}` } })
    ).json()) as ImageCount;
  expect(await imageCount()).toEqual({ total_images: 5, limit: 5 });

  // The child at the limit: the hint, its link to the plans, and no checkout for a child.
  await openAs(page, family, '/register-work');
  await expect(page.getByText('Free plan allows up to 5 images total')).toBeVisible();
  await page.getByRole('link', { name: 'Ask a grown-up to upgrade' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
  await expect(page.getByText('¥110 a month').first()).toBeVisible();
  await expect(page.getByText("A parent chooses the family's plan.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose Premium' })).toHaveCount(0);

  // The parent: the plan and the full shelf on Payment Information, then the plans.
  await openAsParentOnly(page, family, '/account-payment-info');
  await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible();
  await expect(page.getByText('5 of 5')).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade to Premium' }).first().click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByText('Your plan', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Premium' }).click();

  // The local provider's hosted checkout: a declined card shows the provider's message, then 4242 pays.
  await expect(page).toHaveURL(/\/local-checkout\?session=cs_/);
  await expect(page.getByText('Test mode').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscribe to Premium' })).toBeVisible();
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toBeVisible();
  await expect(page).toHaveURL(/\/local-checkout/);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/payment-complete\?session_id=cs_/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible();
  const status = (await (
    await request.get(apiPath('billingStatus'), { headers: { Authorization: `Bearer ${family.parent.access}` } })
  ).json()) as SubscriptionStatus;
  expect(status.active).toBe(true);
  expect(status.plan?.code).toBe('premium');
  const end = day(status.current_period_end ?? '');
  await expect(page.getByText(`Premium is active until ${end}`)).toBeVisible();
  expect((await imageCount()).limit).toBeNull();

  // A 6th image now uploads.
  await openAs(page, family, '/register-work');
  await expect(page.getByText('Free plan allows up to 5 images total')).toHaveCount(0);
  await page.getByLabel('Take photo').setInputFiles({ name: 'sixth.png', mimeType: 'image/png', buffer: await drawingPng('#2a9d8f') });
  await expect(page.getByText('1 / 5')).toBeVisible();
  await page.getByLabel('Title').fill('The sixth sun');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/my-work$/, { timeout: 60_000 });
  await expect.poll(async () => (await myWorks(request, family)).count, { timeout: 60_000 }).toBe(2);
  expect((await imageCount()).total_images).toBe(6);

  // Cancelling keeps Premium until the period's end, and says which day that is.
  await openAsParentOnly(page, family, '/account-payment-info');
  await expect(page.getByRole('heading', { name: 'Premium', exact: true })).toBeVisible();
  await expect(page.getByText(end).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the plan' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Premium stays until ${end}, and it will not renew.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel the plan' }).click();
  await expect(page.getByText(`Premium stays until ${end}.`)).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Ends on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the plan' })).toHaveCount(0);
});

test('offline, checkout waits with the reason', async ({ page, context, request }) => {
  const family = await newFamily(request, 'riku');
  await openAsParentOnly(page, family, '/plans');
  const choose = page.getByRole('button', { name: 'Choose Premium' });
  await expect(choose).toBeVisible();
  await context.setOffline(true);
  await expect(choose).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText("You're offline. Payments need an internet connection")).toBeVisible();
  // Tapped anyway (it is aria-disabled, so forced): the reason is told, and the page stays.
  await choose.click({ force: true });
  await expect(page).toHaveURL(/\/plans$/);
  await context.setOffline(false);
});
