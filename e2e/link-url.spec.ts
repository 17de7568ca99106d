/**
 * The class video page (issue 27, finding 7), at phone size: an address in its query or its navigation state is never
 * shown (it used to put any link inside the museum's page as "Class video — open the video"); the page takes a class
 * id and shows the link the server gives this child's confirmed sign-up, or says why there is none.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import type { ArtistClass } from '@contract/classes';
import { DEMO_CLASSES } from '@server/db/demo-content';
import { apiPath } from './support/api';
import { csrf, newFamily, openAs, type Family } from './support/family';

const EVIL = 'http://evil.example/x';
/** The demo watercolour class's recording (src/server/db/seed-classes.ts): what the server gives a signed-up child. */
const REAL_VIDEO = 'https://videos.example.com/little-museum/watercolour-basics.mp4';

async function watercolour(request: APIRequestContext): Promise<ArtistClass> {
  const res = await request.get(apiPath('classes'), { params: { search: 'Watercolour', language: 'en' } });
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { results: ArtistClass[] }).results.find((c) => c.name === DEMO_CLASSES.watercolor);
  if (!found) throw new Error('the demo watercolour class is not published');
  return found;
}

/** The free class, signed up for through the API as the child (confirmed at once). */
async function signUp(request: APIRequestContext, family: Family, classId: number) {
  const res = await request.post(apiPath('classSignup'), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
    data: { artist_class: classId },
  });
  expect(res.status()).toBe(201);
}

/** Nothing on the page points at the hostile address: no link, no video, not even its text. */
async function expectNoEvil(page: Page) {
  await expect(page.locator('a[href*="evil.example"], video[src*="evil.example"], [src*="evil.example"]')).toHaveCount(0);
  expect(await page.content()).not.toContain('evil.example');
}

test('a hostile artistClassVideoUrl is never shown; a signed-up class shows the server’s link', async ({ page, request }) => {
  const family = await newFamily(request, `vid${Date.now() % 1e6}`);
  const cls = await watercolour(request);

  // Only an address: no class is named, so there is nothing to show.
  await openAs(page, family, `/link-url?artistClassVideoUrl=${encodeURIComponent(EVIL)}`);
  await expect(page.getByText('No class was chosen. Pick one from the list of classes.')).toBeVisible();
  await expectNoEvil(page);

  // The class, not signed up: why there is no link, and the way to sign up.
  await page.goto(`/link-url?class_id=${cls.id}&artistClassVideoUrl=${encodeURIComponent(EVIL)}`);
  await expect(page.getByText('This profile is not signed up for this class, so its video cannot be shown.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up for this class' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the video/ })).toHaveCount(0);
  await expectNoEvil(page);

  // Signed up: the server's link, whatever the query says.
  await signUp(request, family, cls.id);
  await page.goto(`/link-url?class_id=${cls.id}&artistClassVideoUrl=${encodeURIComponent(EVIL)}`);
  const real = page.locator(`video[src="${REAL_VIDEO}"], a[href="${REAL_VIDEO}"]`).first();
  await expect(real).toBeVisible();
  await expectNoEvil(page);

  // The same through the navigation state (a reload keeps it): the class id is read, the address is not.
  await page.evaluate(
    ([id, evil]) => history.replaceState({ class_id: id, artistClassVideoUrl: evil, meetingUrl: evil }, '', '/link-url'),
    [cls.id, EVIL] as const,
  );
  await page.reload();
  await expect(page.locator(`video[src="${REAL_VIDEO}"], a[href="${REAL_VIDEO}"]`).first()).toBeVisible();
  await expectNoEvil(page);
});
