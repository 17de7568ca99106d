/**
 * Upload and enter a contest (issue 28, item 9): the contest's upload is the register page's own capture, so a
 * photo of a drawing on a wooden table gets the same paper review (the sheet's corners as handles, Straighten, the
 * straightened thumbnail) and the work enters the contest straightened: its stored picture has no table left in it.
 * The entry then shows in My Contests and in the contest's entry history. Offline, Submit says the entry needs a
 * connection and the form keeps everything; at 5/5 images the free plan's limit holds as on the register page. In
 * English and in Japanese, at phone size.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

import type { Contest } from '@contract/contests';
import { DEMO_CONTESTS } from '@server/db/demo-content';
import { apiPath } from './support/api';
import { createWork, myWorks, newFamily, openAs, type Family } from './support/family';
import { drawingPng } from './support/images';
import { drawingOnTable } from './support/paper';

test.setTimeout(120_000);

/** The demo's autumn contest: in session, open to every child, any number of works. */
const CONTEST = DEMO_CONTESTS.autumn;

const WORDS = {
  en: {
    upload: 'Upload and submit your work',
    takePhoto: 'Take photo',
    review: 'Straighten the paper',
    corner: 'Top-left corner',
    straighten: 'Straighten',
    thumbnail: 'Move the corners of photo 1',
    title: 'Title',
    consent: /I agree that this work's first image/,
    submit: 'Submit',
    offline: /You're offline\. Entering a contest needs an internet connection/,
    details: `Details of ${CONTEST}`,
    history: 'Entry history',
    limit: 'Free plan allows up to 5 images total',
    left: 'Images left on the free plan:',
  },
  ja: {
    upload: '作品をアップロードして応募する',
    takePhoto: '写真をとる',
    review: '紙をまっすぐにしよう',
    corner: '左上のかど',
    straighten: 'まっすぐにする',
    thumbnail: '写真 1 のかどを動かす',
    title: 'タイトル',
    consent: /応募履歴でログインしているユーザーに表示されることに同意します/,
    submit: '応募する',
    offline: /オフラインです。コンテストへの応募にはインターネット接続が必要なため/,
    details: `${CONTEST}の詳細`,
    history: '応募履歴',
    limit: '無料プランで登録できる画像は合計 5 枚までです。',
    left: '無料プランであと登録できる画像:',
  },
} as const;

async function contestId(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${apiPath('contests')}?search=${encodeURIComponent('Autumn Drawing')}`);
  expect(res.ok()).toBe(true);
  const { results } = (await res.json()) as { results: Contest[] };
  const contest = results.find((c) => c.name === CONTEST);
  if (!contest) throw new Error(`${CONTEST} is not in the demo`);
  return contest.id;
}

/**
 * The share of a picture's pixels that are the wooden table's colour (brown: red well above blue, and darker than
 * the paper and the bright crayons).
 */
async function tableShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let table = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r < 205 && r - b > 50 && g < r && g > b) table += 1;
  }
  return table / (info.width * info.height);
}

/** The page has stopped scrolling (the review scrolls itself into view), for a screenshot. */
/** The contest's page in `lang`, with its Upload and enter dialog open. */
async function openUpload(page: Page, family: Family, id: number, lang: keyof typeof WORDS) {
  await openAs(page, family, `/contest-application?id=${id}`);
  if (lang === 'ja') {
    await page.evaluate(() => localStorage.setItem('language', 'ja'));
    await page.reload();
  }
  await page.getByRole('button', { name: WORDS[lang].upload }).click();
  return page.getByRole('dialog', { name: WORDS[lang].upload });
}

async function settled(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => document.querySelector('dialog')?.scrollTop ?? window.scrollY);
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
}

for (const lang of ['en', 'ja'] as const) {
  test(`${lang}: Upload and enter reviews the paper and enters the straightened work`, async ({ page, context, request }, testInfo) => {
    const w = WORDS[lang];
    const id = await contestId(request);
    const family: Family = await newFamily(request, `entry${lang}${String(Date.now() % 1e6)}`);
    const photo = await drawingOnTable();
    // The photo as taken is mostly table around the sheet: the measure below tells the two apart.
    expect(await tableShare(photo.jpeg)).toBeGreaterThan(0.2);
    const title = lang === 'ja' ? `つくえの上の絵 ${Date.now() % 1e6}` : `On the table ${Date.now() % 1e6}`;

    const form = await openUpload(page, family, id, lang);
    await expect(form).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`contest-upload-open-${lang}.png`) });

    // The same review as /register-work: the sheet's corners as handles, then the straightened photo.
    await form.getByLabel(w.takePhoto).setInputFiles({ name: photo.name, mimeType: 'image/jpeg', buffer: photo.jpeg });
    await expect(form.getByRole('heading', { name: w.review })).toBeVisible();
    await expect(form.getByRole('button', { name: w.corner })).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await page.screenshot({ path: testInfo.outputPath(`contest-upload-handles-${lang}.png`) });
    await form.getByRole('button', { name: w.straighten, exact: true }).click();
    await expect(form.getByRole('heading', { name: w.review })).toBeHidden({ timeout: 30_000 });
    await expect(form.getByRole('button', { name: w.thumbnail })).toBeVisible();
    await form.getByRole('button', { name: w.thumbnail }).scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: testInfo.outputPath(`contest-upload-straightened-${lang}.png`) });

    // The register page's fields: a title is enough (comments and a category are optional, as there).
    await form.getByRole('textbox', { name: w.title }).fill(title);
    const submit = form.getByRole('button', { name: w.submit, exact: true });
    await expect(submit).toBeDisabled();
    await form.getByRole('checkbox', { name: w.consent }).check();
    await settled(page);
    await page.screenshot({ path: testInfo.outputPath(`contest-upload-ready-${lang}.png`) });

    // Offline the entry cannot be checked by the server: Submit says so, and nothing is lost or half sent.
    await context.setOffline(true);
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(form.getByText(w.offline)).toBeVisible();
    // Tapped anyway (it is aria-disabled, so forced): the reason is told, and the form stays as it was.
    await submit.click({ force: true });
    await form.getByText(w.offline).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`contest-upload-offline-${lang}.png`) });
    expect((await myWorks(request, family)).count).toBe(0);
    await expect(form.getByRole('textbox', { name: w.title })).toHaveValue(title);
    await expect(form.getByRole('button', { name: w.thumbnail })).toBeVisible();
    await context.setOffline(false);
    await expect(form.getByText(w.offline)).toBeHidden();
    await submit.click();

    await expect(page).toHaveURL(/\/my-contests$/, { timeout: 60_000 });
    await expect(page.getByRole('link', { name: w.details })).toBeVisible();

    // The stored picture is the straightened sheet: upright like the sheet, and no table left in it.
    const works = await myWorks(request, family);
    expect(works.results.map((r) => r.title)).toEqual([title]);
    const [image] = works.results[0]!.images_data as unknown as { image_url: string }[];
    const res = await request.get(image!.image_url, { headers: { Authorization: `Bearer ${family.child.access}` } });
    expect(res.ok()).toBe(true);
    const stored = await res.body();
    const meta = await sharp(stored).metadata();
    expect(meta.width! / meta.height!).toBeLessThan(1);
    const share = await tableShare(stored);
    console.log(
      `${lang}: table pixels ${((await tableShare(photo.jpeg)) * 100).toFixed(1)} % as taken, ${(share * 100).toFixed(2)} % entered`,
    );
    expect(share, `table pixels in the entered work: ${(share * 100).toFixed(2)} %`).toBeLessThan(0.01);

    // And it is in the contest's entry history, with the child's name.
    await page.goto(`/contest-detail?id=${id}`);
    const history = page.locator('section').filter({ has: page.getByRole('heading', { name: w.history }) });
    const entry = history.getByRole('listitem').filter({ hasText: title });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(family.username);
  });

  test(`${lang}: at 5/5 images, Upload and enter holds the free plan's limit as the register page does`, async ({ page, request }) => {
    const w = WORDS[lang];
    const id = await contestId(request);
    const family = await newFamily(request, `full${lang}${String(Date.now() % 1e6)}`);
    await createWork(request, family, 'Five little suns', 5);
    const form = await openUpload(page, family, id, lang);
    await expect(form.getByText(w.limit)).toBeVisible();
    await expect(form.getByLabel(w.takePhoto)).toBeDisabled();
    await expect(form.getByText(w.left)).toContainText('0');
  });
}

test('a work created but not entered (the connection dropped) stays in My Gallery, and Submit then only enters it', async ({
  page,
  request,
}) => {
  const w = WORDS.en;
  const id = await contestId(request);
  const family = await newFamily(request, `retry${String(Date.now() % 1e6)}`);
  const title = `Second try ${Date.now() % 1e6}`;
  await openAs(page, family, `/contest-application?id=${id}`);
  await page.getByRole('button', { name: w.upload }).click();
  const form = page.getByRole('dialog', { name: w.upload });
  await form.getByLabel('Choose from library').setInputFiles({ name: 'sun.png', mimeType: 'image/png', buffer: await drawingPng() });
  await form.getByRole('button', { name: 'Keep the photo as it is' }).click();
  await form.getByRole('textbox', { name: w.title }).fill(title);
  await form.getByRole('checkbox', { name: w.consent }).check();
  // The entry's call fails once, after the work was created.
  let refused = 0;
  await page.route('**/api/contests/submit-work/**', (route) => (refused++ ? route.continue() : route.abort('internetdisconnected')));
  await form.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(form.getByText('Your work is saved in My Gallery. Only the entry is left to send.')).toBeVisible();
  expect((await myWorks(request, family)).results.map((r) => r.title)).toEqual([title]);

  await form.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/my-contests$/);
  await expect(page.getByRole('link', { name: w.details })).toBeVisible();
  // One work, entered once.
  expect((await myWorks(request, family)).count).toBe(1);
  expect(refused).toBe(2);
});
