/**
 * The free plan's limit in capture (issue 28, items 1 and 8), in Japanese and English at 390×844. Offline (a dead
 * network: /api/ and /media/ fail while navigator.onLine stays true, after a reload) the limit holds exactly as
 * online: the image count kept on the phone and the works waiting in the upload queue count together, so at 5/5
 * the notice shows and the camera is closed, and queueing the 5th image offline closes it too. A work the server
 * then refuses for the limit says so, with the way out. A pick larger than the room left takes the first photos
 * and says why the rest stayed out; the work's photos and the family's room are told apart.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

import { createWork, newFamily, openAs, type Family } from './support/family';
import { queryKeyJson } from './support/api';
import { drawingPng } from './support/images';

test.setTimeout(150_000);

const PERSIST_KEY = 'little-museum-query-cache';

const TEXT = {
  en: {
    limit: 'Free plan allows up to 5 images total',
    count: (n: number) => `You have ${n} images`,
    take: 'Take photo',
    library: 'Choose from library',
    title: 'Title',
    register: 'Register',
    upgrade: 'Ask a grown-up to upgrade',
    left: 'Images left on the free plan:',
    inWork: 'Photos in this work:',
    partial: 'Only 3 of your 4 photos fit on the free plan, so the last one was left out.',
    kept: 'Saved on this device. It will be uploaded to your gallery.',
    failed: '1 upload failed',
    refused: "This work doesn't fit: the free plan holds 5 images for the whole family",
  },
  ja: {
    limit: '無料プランで登録できる画像は合計 5 枚までです。',
    count: (n: number) => `現在 ${n} 枚登録されています`,
    take: '写真をとる',
    library: 'ライブラリから選ぶ',
    title: 'タイトル',
    register: '登録する',
    upgrade: 'おうちの人にアップグレードをたのもう',
    left: '無料プランであと登録できる画像:',
    inWork: 'この作品の写真:',
    partial: '無料プランに入るのは、えらんだ4枚のうち3枚だけなので、最後の1枚は入れませんでした。',
    kept: 'この端末に保存しました。ギャラリーへアップロードします。',
    failed: '1 件のアップロードに失敗しました',
    refused: 'この作品は入りきりません。無料プランで登録できる画像は家族みんなで5枚まで',
  },
} as const;

type Lang = keyof typeof TEXT;

/** Opens `path` as the family's child in `lang`. */
async function openIn(page: Page, family: Family, lang: Lang, path: string) {
  await openAs(page, family, path);
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

/** A dead network: /api/ and /media/ fail for the whole context, navigator.onLine stays true. */
async function killNetwork(context: BrowserContext) {
  for (const path of ['**/api/**', '**/media/**']) await context.route(path, (route) => route.abort('internetdisconnected'));
}

const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', PERSIST_KEY);

for (const lang of ['en', 'ja'] as const) {
  const T = TEXT[lang];

  test(`${lang}: at 5/5 a reload on a dead network keeps the limit: the notice shows and the camera is closed`, async ({
    page,
    context,
    request,
  }) => {
    const family = await newFamily(request, `full${lang}`);
    await createWork(request, family, 'Five little suns', 5);
    await openIn(page, family, lang, '/register-work');
    await expect(page.getByText(T.limit)).toBeVisible();
    await expect(page.getByLabel(T.take)).toBeDisabled();
    // The count is kept on the phone with the other queries.
    await expect.poll(() => kept(page)).toContain(queryKeyJson('imageCount'));

    await killNetwork(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: T.limit });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(T.count(5));
    await expect(notice.getByRole('link', { name: T.upgrade })).toBeVisible();
    await expect(page.getByLabel(T.take)).toBeDisabled();
    await expect(page.getByLabel(T.library)).toBeDisabled();
    await expect(page.getByText(T.left)).toContainText('0');
    await page.screenshot({ path: `/tmp/capture-limit-offline-${lang}.png`, fullPage: true });
  });

  test(`${lang}: at 4/5 offline, queueing a one-photo work fills the plan; the server's refusal says the way out`, async ({
    page,
    context,
    request,
  }) => {
    const family = await newFamily(request, `four${lang}`);
    await createWork(request, family, 'Four little suns', 4);
    await openIn(page, family, lang, '/register-work');
    await expect(page.getByText(T.left)).toContainText('1');
    await expect.poll(() => kept(page)).toContain(queryKeyJson('imageCount'));

    await killNetwork(context);
    await page.reload();
    await expect(page.getByText(T.left)).toContainText('1');
    await expect(page.getByText(T.limit)).toHaveCount(0);
    await page.getByLabel(T.take).setInputFiles({ name: 'fifth.png', mimeType: 'image/png', buffer: await drawingPng('#2a9d8f') });
    await expect(page.getByText(`1 / 5`)).toBeVisible();
    // This work's photo fills the plan: nothing more can be added to it.
    await expect(page.getByText(T.limit)).toBeVisible();
    await expect(page.getByLabel(T.take)).toBeDisabled();
    await page.getByLabel(T.title).fill('The fifth sun');
    await page.getByRole('button', { name: T.register, exact: true }).click();
    await expect(page).toHaveURL(/\/my-work$/, { timeout: 60_000 });
    await expect(page.getByText(T.kept)).toBeVisible();

    // Back to capture, still offline and after a reload: the queued image counts, 5 of 5.
    await page.goto('/register-work');
    const notice = page.getByRole('status').filter({ hasText: T.limit });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(T.count(5));
    await expect(page.getByLabel(T.take)).toBeDisabled();

    // Meanwhile the family's 5th image arrived from another phone; the network comes back and the queued work is
    // refused for the limit: it says so, with the way out, and the family is not said to hold 6.
    await createWork(request, family, 'From the other phone', 1);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    const chip = page.getByRole('button', { name: T.failed });
    await expect(chip).toBeVisible({ timeout: 60_000 });
    await chip.click();
    const refusal = page.getByRole('alert').filter({ hasText: T.refused });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link', { name: T.upgrade })).toHaveAttribute('href', '/plans');
    await expect(page.getByRole('status').filter({ hasText: T.limit })).toContainText(T.count(5));
    await page.screenshot({ path: `/tmp/capture-refused-${lang}.png`, fullPage: true });
  });

  test(`${lang}: with 3 images left, picking 4 takes the first 3 and says why the 4th was left out`, async ({ page, request }) => {
    const family = await newFamily(request, `pick${lang}`);
    await createWork(request, family, 'Two little suns', 2);
    await openIn(page, family, lang, '/register-work');
    await expect(page.getByText(T.left)).toContainText('3');
    await expect(page.getByText('0 / 5')).toBeVisible();
    const colours = ['#e4572e', '#f3a712', '#29335c', '#669bbc'];
    const files = await Promise.all(
      colours.map(async (c, i) => ({ name: `pick${i}.png`, mimeType: 'image/png', buffer: await drawingPng(c) })),
    );
    await page.getByLabel(T.library).setInputFiles(files);
    await expect(page.getByText('3 / 5')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: T.partial })).toBeVisible();
    await expect(page.getByText(T.inWork)).toBeVisible();
    await expect(page.getByText(T.left)).toContainText('0');
    await expect(page.getByRole('status').filter({ hasText: T.limit })).toContainText(T.count(5));
    await expect(page.getByRole('link', { name: T.upgrade })).toBeVisible();
    await page.screenshot({ path: `/tmp/capture-partial-${lang}.png`, fullPage: true });
  });
}
