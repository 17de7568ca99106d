/**
 * Artist classes in the organization console (issue 13), at phone size against the real server: the demo staff of
 * さくら絵画教室 create a paid recorded class (published at once) and a free live class (published afterwards),
 * a child signs up for the live one, and staff see the sign-up, cannot delete a class that has one, e-mail the
 * confirmed sign-ups, and delete the class nobody signed up for.
 */
import { expect, test, type Page } from '@playwright/test';

import type { ConsoleClass } from '@contract/classes';
import { DEMO_ORGANIZATIONS } from '@server/db/demo-content';
import { apiPath } from './support/api';
import { japanInput, logInParent, openAsParent, staffOrganization, subjectsTo } from './support/console';
import { csrf, newFamily } from './support/family';
import { drawingPng } from './support/images';

test.setTimeout(180_000);

const SAKURA = DEMO_ORGANIZATIONS.sakura;
const stamp = String(Date.now() % 1e6).padStart(6, '0');
const PAID = `Watercolour sea ${stamp}`;
const LIVE = `ライブお絵かき (Live drawing) ${stamp}`;
const SUBJECT = `Bring crayons ${stamp}`;

/** A class's card in the console's list, by its name. */
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

async function startClass(page: Page, name: string, hue: string) {
  await page.getByRole('link', { name: 'New class' }).click();
  await expect(page.getByRole('heading', { name: 'New class' })).toBeVisible();
  await page.getByLabel('Class name').fill(name);
  await page.getByLabel('Thumbnail').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: await drawingPng(hue) });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page.getByLabel('Description').fill('Paint along with a real artist.');
}

test('staff create a paid recorded class and a free live class, publish them, and see a sign-up', async ({ page, request }) => {
  const staff = await logInParent(request, 'staff@example.com');
  const org = await staffOrganization(request, staff, SAKURA.name);
  await openAsParent(page, staff, `/org?org=${org.id}&tab=classes`);
  await expect(page.getByRole('link', { name: 'Classes' })).toHaveAttribute('aria-current', 'page');

  // A paid, recorded class, published from the start.
  await startClass(page, PAID, '#4f6f95');
  await page.getByText('Paid by card').click();
  await page.getByLabel('Price (yen, tax included)').fill('1200');
  await page.getByText('A video to watch any time').click();
  await page.getByLabel('Video URL').fill('https://video.example.com/watercolour-sea');
  await page.getByRole('group', { name: 'Tags' }).getByRole('button').first().click();
  await page.getByRole('switch', { name: 'Published' }).click();
  await expect(page.getByText('Families can find and sign up for it.')).toBeVisible();
  await page.getByRole('button', { name: 'Create the class' }).click();
  await expect(page.getByText('The class has been created.')).toBeVisible();
  const paid = card(page, PAID);
  await expect(paid.getByText('Published', { exact: true })).toBeVisible();
  await expect(paid.getByText('¥1,200')).toBeVisible();
  await expect(paid.getByText('Recorded')).toBeVisible();

  // A free live class: its meeting link and start in Japan time are required.
  await startClass(page, LIVE, '#e2a03f');
  await page.getByText('Online, at a set time').click();
  await page.getByRole('button', { name: 'Create the class' }).click();
  await expect(page.getByText('A live class needs its meeting link')).toBeVisible();
  await page.getByLabel('Meeting link').fill('https://meet.example.com/sakura-live');
  await page.getByLabel('Starts (Japan time)').fill(japanInput(new Date(Date.now() + 3 * 24 * 3600_000)));
  await page.getByRole('button', { name: 'Create the class' }).click();
  await expect(page.getByText('The class has been created.')).toBeVisible();
  const live = card(page, LIVE);
  await expect(live.getByText('Not published')).toBeVisible();
  await expect(live.getByText('Free', { exact: true })).toBeVisible();
  await expect(live.getByText(/Starts .* \(Japan time\)/)).toBeVisible();

  // Publish it from its form.
  await live.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit the class' })).toBeVisible();
  await page.getByRole('switch', { name: 'Published' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The class has been updated.')).toBeVisible();
  await expect(card(page, LIVE).getByText('Published', { exact: true })).toBeVisible();

  // A child signs up for the free live class, as the class page does.
  const list = (await (
    await request.get(apiPath('orgClasses', { orgId: org.id }), { headers: { Authorization: `Bearer ${staff.access}` } })
  ).json()) as { results: ConsoleClass[] };
  const liveClass = list.results.find((c) => c.name === LIVE);
  expect(liveClass?.published).toBe(true);
  const family = await newFamily(request, 'yui');
  const signup = await request.post(apiPath('classSignup'), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
    data: { artist_class: liveClass?.id },
  });
  expect(signup.status()).toBe(201);

  // Staff see it, confirmed, with the child's username only.
  await page.reload();
  await expect(card(page, LIVE).getByText('1 sign-up')).toBeVisible();
  await card(page, LIVE).getByRole('link', { name: 'Sign-ups' }).click();
  await expect(page.getByRole('heading', { name: `Sign-ups for ${LIVE}` })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: family.username });
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText(family.email)).toHaveCount(0);

  // E-mail the confirmed sign-ups.
  await page.getByLabel('Subject').fill(SUBJECT);
  await page.getByLabel('Message').fill('Please bring crayons and an apron.');
  await page.getByRole('button', { name: 'Send to 1 confirmed' }).click();
  // The organization's name leads the subject, so the family knows who writes.
  await expect.poll(() => subjectsTo(family.email), { timeout: 30_000 }).toContain(`[${SAKURA.name}] ${SUBJECT}`);

  // A class with a sign-up cannot be deleted; the other one can.
  await page.getByRole('link', { name: '← All classes' }).click();
  await card(page, LIVE).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toContainText('cannot be deleted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await card(page, PAID).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The class has been deleted.')).toBeVisible();
  await expect(card(page, PAID)).toHaveCount(0);
});
