/**
 * The login page after the verification link (issue 28, item 11), at 390x844 against the real server: the link
 * opened in a browser that holds nothing of the sign-up (a mail app's) still starts the form with the verified
 * address; "Select another User" then empties it without a reload; a visitor with no address kept sees no such
 * button (there is nobody to switch from).
 */
import { expect, test } from '@playwright/test';

import { apiPath } from './support/api';
import { csrf } from './support/family';
import { linkFromOutbox } from './support/outbox';

test('the verified address fills the login form; Select another User empties it in place', async ({ browser, request }) => {
  const email = `verified-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post(apiPath('signup'), {
    headers: await csrf(request),
    data: { email, password: 'Crayon2024', confirm_password: 'Crayon2024', accept_terms: true },
  });
  expect(signup.status()).toBe(201);
  const link = await linkFromOutbox(email, '/verify-email');

  // Another browser: the mail app's, with nothing stored.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Email verified successfully! Please login to continue.')).toBeVisible();
  const field = page.getByLabel('Email');
  await expect(field).toHaveValue(email);
  await expect(field).toBeEditable();

  // No reload: a mark left on the window survives the click.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('button', { name: 'Select another User' }).click();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page.getByRole('button', { name: 'Select another User' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('a visitor with no address kept: the login page has no Select another User', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Select another User' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Select another User' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create a new account' })).toBeVisible();
});
