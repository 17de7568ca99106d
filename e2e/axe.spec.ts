/**
 * Accessible on every page (issue 28, item 14): axe-core (all its rules but the experimental ones, as
 * `@axe-core/playwright` runs it by default) on every route of src/web/app/route-table.ts, at 390x844, in `ja` and
 * `en`, as each kind of user who sees it (a visitor, a child and a parent of the demo family, the demo staff, the
 * super admin), with the demo data, and with the main dialogs open (the menu, the contest's gallery picker and
 * upload, /login's "Select another User"). The app has one theme (no `prefers-color-scheme` in its CSS), so contrast
 * is checked in that one. Zero violations is the bar: a failure lists each one with its page, language, user, rule
 * and selectors.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO_ORGANIZATIONS } from '@server/db/demo-content';
import { ROUTES } from '@web/app/route-table';
import { apiPath } from './support/api';
import { logInParent, setJoinPolicy, staffOrganization, type Tokens } from './support/console';
import { csrf, demoFamily, newFamily } from './support/family';

test.setTimeout(300_000);

type Lang = 'ja' | 'en';

/**
 * axe's experimental rules too (off by default): label-content-name-mismatch, for one, is WCAG 2.5.3 (a link's
 * accessible name contains its visible words), which the issue's run found on /account-info.
 */
const EXPERIMENTAL = Object.fromEntries(
  [
    'css-orientation-lock',
    'focus-order-semantics',
    'hidden-content',
    'label-content-name-mismatch',
    'p-as-heading',
    'table-fake-caption',
    'td-has-header',
  ].map((id) => [id, { enabled: true }]),
);
type User = 'visitor' | 'child' | 'parent' | 'staff' | 'admin';

/** One look at a page: where to go, and what to open on it first (a dialog), if anything. */
interface Visit {
  path: string;
  /** Opens a dialog or a part of the page before axe runs; its name goes in the report. */
  open?: { name: string; run: (page: Page) => Promise<void> };
}

interface Ids {
  publicWork: number;
  ownWork: number;
  sibling: number;
  contest: number;
  paidClass: number;
  freeClass: number;
  hanaProfile: number;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()}`);
  return (await res.json()) as T;
}

/** The demo data's ids the pages need (a work, a contest open for entries, a paid and a free class, the children). */
async function demoIds(request: APIRequestContext, child: string): Promise<Ids> {
  const auth = { headers: { Authorization: `Bearer ${child}` } };
  const works = await json<{ results: { id: number }[] }>(await request.get(apiPath('publicWorks')));
  const own = await json<{ results: { id: number }[] }>(await request.get(apiPath('myWorks'), auth));
  const family = await json<{ id: number; username: string }[] | { results: { id: number; username: string }[] }>(
    await request.get(apiPath('profiles'), auth),
  );
  const profiles = Array.isArray(family) ? family : family.results;
  const contests = await json<{ results: { id: number; status: string }[] }>(await request.get(apiPath('contests')));
  const classes = await json<{ results: { id: number; is_free: boolean }[] }>(await request.get(apiPath('classes'), auth));
  const pick = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the demo data has no ${what}`);
    return value;
  };
  return {
    publicWork: pick(works.results[0]?.id, 'public work'),
    ownWork: pick(own.results[0]?.id, 'work of hana'),
    sibling: pick(profiles.find((p) => p.username === 'sora')?.id, 'sora'),
    hanaProfile: pick(profiles.find((p) => p.username === 'hana')?.id, 'hana'),
    contest: pick(contests.results.find((c) => c.status === 'in_session')?.id, 'contest in session'),
    paidClass: pick(classes.results.find((c) => !c.is_free)?.id, 'paid class'),
    freeClass: pick(classes.results.find((c) => c.is_free)?.id, 'free class'),
  };
}

const openMenu = { name: 'menu', run: (page: Page) => page.locator('header').getByRole('button', { expanded: false }).click() };

/** The pages each kind of user opens. Every route of the route table is someone's. */
function visits(user: User, ids: Ids): Visit[] {
  switch (user) {
    case 'visitor':
      return [
        { path: '/', open: openMenu },
        { path: '/login' },
        { path: '/register' },
        { path: '/email-verification' },
        { path: '/password-reset-confirm' },
        { path: '/forgot-password' },
        { path: '/inquiry-thank-you' },
        { path: '/public-gallery' },
        { path: '/contest-list' },
        { path: '/artist-list' },
        { path: '/plans' },
        { path: '/local-checkout' },
        { path: '/contact-us' },
        { path: '/terms-and-services' },
        { path: '/privacy-policy' },
        { path: '/commercial-transaction' },
        { path: '/about' },
        { path: `/artist-signup-detail?id=${ids.paidClass}` },
        { path: '/my-work' },
        { path: '/confirm-email' },
        // A family circle's invitation link that is no longer good (issue 32): the page that explains it.
        { path: '/circle/join/an-invitation-that-was-used-up' },
        // The weekly e-mail's stop link, altered: the page that says it is not valid.
        { path: '/circle/digest-off/not-a-link-of-ours' },
      ];
    case 'child':
      return [
        { path: '/public-gallery', open: openMenu },
        { path: '/contest-list' },
        { path: '/artist-list' },
        { path: '/plans' },
        { path: '/my-work' },
        { path: `/gallery-detail/${ids.ownWork}` },
        { path: `/gallery-detail/${ids.publicWork}` },
        { path: `/contest-detail?id=${ids.contest}` },
        { path: `/contest-application?id=${ids.contest}` },
        {
          path: `/contest-application?id=${ids.contest}`,
          open: { name: 'gallery picker', run: (page) => page.getByRole('button', { name: /My Gallery|マイギャラリー/ }).click() },
        },
        {
          path: `/contest-application?id=${ids.contest}`,
          open: { name: 'upload', run: (page) => page.getByRole('button', { name: /Upload and submit|アップロード/ }).click() },
        },
        { path: `/artist-signup-detail?id=${ids.paidClass}` },
        { path: '/timeline' },
        { path: '/user-info' },
        { path: '/register-work' },
        { path: `/edit-work?id=${ids.ownWork}` },
        { path: '/my-collection' },
        { path: '/family-gallery' },
        { path: `/user-gallery?id=${ids.sibling}` },
        { path: '/my-contests' },
        { path: '/my-artist-classes' },
        { path: '/artist-details' },
        { path: `/link-url?class_id=${ids.freeClass}` },
        { path: `/link-detail?class_id=${ids.freeClass}` },
        { path: `/payment?class_id=${ids.paidClass}` },
        { path: '/payment-complete?session_id=cs_none' },
        { path: '/contact-us' },
      ];
    case 'parent':
      return [
        { path: '/add-user', open: openMenu },
        { path: '/register-user' },
        { path: '/account-info' },
        { path: '/account-payment-info' },
        { path: `/timeline?profile=${ids.hanaProfile}` },
        { path: `/gallery-detail/${ids.ownWork}` },
        { path: '/my-work' },
        { path: '/plans' },
        { path: `/contest-application?id=${ids.contest}` },
        { path: '/org' },
        // A fan's page (issue 32): the demo parent follows no child yet, so it says how to join a circle.
        { path: '/circle' },
        // A child it does not follow: the page that says so.
        { path: `/circle/${ids.hanaProfile}` },
      ];
    case 'staff':
      return [
        { path: '/org?tab=members', open: openMenu },
        { path: '/org?tab=contests' },
        { path: '/org?tab=classes' },
        { path: '/org?tab=mail' },
        { path: '/add-user' },
      ];
    case 'admin':
      return [{ path: '/org?org=admin&tab=organizations' }, { path: '/org?org=admin&tab=banners' }, { path: '/org?org=admin&tab=mail' }];
  }
}

/** The session's localStorage keys for each kind of user (as the PWA stores them after login). */
async function sessionKeys(request: APIRequestContext, user: User): Promise<Record<string, string>> {
  if (user === 'visitor') return { email: 'demo@example.com' };
  if (user === 'child' || user === 'parent') {
    const family = await demoFamily(request, 'hana');
    const parent = { token: family.parent.access, refreshToken: family.parent.refresh };
    return user === 'parent' ? parent : { ...parent, child_token: family.child.access, child_refresh_token: family.child.refresh };
  }
  const tokens: Tokens = await logInParent(request, user === 'staff' ? 'staff@example.com' : 'admin@example.com');
  return { token: tokens.access, refreshToken: tokens.refresh };
}

/**
 * A child waiting for さくら絵画教室's approval, so that the console's Members tab shows its pending line; the join
 * policy goes back to the code admitting at once (other journeys count on it) and the request is declined after.
 */
async function pendingMember(request: APIRequestContext): Promise<() => Promise<void>> {
  const staff = await logInParent(request, 'staff@example.com');
  const org = await staffOrganization(request, staff, DEMO_ORGANIZATIONS.sakura.name);
  await setJoinPolicy(request, staff, org.id, 'approval');
  try {
    const family = await newFamily(request, `axe${Date.now() % 1e6}`);
    // As /user-info does: the code is checked first (the server keeps the proof), then the profile names the id.
    const child = { Authorization: `Bearer ${family.child.access}` };
    await json(await request.get(apiPath('organizationCheck', { code: DEMO_ORGANIZATIONS.sakura.code }), { headers: child }));
    const res = await request.patch(apiPath('profileUpdate'), { headers: await csrf(request, child), data: { organizations: [org.id] } });
    expect(res.ok(), await res.text()).toBe(true);
    const me = await json<{ id: number }>(
      await request.get(apiPath('profile'), { headers: { Authorization: `Bearer ${family.child.access}` } }),
    );
    return async () => {
      await request.post(apiPath('orgMemberDecline', { orgId: org.id, profileId: me.id }), {
        headers: await csrf(request, { Authorization: `Bearer ${staff.access}` }),
      });
    };
  } finally {
    await setJoinPolicy(request, staff, org.id, 'code');
  }
}

/** The page has loaded what it shows: the network is quiet, the fonts are in, and no animation is under way. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
}

/** Every route of the route table is visited by at least one kind of user. */
test('every route of the route table is in the axe journeys', () => {
  const ids: Ids = { publicWork: 1, ownWork: 1, sibling: 1, contest: 1, paidClass: 1, freeClass: 1, hanaProfile: 1 };
  const users: User[] = ['visitor', 'child', 'parent', 'staff', 'admin'];
  const visited = new Set(
    users.flatMap((u) =>
      visits(u, ids).map((v) =>
        v.path
          .split('?')[0]!
          .replace(/^\/circle\/(\d+)$/, '/circle/:child')
          .replace(/\/\d+$/, '/:id')
          .replace(/^\/circle\/(join|digest-off)\/[^/]+$/, '/circle/$1/:token'),
      ),
    ),
  );
  // /verify-email shows nothing of its own: it calls the link and goes on to /login at once (verify-email-page.tsx).
  const passThrough = new Set(['/verify-email']);
  expect(ROUTES.map((r) => r.path).filter((p) => !visited.has(p) && !passThrough.has(p))).toEqual([]);
});

for (const user of ['visitor', 'child', 'parent', 'staff', 'admin'] as const) {
  for (const lang of ['ja', 'en'] as const satisfies readonly Lang[]) {
    test(`axe finds nothing on the ${user}'s pages in ${lang}`, async ({ page, request }) => {
      const keys = await sessionKeys(request, user);
      const child = user === 'child' ? keys.child_token! : (await demoFamily(request, 'hana')).child.access;
      const ids = await demoIds(request, child);
      await page.goto('/terms-and-services');
      await page.evaluate(
        ([k, l]) => {
          localStorage.clear();
          for (const [key, value] of Object.entries(k)) localStorage.setItem(key, value);
          localStorage.setItem('language', l);
        },
        [keys, lang] as const,
      );
      const found: string[] = [];
      const cleanUp = user === 'staff' ? await pendingMember(request) : null;
      try {
        for (const visit of visits(user, ids)) {
          await page.goto(visit.path);
          await expect(page.locator('main h1').first()).toBeVisible();
          // The page asked for, not a guard's redirect.
          expect(new URL(page.url()).pathname, `${visit.path} as ${user}`).toBe(visit.path.split('?')[0]);
          await settle(page);
          if (visit.open) {
            await visit.open.run(page);
            await expect(page.getByRole('dialog').first()).toBeVisible();
            await settle(page);
          }
          const result = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL }).analyze();
          const where = `${visit.path}${visit.open ? ` [${visit.open.name}]` : ''} (${lang}, ${user})`;
          for (const v of result.violations) {
            for (const node of v.nodes)
              found.push(`${where} ${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
          }
        }
      } finally {
        await cleanUp?.();
      }
      expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
    });
  }
}
