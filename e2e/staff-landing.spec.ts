/**
 * Teachers and the super admin find their console (issue 28, item 6), at 390x844 in both languages against the
 * real server: the demo staff and admin (no child profiles) log in on /login and land on the console; the admin's
 * section of every organization is 「団体」; the join-policy switch is on beside "the code admits at once" while
 * it does; every console tab is on screen; the e-mail preview shows the e-mail as it will arrive; /add-user offers
 * the console to staff, and a family still picks who is visiting.
 */
import { expect, test, type Page } from '@playwright/test';

import { DEMO_ORGANIZATIONS } from '@server/db/demo-content';
import { logInParent, setJoinPolicy, staffOrganization } from './support/console';

test.setTimeout(120_000);

const SAKURA = DEMO_ORGANIZATIONS.sakura;

const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    login: 'Login',
    tabs: ['Members', 'Contests', 'Classes', 'E-mail'],
    adminTabs: ['Organizations', 'Banners', 'E-mail'],
    atOnce: 'The code admits at once',
    atOnceText: 'A child who enters the code becomes a member at once.',
    approvalText: 'A child who enters the code waits until staff approve the request.',
    sections: 'Console sections',
    toStaff: 'The staff of this organization',
    subject: 'Subject',
    message: 'Message',
    preview: 'Preview',
    from: 'From',
    footer: 'This e-mail was sent to the staff of',
    card: 'Open the organization console',
    who: 'Who is visiting today?',
  },
  ja: {
    email: 'メールアドレス',
    password: 'パスワード',
    login: 'ログイン',
    tabs: ['メンバー', 'コンテスト', '教室', 'メール'],
    adminTabs: ['団体', 'バナー', 'メール'],
    atOnce: 'コード入力ですぐに参加',
    atOnceText: 'コードを入力したお子さまは、すぐにメンバーになります。',
    approvalText: 'コードを入力したお子さまは、スタッフが承認するまでお待ちいただきます。',
    sections: '管理画面のセクション',
    toStaff: 'この団体のスタッフ',
    subject: '件名',
    message: '本文',
    preview: 'プレビュー',
    from: '差出人',
    footer: 'のスタッフにお送りしました',
    card: '団体の管理画面を開く',
    who: 'Who is visiting today?',
  },
} as const;

type Lang = keyof typeof TEXT;

/** Logs in on /login as a person would, in `lang`. */
async function logInOnPage(page: Page, lang: Lang, email: string) {
  const text = TEXT[lang];
  await page.goto('/terms-and-services');
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.goto('/login');
  await page.getByLabel(text.email).fill(email);
  await page.getByRole('textbox', { name: text.password, exact: true }).fill('Demo1234');
  await page.locator('form').getByRole('button', { name: text.login, exact: true }).click();
}

/** Every tab of the row lies within the 390 px viewport, whole. */
async function expectTabsOnScreen(page: Page, lang: Lang, names: readonly string[]) {
  const nav = page.getByRole('navigation', { name: TEXT[lang].sections });
  for (const name of names) {
    // A tab's name may go on with its count ("Members 1 waiting").
    const tab = nav.getByRole('link', { name: new RegExp(`^${name}( |$)`) });
    await expect(tab).toBeVisible();
    const box = (await tab.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    expect(box.height, name).toBeGreaterThanOrEqual(44);
  }
}

for (const lang of ['en', 'ja'] as const) {
  const text = TEXT[lang];

  test(`${lang}: staff without children log in and land on the console; the switch, the tabs and the e-mail preview`, async ({
    page,
    request,
  }) => {
    const staff = await logInParent(request, 'staff@example.com');
    const org = await staffOrganization(request, staff, SAKURA.name);
    await setJoinPolicy(request, staff, org.id, 'code');

    await logInOnPage(page, lang, 'staff@example.com');
    await expect(page).toHaveURL(/\/org(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: SAKURA.name })).toBeVisible();

    // The code admits at once: the switch that says so is on.
    const atOnce = page.getByRole('switch', { name: text.atOnce });
    await expect(atOnce).toHaveAttribute('aria-checked', 'true');
    // Its words are shown beside it, as the label that switches it too.
    await expect(page.locator(`label[for="${await atOnce.getAttribute('id')}"]`)).toHaveText(text.atOnce);
    await expect(page.getByText(text.atOnceText)).toBeVisible();
    await expectTabsOnScreen(page, lang, text.tabs);
    await page.getByRole('navigation', { name: text.sections }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/staff-console-tabs-${lang}.png` });

    // Off: staff approve each request.
    await atOnce.click();
    await expect(atOnce).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText(text.approvalText)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: text.atOnce })).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('switch', { name: text.atOnce }).click();
    await expect(page.getByRole('switch', { name: text.atOnce })).toHaveAttribute('aria-checked', 'true');

    // The last tab is reachable and opens; the preview shows the e-mail as it will arrive.
    await page.getByRole('navigation', { name: text.sections }).getByRole('link', { name: text.tabs[3], exact: true }).click();
    await expect(page).toHaveURL(/tab=mail/);
    await page.getByLabel(text.toStaff).check();
    const subject = `Studio day ${lang}`;
    await page.getByLabel(text.subject).fill(subject);
    await page.getByLabel(text.message).fill('Bring your brushes on Saturday.\nThank you!');
    await page.getByRole('button', { name: text.preview, exact: true }).click();
    const status = page.getByRole('status').filter({ has: page.getByRole('figure') });
    await expect(status).toBeVisible();
    await expect(status).toContainText(lang === 'en' ? /This e-mail will go to \d+ (person|people)/ : /\d+/);
    const letter = status.getByRole('figure');
    await expect(letter.getByText(text.from, { exact: true })).toBeVisible();
    await expect(letter).toContainText('no-reply@');
    await expect(letter).toContainText(lang === 'en' ? `[${SAKURA.name}] ${subject}` : `【${SAKURA.name}】${subject}`);
    await expect(letter).toContainText('Bring your brushes on Saturday.');
    await expect(letter).toContainText(text.footer);
    await letter.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/staff-mail-preview-${lang}.png` });

    // /add-user: a card to the console.
    await page.goto('/add-user');
    const card = page.getByRole('link', { name: new RegExp(text.card) });
    await expect(card).toBeVisible();
    await page.screenshot({ path: `/tmp/staff-add-user-${lang}.png` });
    await card.click();
    await expect(page).toHaveURL(/\/org(\?|$)/);
  });

  test(`${lang}: the super admin lands on the console, whose section of every organization is ${text.adminTabs[0]}`, async ({ page }) => {
    await logInOnPage(page, lang, 'admin@example.com');
    await expect(page).toHaveURL(/\/org(\?|$)/);
    await expect(page.getByRole('heading', { level: 2, name: text.adminTabs[0], exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: text.adminTabs[0], exact: true })).toHaveAttribute('aria-current', 'page');
    await expectTabsOnScreen(page, lang, text.adminTabs);
    await page.screenshot({ path: `/tmp/staff-admin-console-${lang}.png` });
  });
}

test('a family still lands on "Who is visiting today?", without the console card', async ({ page }) => {
  await logInOnPage(page, 'en', 'demo-en@example.com');
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByText(TEXT.en.who)).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the organization console/ })).toHaveCount(0);
});
