/**
 * A child's lifelong timeline (issue 15): the works grouped by the age the child was when each was made, for the
 * child (a view of My Gallery) and for the parent (from the account page), and kept for offline: after a visit the
 * timeline opens again with the network cut.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ageAt } from '@contract/accounts';

import { apiPath } from './support/api';
import { createWork, csrf, newFamily, openAs, openAsParent, type Family } from './support/family';

test.setTimeout(120_000);

const BIRTH = '2020-03-01';

/** A family whose child was born on BIRTH and has made one work today. */
async function familyWithWork(request: APIRequestContext, name: string, title: string): Promise<Family> {
  const family = await newFamily(request, name);
  const patched = await request.patch(apiPath('profile'), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
    data: { date_of_birth: BIRTH },
  });
  expect(patched.ok()).toBe(true);
  await createWork(request, family, title, 1);
  return family;
}

/** The year of the timeline for `age`: its plaque heading and its count. */
function year(page: Page, age: number) {
  return page.getByRole('region', { name: `Age ${age}` });
}

/** Waits until a service worker is active, then reloads so that it controls the page (e2e/pwa.spec.ts). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('a child sees its work under its age on its timeline, and again offline after a visit', async ({ page, context, request }) => {
  const title = 'Sunflowers by the river';
  const family = await familyWithWork(request, 'tomo', title);
  const age = ageAt(BIRTH, new Date())!;

  await openAs(page, family, '/my-work');
  await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(/\/timeline$/);
  await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();
  const here = year(page, age);
  await expect(here.getByRole('heading', { name: `Age ${age}`, level: 2 })).toBeVisible();
  await expect(here.getByTestId('timeline-count')).toHaveText('1 work');
  await expect(here.getByRole('link', { name: title })).toBeVisible();

  // A visit under the service worker, and the timeline kept in the persisted query cache (throttled to 1 s).
  await controlled(page);
  await expect(year(page, age).getByRole('link', { name: title })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('little-museum-query-cache') ?? '')).toContain('"timeline"');

  await context.setOffline(true);
  await page.reload();
  // Chromium 150 may keep navigator.onLine true with the context offline: the page's offline note may or may not
  // show, but the kept timeline must, whatever the browser believes.
  await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();
  await expect(year(page, age).getByRole('heading', { name: `Age ${age}`, level: 2 })).toBeVisible();
  await expect(year(page, age).getByTestId('timeline-count')).toHaveText('1 work');
  await expect(year(page, age).getByRole('link', { name: title })).toBeVisible();
  await context.setOffline(false);
});

test("the parent opens each child's timeline from the account page", async ({ page, request }) => {
  const title = 'A whale in the bath';
  const family = await familyWithWork(request, 'nagi', title);
  const shown = 'A kite on the beach';
  await createWork(request, family, shown, 1, true);
  const age = ageAt(BIRTH, new Date())!;

  // The parent alone, no child chosen: /account-info is the parent's page.
  await openAsParent(page, family);
  await page.getByRole('link', { name: `${family.username} Timeline`, exact: true }).click();
  await expect(page).toHaveURL(/\/timeline\?profile=\d+$/);
  await expect(page.getByText(`${family.username}'s years in the museum`)).toBeVisible();
  await expect(year(page, age).getByRole('heading', { name: `Age ${age}`, level: 2 })).toBeVisible();
  await expect(year(page, age).getByTestId('timeline-count')).toHaveText('2 works');
  // The child's private work is on the parent's timeline, but a parent token opens public works only: no link.
  await expect(year(page, age).getByText(title)).toBeVisible();
  await expect(year(page, age).getByRole('link', { name: title })).toHaveCount(0);
  // The child's view switch is the child's: the parent has none.
  await expect(page.getByRole('navigation', { name: 'View' })).toHaveCount(0);
  // The public one opens its page.
  await year(page, age).getByRole('link', { name: shown }).click();
  await expect(page).toHaveURL(/\/gallery-detail\/\d+$/);
  await expect(page.getByText(shown).first()).toBeVisible();
});

// Issue 28: on the parent's timeline a private work's tile did nothing when tapped. A work's own page shows a parent
// token public works only (decisions.md, "Made private means private"), so the tile says why and how to see it.
const PRIVATE_WORDS = {
  en: {
    age: (age: number) => `Age ${age}`,
    timeline: (name: string) => `${name} Timeline`,
    badge: 'Private',
    why: (name: string) => `This work is private: only ${name} can open it. To see it, choose ${name} in Manage Users.`,
    manage: 'Manage Users',
  },
  ja: {
    age: (age: number) => `${age} さい`,
    timeline: (name: string) => `${name} タイムライン`,
    badge: '非公開',
    why: (name: string) => `この作品は非公開なので、開けるのは${name}さんだけです。見るときはユーザー管理で${name}さんを選んでください。`,
    manage: 'ユーザー管理',
  },
} as const;

for (const lang of ['en', 'ja'] as const) {
  const w = PRIVATE_WORDS[lang];
  test(`the parent taps a private work on a child's timeline (${lang}): it says why it does not open`, async ({ page, request }) => {
    const title = lang === 'ja' ? 'おふろのくじら' : 'A whale in the bath';
    const family = await familyWithWork(request, `priv${lang}${Date.now() % 1e6}`, title);
    const age = ageAt(BIRTH, new Date())!;

    await openAsParent(page, family);
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('link', { name: w.timeline(family.username), exact: true }).click();
    await expect(page).toHaveURL(/\/timeline\?profile=\d+$/);

    const tile = page
      .getByRole('region', { name: w.age(age) })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(tile.getByText(w.badge, { exact: true })).toBeVisible();
    await expect(tile.getByRole('status')).toHaveText('');
    await tile.getByRole('button', { name: title }).click();
    // It stays, and says why, with the way to see it.
    await expect(page).toHaveURL(/\/timeline\?profile=\d+$/);
    await expect(tile.getByRole('status')).toHaveText(w.why(family.username));
    await expect(tile.getByRole('button', { name: title })).toHaveAccessibleDescription(w.why(family.username));
    await tile.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/timeline-private-${lang}.png` });
    await tile.getByRole('link', { name: w.manage }).click();
    await expect(page).toHaveURL(/\/add-user$/);
  });
}
