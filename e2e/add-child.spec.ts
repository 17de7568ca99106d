/**
 * Adding a child (issue 28, item 5), at phone size in both languages: after /register-user succeeds the parent lands
 * on /add-user with the new child shown (said, highlighted, focused and in view), not on an emptied form scrolled
 * down; a Japanese username works end to end (created, chosen, logged in as); one picture is taken, and the child's
 * picture can be changed later on /user-info.
 */
import { expect, test, type Page } from '@playwright/test';

import { drawingPng } from './support/images';
import { newFamily, openAsParent } from './support/family';

const WORDS = {
  en: {
    address: 'Current address',
    username: 'Username',
    realName: 'Real name',
    dob: 'Date of birth',
    icon: 'Icon image',
    register: 'Register user',
    added: (name: string) => `${name} was added. Tap the picture to visit as ${name}.`,
    loggedIn: (name: string) => `${name} logged in`,
    change: 'Change the picture',
    use: 'Use this picture',
    changed: 'The picture was changed.',
  },
  ja: {
    address: 'お住まい',
    username: 'ユーザー名',
    realName: '本名',
    dob: '生年月日',
    icon: 'アイコン画像',
    register: 'ユーザーを登録',
    added: (name: string) => `${name}さんを追加しました。${name}さんとして見るには、絵をタップしてください。`,
    loggedIn: (name: string) => `${name}さんでログインしました`,
    change: 'アイコン画像を変える',
    use: 'この画像にする',
    changed: 'アイコン画像を変えました。',
  },
} as const;

async function inLanguage(page: Page, lang: 'en' | 'ja', path: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['en', 'ja'] as const) {
  const w = WORDS[lang];
  // A Japanese name in both languages; typed in full-width in English to show it is stored as typed by NFKC.
  const name = lang === 'ja' ? 'はなこ' : 'ハナ';

  test(`adding a child (${lang}): lands on /add-user with the new child shown; a Japanese username logs in`, async ({ page, request }) => {
    const family = await newFamily(request, `add${lang}${Date.now() % 1e6}`);
    await openAsParent(page, family, '/terms-and-services');
    await inLanguage(page, lang, '/register-user');

    await page.getByLabel(w.address).selectOption('東京都 (Tokyo)');
    await page.getByLabel(w.username).fill(lang === 'ja' ? name : 'ﾊﾅ');
    await page.getByLabel(w.realName).fill('山田 花子');
    await page.getByLabel(w.dob).fill('2018-05-20');
    // One picture: the input takes one file.
    const picker = page.getByLabel(w.icon);
    await expect(picker).not.toHaveAttribute('multiple', /.*/);
    await picker.setInputFiles({ name: 'hana.png', mimeType: 'image/png', buffer: await drawingPng() });
    await page.screenshot({ path: `/tmp/child-register-user-${lang}.png`, fullPage: true });
    await page.getByRole('button', { name: w.register }).click();

    await expect(page).toHaveURL(/\/add-user$/);
    await expect(page.getByRole('status').filter({ hasText: w.added(name) })).toBeVisible();
    const added = page.getByRole('button', { name: new RegExp(name) });
    await expect(added).toBeFocused();
    await expect(added).toBeInViewport();
    await expect(added.locator('img')).toHaveAttribute('src', /^\/media\//);
    await page.screenshot({ path: `/tmp/child-add-user-${lang}.png` });

    await added.click();
    await expect(page).toHaveURL(/\/my-work$/);
    await expect(page.getByText(w.loggedIn(name))).toBeVisible();

    // The picture can be changed later.
    await page.goto('/user-info');
    const before = await page.locator('img[src^="/media/avatars/"]').first().getAttribute('src');
    await page.getByLabel(w.change).setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: await drawingPng('#669bbc') });
    await page.getByRole('button', { name: w.use }).click();
    await expect(page.getByText(w.changed)).toBeVisible();
    await expect(page.locator('img[src^="/media/avatars/"]').first()).not.toHaveAttribute('src', before ?? '');
    await page.screenshot({ path: `/tmp/child-user-info-${lang}.png` });
  });
}
