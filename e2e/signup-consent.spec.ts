/**
 * Sign-up's consent (issue 28, item 11), at phone size in both languages: /register has a required tick box by which
 * the parent or guardian agrees to the terms and the privacy policy, whose links open in a new tab and leave the form
 * as it was filled; without the tick the form says so and no account is made (the server refuses such a sign-up
 * too, in the page's language); ticked, the sign-up goes on to the e-mail notice, and the account page later says
 * when the parent agreed and to which version (the terms page's date).
 */
import { expect, test, type Page } from '@playwright/test';

import { TERMS_VERSION } from '@contract/legal';

import { apiPath } from './support/api';
import { csrf, FAMILY_PASSWORD } from './support/family';
import { linkFromOutbox } from './support/outbox';

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm Password',
    register: 'Register',
    consent:
      'As the parent or guardian, I agree to the Terms and Services (opens in a new tab) and the Privacy Policy (opens in a new tab) for my family.',
    terms: 'Terms and Services (opens in a new tab)',
    privacy: 'Privacy Policy (opens in a new tab)',
    refused: 'Please agree to the Terms and Services and the Privacy Policy as the parent or guardian.',
    notice: 'Your account registration is not yet complete.',
    termsTitle: 'Terms and Services',
    updated: 'Last updated: January 22, 2025',
    login: 'Login',
    accepted:
      /^You agreed to the Terms and Services and the Privacy Policy \(last updated January 22, 2025\) on \d{1,2} \w+ \d{4} at \d{2}:\d{2}\.$/,
  },
  ja: {
    email: 'メールアドレス',
    password: 'パスワード',
    confirm: 'パスワード（確認）',
    register: '登録する',
    // The hidden "(opens in a new tab)" is read as a word of its own: Chromium puts spaces around it.
    consent:
      /^保護者として、家族の利用について利用規約\s?（新しいタブで開きます）\s?とプライバシーポリシー\s?（新しいタブで開きます）\s?に同意します。$/,
    terms: /^利用規約\s?（新しいタブで開きます）$/,
    privacy: /^プライバシーポリシー\s?（新しいタブで開きます）$/,
    refused: '保護者として利用規約とプライバシーポリシーに同意してください。',
    notice: 'アカウント登録はまだ完了していません。',
    termsTitle: '利用規約',
    updated: '最終更新日：2025年1月22日',
    login: 'ログイン',
    accepted: /^\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}に、利用規約とプライバシーポリシー（2025年1月22日改定版）に同意しました。$/,
  },
} as const;

async function inLanguage(page: Page, lang: 'en' | 'ja', path: string) {
  await page.goto('/terms-and-services');
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['en', 'ja'] as const) {
  const w = WORDS[lang];

  test(`sign-up asks the guardian's consent (${lang}): refused without the tick, the legal pages open in a new tab, kept on the account`, async ({
    page,
    context,
    request,
  }) => {
    const email = `consent-${lang}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await inLanguage(page, lang, '/register');

    const box = page.getByRole('checkbox', { name: w.consent });
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    await page.getByLabel(w.email).fill(email);
    await page.getByRole('textbox', { name: w.password, exact: true }).fill(FAMILY_PASSWORD);
    await page.getByLabel(w.confirm).fill(FAMILY_PASSWORD);

    // Without the tick: the form says why, stays, and nothing is sent.
    await page.getByRole('button', { name: w.register, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: w.refused })).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
    await page.screenshot({ path: `/tmp/consent-refused-${lang}.png`, fullPage: true });

    // The server refuses it too, for a client that skips the box (the spec's payload has no consent), in this language.
    const bare = await request.post(`${apiPath('signup')}?language=${lang}`, {
      headers: await csrf(request, { 'X-Forwarded-For': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }),
      data: { email, password: FAMILY_PASSWORD, confirm_password: FAMILY_PASSWORD },
    });
    expect(bare.status()).toBe(400);
    expect(await bare.json()).toEqual({ accept_terms: [w.refused] });

    // The terms open in a new tab, with the version the account will keep; the form keeps what was typed.
    const [terms] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: w.terms }).click()]);
    await expect(terms).toHaveURL(/\/terms-and-services$/);
    await expect(terms.getByRole('heading', { name: w.termsTitle, level: 1 })).toBeVisible();
    await expect(terms.locator(`time[datetime="${TERMS_VERSION}"]`)).toHaveText(w.updated);
    await terms.close();
    await expect(page.getByRole('link', { name: w.privacy })).toHaveAttribute('target', '_blank');
    await expect(page.getByLabel(w.email)).toHaveValue(email);

    // Ticked: on to the e-mail notice.
    await box.check();
    await expect(page.getByRole('alert').filter({ hasText: w.refused })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/consent-ticked-${lang}.png`, fullPage: true });
    await page.getByRole('button', { name: w.register, exact: true }).click();
    await expect(page).toHaveURL(/\/email-verification\?email=/);
    await expect(page.getByText(w.notice)).toBeVisible();

    // Verified and logged in, the account page says when the parent agreed, and to which version.
    const link = await linkFromOutbox(email, '/verify-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(w.email).fill(email);
    await page.getByRole('textbox', { name: w.password, exact: true }).fill(FAMILY_PASSWORD);
    await page.getByRole('button', { name: w.login, exact: true }).click();
    await expect(page).toHaveURL(/\/add-user$/);
    await page.goto('/account-info');
    await expect(page.getByTestId('terms-accepted')).toHaveText(w.accepted);
    await page.getByTestId('terms-accepted').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/consent-account-${lang}.png` });
  });
}
