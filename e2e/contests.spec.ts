/**
 * Contests run by an organization (issue 12), walked at phone size against the real server: the staff of the demo
 * organization さくら絵画教室 make joining need their approval and create a members-only contest; two children
 * join with the code, wait, and are approved; one enters a work from its gallery (in Japanese), the other uploads
 * a new one; both show in the entry history; a child of another organization is kept out with the reason; staff
 * pick a winner, the contest is held and the winner's parent is e-mailed; and the join policy goes back to the
 * code admitting at once, which the other journeys rely on.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';

import type { Contest } from '@contract/contests';
import { DEMO_ORGANIZATIONS, DEMO_STAFF } from '@server/db/demo-content';
import { apiPath } from './support/api';
import {
  DEMO_PASSWORD,
  japanInput,
  logInParent,
  openAsParent,
  setJoinPolicy,
  staffOrganization,
  subjectsTo,
  type Tokens,
} from './support/console';
import { createWork, myWorks, newFamily, openAs, type Family } from './support/family';
import { drawingPng } from './support/images';

const SAKURA = DEMO_ORGANIZATIONS.sakura;
const AOZORA = DEMO_ORGANIZATIONS.aozora;
const stamp = String(Date.now() % 1e6).padStart(6, '0');
const CONTEST = `春のスケッチ大会 (Spring Sketch) ${stamp}`;
const PICKED_WORK = `さくらの木 ${stamp}`;
const UPLOADED_WORK = `Paper boat ${stamp}`;
const MEMBERS_ONLY = `Only approved members of ${SAKURA.name} can enter this contest.`;

/** A second phone beside `page` (its own storage), with the project's phone settings. */
async function secondPhone(browser: Browser): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
  });
  return context.newPage();
}

/** A contest card in the console's list, by the contest's name. */
const consoleCard = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: CONTEST }) });

/** The child's profile page: enter the code, save, and see the organization among the tags, waiting or not. */
async function joinByCode(page: Page, org: { name: string; code: string }, waits: boolean) {
  await page.goto('/user-info');
  await page.getByLabel('Organizations').fill(org.code);
  await expect(page.getByRole('button', { name: `Remove ${org.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The profile has been updated.')).toBeVisible();
  // The saved answer says at once whether the membership waits for the staff, and so does the page opened again.
  const shown = waits ? `${org.name} · Waiting for approval` : org.name;
  await expect(page.getByRole('button', { name: `Remove ${shown}`, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `Remove ${shown}`, exact: true })).toBeVisible();
}

test.describe.serial('a members-only contest of さくら絵画教室, from the console to the winner', () => {
  let staff: Tokens;
  let orgId: number;
  let contestId: number;
  let first: Family;
  let second: Family;

  test.afterAll(async ({ playwright }, testInfo) => {
    // Other journeys join さくら with its code and expect to be members at once: whatever happened above, the
    // policy goes back (the last test does it through the console; this is the safety net).
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const tokens = await logInParent(request, DEMO_STAFF.sakura.email);
      const org = await staffOrganization(request, tokens, SAKURA.name);
      if (org.join_policy !== 'code') await setJoinPolicy(request, tokens, org.id, 'code');
    } finally {
      await request.dispose();
    }
  });

  test('staff make joining need their approval and create a members-only contest on a phone', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_STAFF.sakura.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Staff without child profiles land on their console (issue 28).
    await expect(page).toHaveURL(/\/org(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: SAKURA.name })).toBeVisible();

    // The join policy: the code admits at once (the demo's), switched to staff approving each request.
    const policy = page.getByRole('switch', { name: 'The code admits at once' });
    await expect(policy).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('A child who enters the code becomes a member at once.')).toBeVisible();
    await policy.click();
    await expect(policy).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('A child who enters the code waits until staff approve the request.')).toBeVisible();
    staff = await logInParent(request, DEMO_STAFF.sakura.email);
    orgId = (await staffOrganization(request, staff, SAKURA.name)).id;
    await expect.poll(async () => (await staffOrganization(request, staff, SAKURA.name)).join_policy).toBe('approval');

    // A new contest: thumbnail, a period that started an hour ago (Japan time), members only.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Contests' }).click();
    await page.getByRole('link', { name: 'New contest' }).click();
    await expect(page.getByRole('heading', { name: 'New contest' })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create the contest' });
    // Without a thumbnail it is refused on the phone, with the reason.
    await page.getByLabel('Contest name').fill(CONTEST);
    await create.click();
    await expect(page.getByText('A thumbnail image is required')).toBeVisible();
    await page.getByLabel('Thumbnail').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: await drawingPng('#e4572e') });
    await expect(page.getByAltText('Preview of the chosen image')).toBeVisible();
    await expect(page.getByText('A thumbnail image is required')).toHaveCount(0);
    const now = Date.now();
    await page.getByLabel('Starts (Japan time)').fill(japanInput(new Date(now - 60 * 60 * 1000)));
    await page.getByLabel('Ends (Japan time)').fill(japanInput(new Date(now + 7 * 24 * 60 * 60 * 1000)));
    await page.getByLabel('Explanation').fill('春に見つけたものを描こう。\nDraw something you found this spring.');
    await page.getByLabel('Eligibility criteria').fill('さくら絵画教室の生徒 / Students of Sakura Art Classroom');
    await page.getByLabel(`Approved members of ${SAKURA.name} only`).check();
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('The contest has been created.')).toBeVisible();
    await expect(page).not.toHaveURL(/contest=new/);

    const card = consoleCard(page);
    await expect(card).toContainText('In Session');
    await expect(card).toContainText('Members only');
    await expect(card).toContainText('0 entries');
    await expect(card.locator('img')).toHaveAttribute('src', /^\/media\//);
    const href = (await card.getByRole('link', { name: 'Entries' }).getAttribute('href')) ?? '';
    contestId = Number(new URL(href, 'http://x').searchParams.get('contest'));
    expect(contestId).toBeGreaterThan(0);
    // The form's times were read as Japan time: the stored instants are the ones typed, to the minute.
    const saved = (await (await request.get(apiPath('contest', { id: contestId }))).json()) as Contest;
    const minute = (at: number) => Math.floor(at / 60_000) * 60_000;
    expect(Date.parse(saved.start_date ?? '')).toBe(minute(now - 60 * 60 * 1000));
    expect(Date.parse(saved.end_date ?? '')).toBe(minute(now + 7 * 24 * 60 * 60 * 1000));
    expect(saved.members_only).toBe(true);
  });

  test('two children join by code, wait for approval, and are approved in the Members tab', async ({ page, request, browser }) => {
    first = await newFamily(request, `momo${stamp}`);
    second = await newFamily(request, `riku${stamp}`);

    // The first child asks to join: the request waits, and gives no right to enter yet.
    await openAs(page, first, '/my-work');
    await joinByCode(page, SAKURA, true);
    await page.goto(`/contest-application?id=${contestId}`);
    await expect(page.getByRole('heading', { level: 1, name: CONTEST })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply through My Gallery' })).toBeDisabled();
    await expect(page.getByText(MEMBERS_ONLY)).toBeVisible();

    const child2 = await secondPhone(browser);
    await openAs(child2, second, '/my-work');
    await joinByCode(child2, SAKURA, true);

    // Staff see both requests waiting, and approve them.
    const desk = await secondPhone(browser);
    await openAsParent(desk, staff, `/org?org=${orgId}&tab=members`);
    await expect(desk.getByRole('heading', { name: /^Waiting for approval \(\d+\)$/ })).toBeVisible();
    for (const child of [first, second]) {
      const row = desk.getByRole('listitem').filter({ hasText: child.username });
      await expect(row).toContainText('Asked on');
      await expect(row.getByRole('button', { name: 'Remove' })).toHaveCount(0);
      await row.getByRole('button', { name: 'Approve' }).click();
      await expect(desk.getByText('The member has been approved.')).toBeVisible();
      // Now among the members: since today, and removable instead of waiting.
      await expect(row).toContainText('Member since');
      await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Remove' })).toBeVisible();
    }
    await desk.context().close();

    // The child sees the membership approved: the organization without "Waiting for approval".
    await page.goto('/user-info');
    await expect(page.getByRole('button', { name: `Remove ${SAKURA.name}`, exact: true })).toBeVisible();
    await expect(page.getByText('Waiting for approval')).toHaveCount(0);
    await child2.reload();
    await expect(child2.getByRole('button', { name: `Remove ${SAKURA.name}`, exact: true })).toBeVisible();
    await expect(child2.getByText('Waiting for approval')).toHaveCount(0);
    await child2.context().close();
  });

  test('in Japanese, the first child finds the contest in the list and enters a work from its gallery', async ({ page, request }) => {
    await createWork(request, first, PICKED_WORK, 1);
    await openAs(page, first, '/terms-and-services');
    await page.evaluate(() => localStorage.setItem('language', 'ja'));
    await page.goto('/contest-list');
    await expect(page.getByRole('heading', { level: 1, name: 'コンテスト一覧' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'コンテストを検索' }).fill(stamp);
    await page.getByRole('combobox', { name: '開催状況' }).selectOption({ label: '開催中' });
    await page.getByRole('button', { name: '検索', exact: true }).click();
    const ongoing = page.locator('section').filter({ has: page.getByRole('heading', { name: '開催予定・開催中のコンテスト' }) });
    await expect(ongoing.getByRole('listitem')).toHaveCount(1);
    await expect(ongoing.getByRole('listitem')).toContainText(`主催：${SAKURA.name}`);
    await expect(ongoing.getByRole('listitem')).toContainText('メンバー限定');
    await ongoing.getByRole('link', { name: CONTEST }).click();

    await expect(page).toHaveURL(new RegExp(`/contest-application\\?id=${contestId}$`));
    await expect(page.getByRole('heading', { level: 1, name: CONTEST })).toBeVisible();
    await expect(page.getByText('コンテスト応募')).toBeVisible();
    await expect(page.getByText('このコンテストに応募できるのは', { exact: false })).toHaveCount(0);
    await page.getByRole('button', { name: 'マイギャラリーから応募する' }).click();

    const picker = page.getByRole('dialog', { name: 'マイギャラリーから応募する' });
    const next = picker.getByRole('button', { name: '次へ' });
    await expect(next).toBeDisabled();
    await picker.getByText(PICKED_WORK).click();
    await next.click();
    await expect(picker.getByText(PICKED_WORK)).toBeVisible();
    const submit = picker.getByRole('button', { name: '応募する', exact: true });
    await expect(submit).toBeDisabled();
    await picker.getByRole('checkbox', { name: /応募履歴でログインしているユーザーに表示されることに同意します/ }).check();
    await submit.click();

    await expect(page).toHaveURL(/\/my-contests$/);
    await expect(page.getByText('コンテストに作品を応募しました')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'マイコンテスト' })).toBeVisible();
    await expect(page.getByRole('link', { name: `${CONTEST}の詳細` })).toBeVisible();
  });

  test('the second child uploads a new work and submits it', async ({ page, request }) => {
    await openAs(page, second, `/contest-application?id=${contestId}`);
    await page.getByRole('button', { name: 'Upload and submit your work' }).click();
    const form = page.getByRole('dialog', { name: 'Upload and submit your work' });
    await form
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'boat.png', mimeType: 'image/png', buffer: await drawingPng('#669bbc') });
    await expect(form.getByText('1 / 5')).toBeVisible();
    await expect(form.getByAltText('Photo 1')).toBeVisible();
    await form.getByRole('textbox', { name: 'Title' }).fill(UPLOADED_WORK);
    await form.getByRole('textbox', { name: 'Comments' }).fill('Folded from a newspaper, then painted blue.');
    await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Painting' });
    const tag = form.getByRole('button', { name: 'Nature' });
    await tag.click();
    await expect(tag).toHaveAttribute('aria-pressed', 'true');
    const submit = form.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeDisabled();
    await form.getByRole('checkbox', { name: /I agree that this work's first image/ }).check();
    await submit.click();

    await expect(page).toHaveURL(/\/my-contests$/);
    await expect(page.getByText('Contest work submitted successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: `Details of ${CONTEST}` })).toBeVisible();
    // The work was saved in the child's gallery too, private.
    const works = await myWorks(request, second);
    expect(works.results.map((w) => [w.title, w.is_public])).toEqual([[UPLOADED_WORK, false]]);
  });

  test('both entries show in the entry history of the application and detail pages', async ({ page }) => {
    await openAs(page, second, `/contest-application?id=${contestId}`);
    await expect(page.getByText('You have entered this contest.')).toBeVisible();
    for (const path of ['/contest-application', '/contest-detail']) {
      await page.goto(`${path}?id=${contestId}`);
      await expect(page.getByRole('heading', { level: 1, name: CONTEST })).toBeVisible();
      const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Entry history' }) });
      await expect(history.getByRole('listitem')).toHaveCount(2);
      // Newest first: the upload, then the work from the gallery.
      await expect(history.getByRole('listitem').nth(0)).toContainText(UPLOADED_WORK);
      await expect(history.getByRole('listitem').nth(0)).toContainText(second.username);
      await expect(history.getByRole('listitem').nth(1)).toContainText(PICKED_WORK);
      await expect(history.getByRole('listitem').nth(1)).toContainText(first.username);
    }
  });

  test('a child of another organization sees the enter buttons off, with the reason', async ({ page, request }) => {
    const outsider = await newFamily(request, `aoi${stamp}`);
    await openAs(page, outsider, '/my-work');
    // あおぞら admits with its code at once.
    await joinByCode(page, AOZORA, false);
    await page.goto(`/contest-application?id=${contestId}`);
    await expect(page.getByRole('heading', { level: 1, name: CONTEST })).toBeVisible();
    for (const name of ['Apply through My Gallery', 'Upload and submit your work']) {
      const button = page.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(MEMBERS_ONLY);
    }
    await expect(page.getByText(MEMBERS_ONLY)).toBeVisible();
    // The entry history is still there to read.
    await expect(page.getByText(PICKED_WORK)).toBeVisible();
  });

  test('staff pick the winner from the entries wall: the contest is held and the parent is e-mailed', async ({ page }) => {
    await openAsParent(page, staff, `/org?org=${orgId}&tab=contests`);
    const card = consoleCard(page);
    await expect(card).toContainText('2 entries');
    await card.getByRole('link', { name: 'Entries' }).click();
    await expect(page.getByRole('heading', { name: `Entries to ${CONTEST}` })).toBeVisible();
    await expect(page.getByText("Pick one work as the winner. The winner's family is told by e-mail.")).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: PICKED_WORK });
    await expect(entry).toContainText(first.username);
    await expect(page.getByRole('button', { name: 'Pick as winner' })).toHaveCount(2);
    await entry.getByRole('button', { name: 'Pick as winner' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pick this work as the winner?' });
    await expect(confirm).toContainText(`"${PICKED_WORK}" by ${first.username} wins ${CONTEST}.`);
    await confirm.getByRole('button', { name: 'Pick as winner' }).click();
    await expect(page.getByText('The winner has been picked.')).toBeVisible();
    await expect(page.getByText('Already Held: the winner has been picked.')).toBeVisible();
    await expect(entry.getByText('Winner', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pick as winner' })).toHaveCount(0);

    // All Contests, filtered to those already held: it is there, in its section.
    await page.goto('/contest-list');
    await page.getByRole('searchbox', { name: 'Search contests' }).fill(stamp);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Already Held' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const held = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Contests already held' }) });
    await expect(held.getByRole('link', { name: CONTEST })).toBeVisible();
    await expect(held.getByRole('listitem')).toContainText('Already Held');
    await expect(page.getByRole('heading', { name: 'Scheduled and ongoing contests' })).toHaveCount(0);

    // The contest's page names the winner.
    await page.goto(`/contest-detail?id=${contestId}`);
    const winner = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Winner' }) });
    await expect(winner).toContainText(PICKED_WORK);
    await expect(winner).toContainText(`by ${first.username}`);

    // The winner's parent has the e-mail (sent after the answer, in the staff's language).
    await expect
      .poll(() => subjectsTo(first.email), { timeout: 15_000 })
      .toContain(`Little Museum: ${first.username} won the contest "${CONTEST}"!`);
    expect(subjectsTo(second.email).filter((s) => s.includes('won the contest'))).toEqual([]);
  });

  test('staff switch the join policy back to the code admitting at once', async ({ page, request }) => {
    await openAsParent(page, staff, `/org?org=${orgId}&tab=members`);
    const policy = page.getByRole('switch', { name: 'The code admits at once' });
    await expect(policy).toHaveAttribute('aria-checked', 'false');
    await policy.click();
    await expect(policy).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('A child who enters the code becomes a member at once.')).toBeVisible();
    await expect.poll(async () => (await staffOrganization(request, staff, SAKURA.name)).join_policy).toBe('code');
  });
});

test('the super admin opens Site administration and creates an organization', async ({ page, request }) => {
  const name = `Test Atelier ${stamp}`;
  const admin = await logInParent(request, DEMO_STAFF.admin.email);
  await openAsParent(page, admin, '/');
  await expect(page).toHaveURL(/\/add-user$/);
  await page.getByRole('button', { name: 'Menu' }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Organization', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site administration' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Console sections' });
  await expect(sections.getByRole('link', { name: 'Organizations' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Banners' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: SAKURA.name })).toBeVisible();

  await page.getByLabel('Organization name').fill(name);
  await page.getByRole('button', { name: 'Create the organization' }).click();
  await expect(page.getByText('The organization has been created.')).toBeVisible();
  await expect(page.getByLabel('Organization name')).toHaveValue('');
  const created = page.getByRole('article', { name });
  await expect(created).toContainText(/Code \d{6}/);
  await expect(created).toContainText('0 members');
  await page.reload();
  await expect(page.getByRole('article', { name })).toBeVisible();
});
