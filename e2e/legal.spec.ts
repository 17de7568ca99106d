/**
 * What a family reads before trusting us with their children's pictures (issue 11): the terms, the privacy
 * policy, the Specified Commercial Transactions notice and About us render their full text in English and in
 * Japanese, the tables of contents lead to their articles, and every footer link reaches a page that renders.
 */
import { expect, test, type Page } from '@playwright/test';

import { demoFamily, openAs } from './support/family';

const PAGES = [
  { path: '/terms-and-services', en: 'Terms and Services', ja: '利用規約', kind: 'articles' },
  { path: '/privacy-policy', en: 'Privacy Policy', ja: 'プライバシーポリシー', kind: 'articles' },
  { path: '/commercial-transaction', en: 'Specified Commercial Transaction Act', ja: '特定商取引法に基づく表記', kind: 'table' },
  { path: '/about', en: 'About us', ja: '私たちについて', kind: 'about' },
] as const;

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/g;

/** The page's own text (the header and the footer left out), without white space. */
async function pageText(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, '');
}

async function chooseJapanese(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByRole('dialog').getByRole('button', { name: 'メニューを閉じる' }).click();
}

/** The heading is on screen, below the sticky header rather than under it. */
async function expectScrolledTo(page: Page, selector: string) {
  const target = page.locator(selector);
  await expect(target).toBeInViewport();
  await expect
    .poll(async () => {
      const header = (await page.locator('header').first().boundingBox())!;
      const box = (await target.boundingBox())!;
      return box.y >= header.y + header.height - 2 && box.y < 844 / 2;
    })
    .toBe(true);
}

test('each legal page and About render their full text in English and in Japanese', async ({ page }) => {
  const found: string[] = [];
  for (const language of ['en', 'ja'] as const) {
    for (const p of PAGES) {
      await page.goto(p.path);
      if (language === 'ja' && p === PAGES[0]) await chooseJapanese(page);
      await expect(page.getByRole('heading', { level: 1, name: p[language] })).toBeVisible();
      const main = page.locator('main');
      // The text arrives after the page (its language's content file).
      await expect(main.getByRole('status')).toHaveCount(0);

      const text = await pageText(page);
      const japanese = text.match(JAPANESE)?.length ?? 0;
      if (language === 'ja') expect(japanese, `${p.path} in Japanese`).toBeGreaterThan(text.length / 2);
      else expect(japanese, `${p.path} in English`).toBe(0);

      if (p.kind === 'table') {
        const rows = main.getByRole('table').getByRole('row');
        expect(await rows.count()).toBeGreaterThanOrEqual(14);
        const labels =
          language === 'ja'
            ? ['販売事業者', '所在地', '電話番号', '販売価格', 'お支払い方法', '返品・キャンセル']
            : ['Seller', 'Address', 'Phone number', 'Prices', 'Payment method', 'Returns and cancellation'];
        for (const label of labels) await expect(main.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
        const onRequest = language === 'ja' ? '請求があった場合は遅滞なく開示します。' : 'Disclosed without delay on request.';
        await expect(main.locator('tr#address')).toContainText(onRequest);
        await expect(main.locator('tr#prices')).toContainText(language === 'ja' ? '月額110円' : '110 yen a month');
        await expect(main.getByRole('link', { name: /^support@/ }).first()).toHaveAttribute('href', /^mailto:support@/);
      } else {
        expect(await main.locator('h2, h3').count(), `${p.path}: headings`).toBeGreaterThanOrEqual(8);
      }
      if (p.kind === 'articles') {
        const articles = main.getByRole('heading', { level: 2, name: language === 'ja' ? /^第\d+条 / : /^Article \d+ / });
        expect(await articles.count(), `${p.path}: articles`).toBeGreaterThanOrEqual(15);
        await expect(articles.first()).toHaveText(language === 'ja' ? /^第1条 / : /^Article 1 /);
        await expect(main.getByRole('navigation', { name: language === 'ja' ? '目次' : 'Contents' }).getByRole('link')).toHaveCount(
          await articles.count(),
        );
        // Each document has its own date: the privacy policy changed on 29 November 2026 (issue 32, the family circle), the terms did not.
        const updated = p.path === '/privacy-policy' ? ['2026年11月29日', 'November 29, 2026'] : ['2025年1月22日', 'January 22, 2025'];
        await expect(main.getByText(language === 'ja' ? `最終更新日：${updated[0]}` : `Last updated: ${updated[1]}`)).toBeVisible();
      }
      // A table of short facts says less than the articles: in Japanese, about a thousand characters.
      expect(text.length, `${p.path}: characters`).toBeGreaterThanOrEqual(p.kind === 'table' ? 900 : 1500);
      found.push(`${p.path} ${language}: ${text.length} characters`);
    }
  }
  test.info().annotations.push({ type: 'lengths', description: found.join('; ') });
});

test('the privacy policy says what happens to a child’s photos, in plain words', async ({ page }) => {
  await page.goto('/privacy-policy');
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'For parents: what matters most' })).toBeVisible();
  await expect(main.locator('#children-photos')).toContainText("Your child's photos");
  for (const words of [
    'removed on your phone before the photo is sent, and removed again on our server',
    'Works stay private until you choose to publish them.',
    "What is shown is the work's picture and title, and your child's username and profile picture.",
    'deletes all its child users, works and image files',
  ])
    await expect(main.getByText(words, { exact: false }).first()).toBeVisible();
});

test('the tables of contents lead to their articles, also when a page is opened at one', async ({ page }) => {
  await page.goto('/privacy-policy');
  const toc = page.getByRole('navigation', { name: 'Contents' });
  await expect(toc.getByRole('link')).toHaveCount(18);
  await toc.getByRole('link', { name: /When your child enters a contest/ }).click();
  await expect(page).toHaveURL(/\/privacy-policy#contests$/);
  await expectScrolledTo(page, '#contests');
  await page.getByRole('link', { name: 'Back to contents' }).nth(6).click();
  await expectScrolledTo(page, '#contents');

  // Opened at an article: the page arrives after the browser looked for it, and still goes there.
  await page.goto('/terms-and-services#law');
  await expect(page.getByRole('heading', { name: /Governing law and courts/ })).toBeVisible();
  await expectScrolledTo(page, '#law');
});

test('every footer link leads to a page that renders', async ({ page }) => {
  await page.goto('/about');
  const footer = page.locator('footer');
  // The Blog link comes at idle once the footer is near, from the server's navbar: an outside site, opened safely.
  await footer.scrollIntoViewIfNeeded();
  const blog = footer.getByRole('link', { name: 'Blog' });
  await expect(blog).toHaveAttribute('href', /^https:\/\//);
  await expect(blog).toHaveAttribute('target', '_blank');
  await expect(blog).toHaveAttribute('rel', /\bnoopener\b.*\bnoreferrer\b/);

  const links = footer.getByRole('link');
  const names = (await links.allInnerTexts()).filter((name) => name !== 'Blog');
  expect(names).toEqual([
    'About us',
    'How to use',
    'Company',
    'Contact Us',
    'Terms and Services',
    'Privacy Policy',
    'Specified Commercial Transaction Act',
  ]);
  for (const name of names) {
    await page.goto('/terms-and-services');
    const link = page.locator('footer').getByRole('link', { name, exact: true });
    const href = (await link.getAttribute('href'))!;
    expect(href, name).toMatch(/^\/[^/]/);
    await link.click();
    await expect(page, name).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1 }), name).toBeVisible();
    await expect(page.locator('main'), name).not.toContainText('This room of the museum is being prepared');
    if (href.includes('#')) await expectScrolledTo(page, `#${href.split('#')[1]}`);
  }
});

test('for a logged-in family, How to use opens the steps on About us (the landing page is for visitors)', async ({ page, request }) => {
  await openAs(page, await demoFamily(request, 'hana'), '/my-work');
  await page.locator('footer').getByRole('link', { name: 'How to use', exact: true }).click();
  await expect(page).toHaveURL(/\/about#how-to-use$/);
  await expectScrolledTo(page, '#how-to-use');
  await expect(page.locator('#how-to-use').getByRole('listitem')).toHaveCount(3);
});
