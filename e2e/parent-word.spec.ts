/**
 * A parent's word (decisions.md; issue 28), at phone size in Japanese and English against the real server: a child
 * tries to pay for a class and is asked to get a grown-up, who types the parent's password on the same phone and
 * pays by card; a second class waits for the parent in the parent's own session ("Waiting for you"), where the
 * parent approves and pays it; and a child deleting its profile needs the parent's password (a wrong one is said).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import type { ArtistClass } from '@contract/classes';
import { DEMO_CLASSES } from '@server/db/demo-content';
import { apiPath } from './support/api';
import { FAMILY_PASSWORD, newFamily, openAs, openAsParent } from './support/family';

async function demoClass(request: APIRequestContext, name: string): Promise<ArtistClass> {
  const res = await request.get(apiPath('classes'), { params: { search: name.replace(/^.*\(|\)$/g, ''), language: 'en' } });
  const found = ((await res.json()) as { results: ArtistClass[] }).results.find((c) => c.name === name);
  if (!found) throw new Error(`the demo class ${name} is not published`);
  return found;
}

async function inLanguage(page: Page, lang: 'ja' | 'en') {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const TEXT = {
  en: {
    signUp: 'Sign up for this class',
    yes: 'Yes, sign up',
    ask: 'Ask a grown-up',
    password: "Parent's password",
    allowPay: 'Allow and go to payment',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVC)',
    pay: /^Pay /,
    paid: 'Payment confirmed successfully',
    waiting: 'Waiting for you',
    approvePay: 'Approve and pay',
    paidByParent: /Paid\. .* is signed up\./,
    deleteProfile: 'Delete the profile',
    understand: 'I understand that this action cannot be undone',
    del: 'Delete',
    allowDelete: 'Allow and delete',
    wrong: "That is not the parent account's password.",
    deleted: 'The profile has been deleted.',
  },
  ja: {
    signUp: 'この教室に申し込む',
    yes: '申し込む',
    ask: 'おうちの人に聞いてね',
    password: '保護者アカウントのパスワード',
    allowPay: '許可して支払いへ進む',
    card: 'カード番号',
    expiry: '有効期限（月/年）',
    cvc: 'セキュリティコード',
    pay: /を支払う$/,
    paid: 'お支払いが完了しました',
    waiting: 'あなたの確認待ち',
    approvePay: '許可して支払う',
    paidByParent: /お支払いが完了しました。.*申し込みが確定しました。/,
    deleteProfile: 'プロフィールを削除',
    understand: 'この操作は元に戻せないことを理解しました',
    del: '削除',
    allowDelete: '許可して削除する',
    wrong: '保護者アカウントのパスワードが正しくありません。',
    deleted: 'プロフィールを削除しました。',
  },
} as const;

async function payWith(page: Page, text: (typeof TEXT)['en' | 'ja'], scope = page.locator('body')) {
  await scope.getByLabel(text.card).fill('4242 4242 4242 4242');
  await scope.getByLabel(text.expiry).fill('12/34');
  await scope.getByLabel(text.cvc).fill('123');
  await scope.getByRole('button', { name: text.pay }).click();
}

for (const lang of ['ja', 'en'] as const) {
  test(`a child's payment and deletion wait for the parent's word (${lang})`, async ({ page, request }) => {
    const text = TEXT[lang];
    const family = await newFamily(request, `word${lang}${Date.now() % 1e6}`);
    const clay = await demoClass(request, DEMO_CLASSES.clay);
    const live = await demoClass(request, DEMO_CLASSES.liveDrawing);

    // The child signs up for a paid class: the payment page asks for a grown-up, not for a card.
    await openAs(page, family, `/artist-signup-detail?id=${clay.id}`);
    await inLanguage(page, lang);
    await page.getByRole('button', { name: text.signUp }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.yes, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?class_id=${clay.id}$`));
    await expect(page.getByRole('heading', { name: text.ask })).toBeVisible();
    await expect(page.getByLabel(text.card)).toHaveCount(0);
    await page.screenshot({ path: `/tmp/parent-ask-pay-${lang}.png`, fullPage: true });

    // A wrong password is said under the field; the parent's own one opens the card form, and the card pays.
    await page.getByLabel(text.password).fill('NotMine123');
    await page.getByRole('button', { name: text.allowPay }).click();
    await expect(page.getByText(text.wrong)).toBeVisible();
    await page.screenshot({ path: `/tmp/parent-ask-wrong-${lang}.png`, fullPage: true });
    await page.getByLabel(text.password).fill(FAMILY_PASSWORD);
    await page.getByRole('button', { name: text.allowPay }).click();
    await expect(page.getByLabel(text.card)).toBeVisible();
    await payWith(page, text);
    await expect(page.getByText(text.paid).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/link-detail\\?class_id=${clay.id}$`));

    // A second class: the child leaves it waiting; the parent approves and pays it from the parent's own session.
    await page.goto(`/payment?class_id=${live.id}`);
    await expect(page.getByRole('heading', { name: text.ask })).toBeVisible();
    // The parent's own session on this phone: the child's login is put away first.
    await page.evaluate(() => ['child_token', 'child_refresh_token'].forEach((key) => localStorage.removeItem(key)));
    await openAsParent(page, family, '/account-payment-info');
    await inLanguage(page, lang);
    const waiting = page.getByRole('region', { name: text.waiting });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByText(live.name)).toBeVisible();
    await waiting.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/parent-waiting-${lang}.png`, fullPage: true });
    await waiting.getByRole('button', { name: text.approvePay }).click();
    await payWith(page, text, waiting);
    await expect(page.getByText(text.paidByParent)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await page.screenshot({ path: `/tmp/parent-waiting-paid-${lang}.png`, fullPage: true });

    // The child deletes its profile: the tick box is not enough, the parent's password is asked for.
    await openAs(page, family, '/user-info');
    await inLanguage(page, lang);
    await page.getByRole('button', { name: text.deleteProfile }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.understand).check();
    await dialog.getByRole('button', { name: text.del, exact: true }).click();
    const ask = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: text.ask }) });
    await expect(ask).toBeVisible();
    await page.screenshot({ path: `/tmp/parent-ask-delete-${lang}.png` });
    await ask.getByLabel(text.password).fill(FAMILY_PASSWORD);
    await ask.getByRole('button', { name: text.allowDelete }).click();
    await expect(page.getByText(text.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/add-user$/);
  });
}
