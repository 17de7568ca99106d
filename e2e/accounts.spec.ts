/**
 * Accounts journeys, as a newcomer walks them at phone size: sign up, verify from the e-mail, log in, add a
 * child with an avatar, pick it, edit the profile and join an organization, switch language, delete it, change
 * the e-mail address through the link sent to the new one; and
 * the forgotten-password path.
 */
import { expect, test, type Page } from '@playwright/test';

import { DEMO_ORGANIZATIONS } from '@server/db/demo-content';
import { apiPath } from './support/api';
import { csrf, demoFamily, newFamily, openAs } from './support/family';
import { drawingPng } from './support/images';
import { linkFromOutbox } from './support/outbox';

const PASSWORD = 'Crayon2024';

function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUpAndVerify(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /As the parent or guardian, I agree/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/email-verification\?email=/);
  await expect(page.getByText('Your account registration is not yet complete.')).toBeVisible();

  const link = await linkFromOutbox(email, '/verify-email');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Email verified successfully! Please login to continue.')).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByText(`${email} is logged in`)).toBeVisible();
}

test('sign up, verify, add a child with an avatar, edit the profile, switch language, delete it, move to a new e-mail', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await signUpAndVerify(page, email);

  // Logging in before verifying is refused; after verifying it works.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Then enter your user information.')).toBeVisible();

  // Add a child with an avatar.
  await page.getByRole('link', { name: 'Adding new users' }).click();
  await expect(page).toHaveURL(/\/register-user$/);
  await page.getByLabel('Current address').selectOption('東京都 (Tokyo)');
  await page.getByLabel('Username').fill('mika');
  await page.getByLabel('Real name').fill('Mika Tanaka');
  await page.getByLabel('Date of birth').fill('2018-05-20');
  await page.getByLabel('Icon image').setInputFiles({ name: 'mika.png', mimeType: 'image/png', buffer: await drawingPng() });
  await expect(page.getByAltText('Preview of the chosen icon')).toBeVisible();
  await page.getByRole('button', { name: 'Register user' }).click();
  await expect(page.getByText('The user has been registered.')).toBeVisible();

  // On to choosing who visits, the new child shown (issue 28): the avatar is the re-encoded picture from /media/.
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByText('mika was added. Tap the picture to visit as mika.')).toBeVisible();
  const mika = page.getByRole('button', { name: /mika/ });
  await expect(mika).toBeFocused();
  await expect(mika.locator('img')).toHaveAttribute('src', /^\/media\//);
  await mika.click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByText('mika logged in')).toBeVisible();

  // Edit the profile: the age is shown, join the demo organization by its code, save.
  await page.goto('/user-info');
  await expect(page.getByLabel('Username')).toHaveValue('mika');
  await expect(page.getByText(/\d+ years old/)).toBeVisible();
  await page.getByLabel('Organizations').fill(DEMO_ORGANIZATIONS.sakura.code);
  await expect(page.getByText(DEMO_ORGANIZATIONS.sakura.name)).toBeVisible();
  await page.getByLabel('Organizations').fill('000000');
  await expect(page.getByText('Organization code is not valid')).toBeVisible();
  await page.getByLabel('Username').fill('mika.t');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The profile has been updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue('mika.t');
  await expect(page.getByText(DEMO_ORGANIZATIONS.sakura.name)).toBeVisible();

  // Switch to Japanese and back: the page changes at once and the choice is remembered.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByRole('dialog').getByRole('button', { name: 'メニューを閉じる' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('button', { name: 'プロフィールを削除' })).toBeVisible();
  // index.html's preloads knew the choice (from its cookie) on an English browser: the ja catalog came with the page,
  // both its parts, since /user-info is beyond the first loads (scripts/split-catalogs.ts).
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/ja.first-"]')).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/ja.rest-"]')).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/en."]')).toHaveCount(0);
  await page.getByRole('button', { name: 'メニュー' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the menu' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Delete the profile through the confirmation modal.
  await page.getByRole('button', { name: 'Delete the profile' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('I understand that this action cannot be undone').check();
  await confirm.click();
  // A child's deletion needs the parent's word (issue 28): the parent's password, typed on this device.
  const ask = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Ask a grown-up' }) });
  await ask.getByLabel("Parent's password").fill(PASSWORD);
  await ask.getByRole('button', { name: 'Allow and delete' }).click();
  // The child tokens are gone; /login then sends the parent on to choose a user.
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByText('The profile has been deleted.')).toBeVisible();
  await expect(page.getByText('Then enter your user information.')).toBeVisible();

  // A new e-mail address: the current password is asked for, and nothing changes until the new address confirms.
  const newEmail = uniqueEmail('moved');
  await page.goto('/account-info');
  await page.getByLabel('Name').fill('Newcomer Parent');
  await page.getByLabel('Current address').selectOption('東京都 (Tokyo)');
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await page.getByRole('button', { name: 'Save Information' }).click();
  await expect(page.getByText('Please enter your current password to change the e-mail address or the password.')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save Information' }).click();
  await expect(page.getByText('We have sent a confirmation link to the new e-mail address.')).toBeVisible();
  await expect(page.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  const confirmLink = await linkFromOutbox(newEmail, '/confirm-email');
  await page.goto(confirmLink.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Your e-mail address has been changed. Please use the new address to log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the museum' }).click();
  await page.goto('/account-info');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
});

test('forgot password, reset through the e-mailed link, log in with the new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await signUpAndVerify(page, email);

  await page.getByRole('link', { name: /Forgot your password/ }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Change your password' });
  await page.getByLabel('Email').fill('');
  await page.getByLabel('Email').blur();
  await expect(send).toBeDisabled();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await send.click();
  await expect(page).toHaveURL(/\/email-verification\?.*is_pass=true/);
  await expect(page.getByText('Your password reset is not yet complete.')).toBeVisible();

  const link = await linkFromOutbox(email, '/password-reset-confirm');
  const path = link.replace(/^https?:\/\/[^/]+/, '');
  await page.goto(path);
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be between 8 and 32 characters')).toBeVisible();
  await page.getByLabel('New Password').fill('Rainbow2025');
  await page.getByLabel('Confirm Password').fill('Rainbow2025');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password reset successful. Please login with your new password.')).toBeVisible();

  // The link works once only.
  await page.goto(path);
  await page.getByLabel('New Password').fill('Another2025');
  await page.getByLabel('Confirm Password').fill('Another2025');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('The e-mail address or password is incorrect')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Rainbow2025');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/add-user$/);
});

test('a refused access token is refreshed once, the call retried, and the rotated pair kept', async ({ page, request }) => {
  // The demo family: sign-ups are rate-limited per address, and the journeys already make many.
  const family = await demoFamily(request, 'hana');
  // A token the server refuses (its signature no longer matches) but the app can still read.
  const refused = family.child.access.slice(0, -4) + (family.child.access.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  await openAs(page, { parent: family.parent, child: { ...family.child, access: refused } }, '/user-info');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('hana');
  const [access, refresh] = await page.evaluate(() => [localStorage.getItem('child_token'), localStorage.getItem('child_refresh_token')]);
  expect(access).not.toBe(refused);
  expect(refresh).not.toBe(family.child.refresh);
});

test('login: the form shows at once, read-only until its logic has arrived, and then logs in', async ({ page }) => {
  // The form's logic (react-hook-form, the login call) loads after the page has painted; here it is held back.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldRequests = 0;
  await page.route(/\/assets\/login-form-[\w-]+\.js$/, async (route) => {
    heldRequests += 1;
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect.poll(() => heldRequests).toBeGreaterThan(0);

  // Nothing typed now could be lost when the form's logic takes over: the fields do not take input yet.
  const email = page.getByLabel('Email');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(email).toBeVisible();
  await expect(email).not.toBeEditable();
  await expect(password).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();

  release();
  await expect(email).toBeEditable();
  await email.fill('demo@example.com');
  await password.fill('Demo1234');
  await password.press('Enter');
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByText('demo@example.com is logged in')).toBeVisible();
});

test('the profile form shows the profile as fetched again, not as the phone kept it', async ({ page, request }) => {
  const family = await newFamily(request, `kai${Date.now() % 1e6}`);
  await openAs(page, family, '/user-info');
  await expect(page.getByLabel('Username')).toHaveValue(family.username);
  // The profile is in the persisted cache, as the next start will restore it.
  await expect
    .poll(() => page.evaluate((name) => localStorage.getItem('little-museum-query-cache')?.includes(name), family.username))
    .toBe(true);

  // Renamed on another phone; this one starts again from its cache, then fetches the profile.
  const renamed = `${family.username}x`;
  const res = await request.patch(apiPath('profileUpdate'), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
    data: { username: renamed },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(renamed);
});
