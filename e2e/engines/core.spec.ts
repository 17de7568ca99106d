/**
 * The core path in WebKitGTK and Firefox ESR at 390×844 (issue 28): what Chromium's journeys check, walked the same
 * way in the engines families use, so that a page, an API or a style one engine lacks shows here by the engine's name.
 * Each test runs once per engine (the projects of e2e/engines/playwright.config.ts).
 */
import { apiPath } from '../support/api';
import { grandmaFollows } from '../support/circle';
import { createWork, csrf, demoFamily, FAMILY_PASSWORD, myWorks, newFamily, openAs, openAsParent } from '../support/family';
import { drawingOnTable } from '../support/paper';
import { expect, gone, pushServicePort, see, test, type Ui } from './engine';

const PERSIST_KEY = 'little-museum-query-cache';

/** The service worker controls the page (it installs on the first visit; a reload puts the page under it). */
async function controlled(ui: Ui): Promise<void> {
  await ui.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await ui.reload();
  await expect
    .poll(() => ui.evaluate(() => navigator.serviceWorker.controller !== null), { message: `${ui.engine}: service worker` })
    .toBe(true);
}

test('landing, public gallery, login as the demo family, the carousel and a like', async ({ ui, request }) => {
  await ui.goto('/');
  await ui.evaluate(() => localStorage.setItem('language', 'en'));
  await ui.reload();
  await see(ui, { role: 'heading', level: 1 });
  await see(ui, { role: 'region', name: 'The newest works in the museum' });
  await see(ui, { role: 'heading', name: 'What you can do' });
  // No page wider than the phone.
  expect(await ui.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const publicWorks = (await (await request.get(apiPath('publicWorks'))).json()) as { results: { id: number; title: string }[] };
  await ui.goto('/public-gallery');
  await see(ui, { role: 'link', name: publicWorks.results[0]!.title });

  await ui.goto('/login');
  await see(ui, { role: 'heading', level: 1, name: 'Login' });
  await ui.fill({ label: 'Email' }, 'demo@example.com');
  await ui.fill({ role: 'textbox', name: 'Password', exact: true }, 'Demo1234');
  await ui.click({ role: 'button', name: 'Login', exact: true });
  await ui.click({ role: 'button', name: 'hana' });
  await see(ui, { role: 'heading', level: 1 });
  expect(await ui.url()).not.toMatch(/\/login/);

  // Another family's public work of several pictures: the carousel steps through them.
  const hana = await demoFamily(request, 'hana');
  const work = await createWork(request, await newFamily(request, 'kite'), 'Three kites', 3, true);
  await ui.goto(`/gallery-detail/${work.id}`);
  await see(ui, { role: 'heading', level: 1, name: 'Three kites' });
  await see(ui, { role: 'img', name: 'Three kites (image 1 of 3)' });
  await ui.click({ role: 'button', name: 'Next image' });
  await see(ui, { role: 'img', name: 'Three kites (image 2 of 3)' });
  await ui.click({ role: 'button', name: 'Show image 3' });
  await see(ui, { role: 'img', name: 'Three kites (image 3 of 3)' });
  await ui.click({ role: 'button', name: 'Previous image' });
  await see(ui, { role: 'img', name: 'Three kites (image 2 of 3)' });

  // A like, and back.
  // The heart: "Like, 0 likes", then "Unlike, 1 like".
  const like = { css: 'button[aria-pressed]', name: 'like' } as const;
  await see(ui, like);
  expect(await ui.attribute(like, 'aria-pressed')).toBe('false');
  await ui.click(like);
  await expect.poll(() => ui.attribute(like, 'aria-pressed')).toBe('true');
  const detail = async () =>
    (await (await request.get(apiPath('work', { id: work.id }), { headers: { Authorization: `Bearer ${hana.child.access}` } })).json()) as {
      likes_count: number;
    };
  await expect.poll(async () => (await detail()).likes_count).toBe(1);
  await ui.click(like);
  await expect.poll(() => ui.attribute(like, 'aria-pressed')).toBe('false');
  await expect.poll(async () => (await detail()).likes_count).toBe(0);
});

test('offline: the kept family gallery, a capture with the paper review and compression in the queue, uploaded once back', async ({
  ui,
  network,
  request,
}) => {
  const family = await newFamily(request, 'nami');
  const titles = ['Blue whale', 'Red tulip'];
  for (const title of titles) await createWork(request, family, title, 1);
  const photo = await drawingOnTable();

  // Online: the gallery is seen, so it is kept on the phone, and the service worker takes the page.
  await openAs(ui, family, '/my-work');
  await controlled(ui);
  for (const title of titles) await see(ui, { text: title });
  await expect
    .poll(() => ui.evaluate((key) => localStorage.getItem(key) ?? '', PERSIST_KEY), { message: `${ui.engine}: the gallery kept` })
    .toContain(titles[0]);

  // A dead network, and a cold start: the precached app opens with the kept works and says it is offline.
  await network.set(false);
  await ui.reload();
  for (const title of titles) await see(ui, { text: title });
  await see(ui, { role: 'status', name: "You're offline" });

  // Capture: the photo, the paper found and straightened, compressed, and queued.
  await ui.click({ role: 'link', name: 'Register your work' });
  await expect.poll(() => ui.url()).toMatch(/\/register-work$/);
  await see(ui, { role: 'heading', level: 1 });
  await ui.upload({ label: 'Take photo' }, photo.file);
  await see(ui, { role: 'heading', name: 'Straighten the paper' });
  await see(ui, { role: 'button', name: 'Top-left corner' }, 30_000);
  await ui.click({ role: 'button', name: 'Straighten', exact: true });
  await gone(ui, { role: 'heading', name: 'Straighten the paper' }, 30_000);
  await see(ui, { role: 'button', name: 'Move the corners of photo 1' });
  await see(ui, { text: '1 / 5' });
  await ui.fill({ label: 'Title' }, 'Our house');
  await ui.click({ role: 'button', name: 'Register', exact: true });
  await expect.poll(() => ui.url(), { timeout: 120_000 }).toMatch(/\/my-work$/);
  await see(ui, { text: 'Our house' });
  await see(ui, { text: 'Waiting for the network' });

  // Back online: the queue uploads the work once, straightened (taller than wide) and compressed.
  await network.set(true);
  await see(ui, { text: 'All works uploaded' }, 90_000);
  const works = await myWorks(request, family);
  expect(works.results.map((w) => w.title).sort()).toEqual(['Blue whale', 'Our house', 'Red tulip']);
  const house = works.results.find((w) => w.title === 'Our house')!;
  expect(house.images_data).toHaveLength(1);
});

test('the timeline shows a work under the child’s age', async ({ ui, request }) => {
  const family = await newFamily(request, 'riku');
  await createWork(request, family, 'Snowman', 1);
  await openAs(ui, family, '/my-work');
  await see(ui, { text: 'Snowman' });
  await ui.click({ role: 'link', name: 'Timeline' });
  await see(ui, { role: 'heading', level: 1, name: 'Timeline' });
  await see(ui, { role: 'link', name: 'Snowman' });
  await see(ui, { css: '[data-testid="timeline-count"]', text: '1 work' });
});

test('a grandma reads the circle, puts a sticker and comments; the notices card says what this browser can do', async ({ ui, request }) => {
  const { fam, gran } = await grandmaFollows(request);
  await createWork(request, fam, 'Sunflowers', 1, true);
  await openAsParent(ui, gran, '/circle');
  await see(ui, { role: 'link', name: fam.username });
  // The card explains before anything is asked; what it offers depends on the engine (WebKitGTK has no push).
  await see(ui, { role: 'heading', name: 'Notifications on this device' });
  const state = await ui.attribute({ css: '[data-testid="push-card"]' }, 'data-state');
  expect(['off', 'unsupported', 'install-first', 'blocked']).toContain(state);
  if (state === 'off') await see(ui, { role: 'button', name: 'Turn on notifications' });
  if (state === 'unsupported') await see(ui, { text: 'This browser cannot show notifications.' });
  expect(await ui.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ui.screenshot(`/tmp/circle-${ui.engine}.png`);

  await ui.click({ role: 'link', name: fam.username });
  await see(ui, { role: 'heading', level: 1, name: `${fam.username}'s museum` });
  await ui.click({ role: 'button', name: 'Sunflowers' });
  await see(ui, { role: 'dialog', name: 'Sunflowers' });
  await ui.click({ role: 'button', name: 'Hanamaru!' });
  await see(ui, { role: 'button', name: 'Hanamaru! 1' });
  await ui.fill({ label: 'Write a comment' }, 'Lovely colours!');
  await ui.click({ role: 'button', name: 'Send' });
  await see(ui, { text: "Waiting for a parent's approval" });
  const waiting = (await (
    await request.get(apiPath('circleComments'), { headers: { Authorization: `Bearer ${fam.parent.access}` } })
  ).json()) as { results: { body: string }[] };
  expect(waiting.results.map((c) => c.body)).toEqual(['Lovely colours!']);
});

/** What the journeys' push service handed on to the browser (push-service.mjs). */
async function deliveries(): Promise<{ channel: string; ttl: string; vapid: boolean }[]> {
  return (await fetch(`http://127.0.0.1:${pushServicePort()}/deliveries`)).json() as Promise<
    { channel: string; ttl: string; vapid: boolean }[]
  >;
}

/** The notices the app's service worker is showing, as the page can read them. */
function notices(ui: Ui) {
  return ui.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
  );
}

async function turnOnNotices(ui: Ui) {
  await ui.click({ role: 'button', name: 'Turn on notifications' });
  await expect
    .poll(() => ui.attribute({ css: '[data-testid="push-card"]' }, 'data-state'), { message: `${ui.engine}: notices on` })
    .toBe('on');
}

test("Firefox: a grandma turns notices on, and the child's new work reaches her phone through a push service", async ({ ui, request }) => {
  test.skip(ui.engine !== 'firefox', 'WebKitGTK offers no Web Push (the journey above checks that it says so)');
  const { fam, gran } = await grandmaFollows(request);
  await openAsParent(ui, gran, '/circle');
  await see(ui, { role: 'heading', name: 'Notifications on this device' });
  await turnOnNotices(ui);
  const before = (await deliveries()).length;

  // The page subscribed through Firefox's PushManager; the app encrypts and signs for that endpoint; Firefox decrypts.
  await createWork(request, fam, 'Rainbow', 1, true);
  await expect
    .poll(() => notices(ui), { message: 'firefox: the notice shown' })
    .toEqual([{ title: `${fam.username} has shared a new work`, body: `Open ${fam.username}'s museum to see it.` }]);
  const sent = (await deliveries()).slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ ttl: '86400', vapid: true });
  await ui.screenshot('/tmp/circle-push-on-firefox.png');
});

test("Firefox: a parent hears of a waiting comment, and again after a password change once the circle's page is open", async ({
  ui,
  request,
}) => {
  test.skip(ui.engine !== 'firefox', 'WebKitGTK offers no Web Push');
  const { fam, gran } = await grandmaFollows(request);
  const work = await createWork(request, fam, 'Moon', 1, true);
  const comment = async (body: string) =>
    expect(
      (
        await request.post(apiPath('fanComment', { id: work.id }), {
          headers: await csrf(request, { Authorization: `Bearer ${gran.parent.access}` }),
          data: { body },
        })
      ).status(),
    ).toBe(201);
  await openAsParent(ui, fam, '/account-info');
  await see(ui, { role: 'heading', name: 'Notifications on this device' });
  await turnOnNotices(ui);
  await comment('Lovely moon!');
  await expect
    .poll(() => notices(ui), { message: 'firefox: the waiting comment notice' })
    .toEqual([{ title: 'A comment is waiting for your approval', body: `Grandma commented on a work by ${fam.username}.` }]);

  // The password is changed (on another phone, say): every login's tokens end, this phone's too, and its subscription
  // hears nothing while it belongs to the ended login.
  const changed = await request.patch(apiPath('accountInfoUpdate'), {
    headers: await csrf(request, { Authorization: `Bearer ${fam.parent.access}` }),
    data: { password: 'Changed2024', current_password: FAMILY_PASSWORD },
  });
  expect(changed.status()).toBe(200);
  const tokens = (await changed.json()) as { access: string; refresh: string };
  const before = (await deliveries()).length;
  await comment('And the stars!');
  await new Promise((r) => setTimeout(r, 3000));
  expect((await deliveries()).length).toBe(before);

  // Signed in again on this phone: the card, still on, tells the server the subscription is this login's now.
  await openAsParent(ui, { parent: tokens }, '/account-info');
  await see(ui, { role: 'heading', name: 'Notifications on this device' });
  expect(await ui.attribute({ css: '[data-testid="push-card"]' }, 'data-state')).toBe('on');
  await expect
    .poll(
      async () => {
        await comment('So bright!');
        await new Promise((r) => setTimeout(r, 1000));
        return (await deliveries()).length > before;
      },
      { message: 'firefox: heard again after signing in', intervals: [500], timeout: 20_000 },
    )
    .toBe(true);
});
