/**
 * The contact form (works spec §2, §5; issue 11): the spec's messages on an empty submit, the thank-you page and
 * both e-mails; a logged-in family's address comes from its account.
 */
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config';
import { newFamily, openAs } from './support/family';
import { readMails } from './support/mail';

/** The e-mails in the outbox whose body, decoded, contains `text`: each as written, headers included. */
function rawMails(text: string): string[] {
  return readMails(join(E2E_DATA_DIR, 'outbox'))
    .filter((mail) => mail.text.includes(text))
    .map((mail) => mail.raw);
}

test('a guest sees every message of the spec on an empty submit, then reaches the thank-you page and support', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expect(page.getByText('3 to 5 business days')).toBeVisible();
  await expect(page.getByText('10:00 to 15:00 on weekdays')).toBeVisible();

  // Typing and leaving a field says nothing: validation runs on submit only.
  const email = page.getByLabel('Email');
  await email.fill('not-an-address');
  await page.getByLabel('Subject').focus();
  await expect(page.getByText('Invalid email address')).toHaveCount(0);
  await email.fill('');

  await page.getByRole('button', { name: 'Send' }).click();
  for (const message of ['Email is required', 'Full name is required', 'Subject is required', 'Inquiry details are required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await email.fill('not-an-address');
  await page.getByLabel('Full name').fill('Aoi Tanaka');
  await page.getByLabel('Subject').fill('About my daughter’s gallery');
  await page.getByLabel('Inquiry details').fill('Too short');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Please provide more details', { exact: true })).toBeVisible();

  const sender = `guest-${Date.now()}@example.com`;
  const subject = `Gallery question ${Date.now()}`;
  await email.fill(sender);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Inquiry details').fill('Can grandparents see the works my daughter shares with the family?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/inquiry-thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your inquiry' })).toBeVisible();

  // Support gets it with a reply-to of the sender; the sender gets a receipt that repeats the subject.
  await expect.poll(() => rawMails(subject).length, { timeout: 15_000 }).toBe(2);
  const mails = rawMails(subject);
  expect(mails.some((raw) => new RegExp(`^Reply-To: .*${sender}`, 'im').test(raw) && !new RegExp(`^To: .*${sender}`, 'im').test(raw))).toBe(
    true,
  );
  expect(mails.some((raw) => new RegExp(`^To: .*${sender}`, 'im').test(raw))).toBe(true);
});

test('what a guest typed stays in the form across a reload, and on a dead network it stays and the form says it needs a connection', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await page.getByLabel('Subject').fill('Kept subject');
  await page.getByLabel('Inquiry details').fill('These words must survive a reload.');
  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue('Kept subject');
  await expect(page.getByLabel('Inquiry details')).toHaveValue('These words must survive a reload.');

  // The network dies while the phone still thinks it is online: the send fails for the network.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Email').fill('offline-guest@example.com');
  await page.getByLabel('Full name').fill('Ren Sato');
  // A press of Send: it fails for the network, or, when a request of the app's own has failed first (the footer's
  // blog link, loaded as the form scrolls it near), Send already waits with its reason and the press sends nothing.
  // Either way the same holds after it. (Dispatched: a button that waits is aria-disabled, which a click waits out.)
  await page.getByRole('button', { name: 'Send' }).dispatchEvent('click');
  await expect(page.getByText("You're offline. What you have written stays here")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Kept subject');
  await expect(page.getByLabel('Inquiry details')).toHaveValue('These words must survive a reload.');
  // One message for it, the note: no error toast besides.
  await expect(page.getByText('Network error occurred')).toHaveCount(0);
});

test("a logged-in family's address comes from its account", async ({ page, request }) => {
  const family = await newFamily(request, `mio${Date.now() % 1e6}`);
  await openAs(page, family, '/contact-us');
  await expect(page.getByText('We will reply to')).toBeVisible();
  await expect(page.getByText(family.email)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  const subject = `Family question ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Inquiry details').fill('How do I move a work to my other child?');
  await page.getByRole('button', { name: 'Send' }).click();
  // The thank-you page is for guests (accounts spec): a logged-in family hears it as a message and goes on.
  await expect(page.getByText('We have received your inquiry')).toBeVisible();
  await expect.poll(() => rawMails(subject).length, { timeout: 15_000 }).toBe(2);
  expect(rawMails(subject).some((raw) => new RegExp(`^Reply-To: .*${family.email}`, 'im').test(raw))).toBe(true);
});
