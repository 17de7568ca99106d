/** The route guards of accounts spec §2, walked with each kind of session. */
import { expect, test } from '@playwright/test';

import { DEMO_FAMILY } from '@server/db/demo-content';

test('a visitor is sent to /login with a toast for login-required pages, and away from child-only pages', async ({ page }) => {
  for (const path of ['/add-user', '/register-user', '/gallery-detail/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please log in to continue.').first()).toBeVisible();
  }
  // Child-only and parent-only routes are not registered for a visitor: the unknown-path rule sends them home.
  await page.goto('/user-info');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account-info');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
  // Public pages show.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Member Registration' }).first()).toBeVisible();
});

test('a parent is kept on /add-user until a child is chosen, then on /my-work', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/add-user$/);

  // Guest-only pages send a parent without a child to /add-user; unknown paths too.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/add-user$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/add-user$/);
  // Parent-only pages show; child-only pages are not registered.
  await page.goto('/account-info');
  await expect(page.getByLabel('Name')).toHaveValue(DEMO_FAMILY.parentName);
  await page.goto('/user-info');
  await expect(page).toHaveURL(/\/add-user$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/add-user$/);

  await page.getByRole('button', { name: /hana/ }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  // With a child: guest-only pages and /add-user lead to /my-work; parent-only pages are gone.
  for (const path of ['/login', '/register', '/add-user', '/']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/my-work$/);
  }
  await page.goto('/account-info');
  await expect(page).not.toHaveURL(/\/account-info$/);
  await page.goto('/user-info');
  await expect(page.getByLabel('Username')).toHaveValue('hana');

  // The menu: with both tokens, Account Information, Manage Users and Payment Information are hidden.
  await page.getByRole('button', { name: 'Menu' }).first().click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'My Gallery' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Account Information' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);

  // "Select another User" drops only the child tokens and returns to /login, which then sends to /add-user.
  await menu.getByRole('button', { name: 'Select another User' }).click();
  await expect(page).toHaveURL(/\/(login|add-user)$/);
  await page.goto('/my-collection');
  await expect(page).not.toHaveURL(/\/my-collection$/);
});

test('a page whose code cannot be loaded shows the error screen with the chunk and a reload', async ({ page }) => {
  await page.goto('/login');
  const chunk = /\/assets\/contact-us-page-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'Contact Us' }).first().click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText(/Loading chunk contact-us-page-[\w-]+ failed\. \(missing\)/)).toBeVisible();
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
});
