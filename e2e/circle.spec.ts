/**
 * The family circle (issue 32), at phone size against the real server: a child shares a drawing with the circle from
 * its edit page; the parent invites grandma from /account-info and gets a link (QR code and copy); grandma opens the
 * link with no account, signs up, verifies, logs in, is led back to the invitation and joins; she sees hana's circle
 * drawing and not the private one, in English and Japanese, and again on a dead network after a reload; the parent
 * sees her in the circle and removes her; her next request is refused.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { apiPath } from './support/api';
import { createWork, csrf, FAMILY_PASSWORD, newFamily, openAs, openAsParent } from './support/family';
import { linkFromOutbox } from './support/outbox';

test.setTimeout(180_000);

async function inLanguage(page: Page, lang: 'ja' | 'en') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function signUp(page: Page, request: APIRequestContext, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FAMILY_PASSWORD);
  await page.getByLabel('Confirm Password').fill(FAMILY_PASSWORD);
  await page.getByRole('checkbox', { name: /As the parent or guardian, I agree/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/email-verification\?email=/);
  const link = await linkFromOutbox(email, '/verify-email');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/login$/);
  void request;
}

test('a parent invites grandma by link; she signs up, joins, sees only the circle drawing (offline too), and is removed', async ({
  page,
  browser,
  request,
}) => {
  const fam = await newFamily(request, `hana${Date.now() % 100000}`);
  await createWork(request, fam, 'Secret diary', 1, false);
  const shared = await createWork(request, fam, 'Sunflowers for grandma', 1, false);

  // The child shares the drawing with the circle on its edit page (the owner's switch).
  await openAs(page, fam, `/edit-work?id=${shared.id}`);
  const circleSwitch = page.getByRole('switch', { name: 'Share with the family circle' });
  await expect(circleSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Your family circle does not see it.')).toBeVisible();
  await circleSwitch.click();
  await expect(page.getByText('Grandparents and relatives in your family circle can see it.')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Work updated successfully')).toBeVisible();

  // The parent, on the parent's own page (no child chosen), makes an invitation link for grandma.
  await page.evaluate(() => ['child_token', 'child_refresh_token'].forEach((key) => localStorage.removeItem(key)));
  await openAsParent(page, fam, '/account-info');
  await expect(page.getByRole('heading', { name: 'Family circle' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite a grandparent or relative' }).click();
  await expect(page.getByRole('radio', { name: 'Grandma' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: fam.username })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Their comments wait for my approval/ })).toBeChecked();
  await page.getByRole('button', { name: 'Make an invitation link' }).click();
  const panel = page.getByTestId('circle-invitation-link');
  await expect(panel.getByText(/Send this link to Grandma\. It works once, until/)).toBeVisible();
  await expect(panel.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();
  const url = await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(url).toMatch(/\/circle\/join\/[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: '/tmp/circle-invite-en.png', fullPage: true });
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/Grandma · good until/)).toBeVisible();

  // Grandma, on her own phone, opens the link with no account.
  const grandmaContext = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: new URL(url).origin });
  const gran = await grandmaContext.newPage();
  const joinPath = new URL(url).pathname;
  await gran.goto('/terms-and-services');
  await gran.evaluate(() => localStorage.setItem('language', 'en'));
  await gran.goto(joinPath);
  await expect(gran.getByText(`You are invited as Grandma to follow ${fam.username}'s museum`)).toBeVisible();
  await gran.screenshot({ path: '/tmp/circle-join-guest-en.png', fullPage: true });
  await gran.getByRole('link', { name: 'Create an account' }).click();
  await expect(gran).toHaveURL(/\/register$/);
  const granEmail = `grandma-${Date.now()}@example.com`;
  await signUp(gran, request, granEmail);
  await gran.getByLabel('Email').fill(granEmail);
  await gran.getByRole('textbox', { name: 'Password', exact: true }).fill(FAMILY_PASSWORD);
  await gran.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(gran).toHaveURL(/\/add-user$/);
  // The invitation kept on her phone leads back to it.
  await gran.getByRole('link', { name: /Open your family circle invitation/ }).click();
  await expect(gran).toHaveURL(new RegExp(`${joinPath}$`));
  await gran.getByRole('button', { name: 'Join the family circle' }).click();
  await expect(gran.getByText('You have joined the family circle.')).toBeVisible();
  await expect(gran).toHaveURL(/\/circle$/);

  // Her circle: hana, with the one circle drawing; the private one is nowhere.
  const hana = gran.getByRole('link', { name: new RegExp(fam.username) });
  await expect(hana).toContainText('1 work');
  await expect(hana).toContainText('You follow as Grandma');
  await hana.click();
  await expect(gran.getByRole('heading', { name: `${fam.username}'s museum` })).toBeVisible();
  await expect(gran.getByText('Sunflowers for grandma')).toBeVisible();
  await expect(gran.getByText('Secret diary')).toHaveCount(0);
  await gran.getByRole('button', { name: 'Sunflowers for grandma' }).click();
  await expect(gran.getByRole('dialog', { name: 'Sunflowers for grandma' })).toBeVisible();
  await expect(gran.getByRole('dialog').getByText(/drawn at age \d+/)).toBeVisible();
  // A sticker and a comment: the comment waits for a parent, and says so to its author.
  const dialog0 = gran.getByRole('dialog', { name: 'Sunflowers for grandma' });
  await dialog0.getByRole('button', { name: /Hanamaru!/ }).click();
  await expect(dialog0.getByRole('button', { name: /Hanamaru! 1/ })).toHaveAttribute('aria-pressed', 'true');
  await dialog0.getByLabel('Write a comment').fill('Such bright sunflowers! <b>Grandma</b> loves them.');
  await dialog0.getByRole('button', { name: 'Send' }).click();
  await expect(gran.getByText('Sent. The family will see it once a parent has approved it.')).toBeVisible();
  await expect(dialog0.getByText("Waiting for a parent's approval")).toBeVisible();
  await expect(dialog0.getByText('Such bright sunflowers! <b>Grandma</b> loves them.')).toBeVisible();
  await gran.screenshot({ path: '/tmp/circle-work-en.png', fullPage: true });
  await dialog0.getByRole('button', { name: 'Close' }).click();
  await inLanguage(gran, 'ja');
  await expect(gran.getByRole('heading', { name: `${fam.username}さんの美術館` })).toBeVisible();
  await gran.screenshot({ path: '/tmp/circle-child-ja.png', fullPage: true });

  // On a dead network, after a reload, what she saw is still there.
  for (const path of ['**/api/**', '**/media/**']) await grandmaContext.route(path, (route) => route.abort('internetdisconnected'));
  await gran.reload();
  await expect(gran.getByText('Sunflowers for grandma')).toBeVisible({ timeout: 15_000 });
  await grandmaContext.unrouteAll({ behavior: 'ignoreErrors' });

  // The parent approves the comment; hana then sees it, the sticker and 「みたよ」 under her drawing.
  await page.reload();
  const waiting = page.getByRole('list', { name: 'Comments waiting for your approval' }).getByRole('listitem');
  await expect(waiting).toContainText('Such bright sunflowers!');
  await expect(waiting).toContainText(`Grandma on ${fam.username}'s “Sunflowers for grandma”`);
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The comment is on the work now.')).toBeVisible();
  await openAs(page, fam, `/gallery-detail/${shared.id}`);
  const panel2 = page.getByRole('region', { name: 'From your family circle' });
  await expect(panel2.getByText('Seen by Grandma')).toBeVisible();
  await expect(panel2.getByRole('list', { name: 'Stickers' })).toContainText('Hanamaru!Grandma');
  await expect(panel2.getByText('Such bright sunflowers! <b>Grandma</b> loves them.')).toBeVisible();
  // hana answers with a sticker (children answer with stickers only).
  const answer = panel2.getByRole('group', { name: 'Answer Grandma with a sticker' });
  await answer.getByRole('button', { name: 'Love it' }).click();
  await expect(answer.getByRole('button', { name: 'Love it' })).toHaveAttribute('aria-pressed', 'true');
  await inLanguage(page, 'ja');
  await expect(page.getByRole('region', { name: 'ファミリーサークルから' }).getByText('みたよ：おばあちゃん')).toBeVisible();
  await page.screenshot({ path: '/tmp/circle-child-detail-ja.png', fullPage: true });
  await page.evaluate(() => ['child_token', 'child_refresh_token'].forEach((key) => localStorage.removeItem(key)));

  // The parent sees grandma in the circle, with her visit, and removes her.
  await openAsParent(page, fam, '/account-info');
  const fan = page.getByRole('list', { name: 'Relatives in the circle' }).getByRole('listitem');
  await expect(fan).toHaveCount(1);
  await expect(fan).toContainText('Grandma');
  await expect(fan).toContainText('last visit');
  await fan.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Grandma from the family circle' });
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Removed from the family circle.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Relatives in the circle' })).toHaveCount(0);

  // Her very next request is refused: the page says so, and the API answers 404.
  await gran.reload();
  await expect(gran.getByText('この子どもを見守っていないか、ご家族がサークルからあなたを外しました。')).toBeVisible();
  const granToken = await gran.evaluate(() => localStorage.getItem('token'));
  const child = /\/circle\/(\d+)$/.exec(new URL(gran.url()).pathname)![1];
  const refused = await request.get(apiPath('fanChildWorks', { childId: Number(child) }), {
    headers: await csrf(request, { Authorization: `Bearer ${granToken}` }),
  });
  expect(refused.status()).toBe(404);
  await grandmaContext.close();
});

test('an invitation link that was used or cancelled says so, in Japanese too', async ({ page, request }) => {
  const fam = await newFamily(request, `sora${Date.now() % 100000}`);
  await openAsParent(page, fam, '/account-info');
  await page.getByRole('button', { name: 'Invite a grandparent or relative' }).click();
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByRole('button', { name: 'Make an invitation link' }).click();
  await expect(page.getByText('Please write who they are to the children.')).toBeVisible();
  await page.getByLabel('Who are they to the children?').fill('ひいおばあちゃん');
  await page.getByRole('button', { name: 'Make an invitation link' }).click();
  const url = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Cancel the invitation' }).click();
  await expect(page.getByText('The invitation was cancelled.')).toBeVisible();
  await page.goto(new URL(url).pathname);
  await inLanguage(page, 'ja');
  await expect(page.getByText('この招待はすでに使われたか、取り消されたか、期限が切れています。')).toBeVisible();
  await page.screenshot({ path: '/tmp/circle-join-invalid-ja.png' });
});
