/**
 * Artist classes and their payment (issue 13), walked at phone size against the real server with the local test
 * provider: a child signs up for a free class from the list and reaches the class's link page, and the link is in
 * the parent's e-mail; a paid class, once the parent's password allows it (issue 28), is paid with 4242 4242 4242 4242 and confirmed by the server (link page, e-mail);
 * a card of 4000 0000 0000 0002 is declined with the provider's message, the sign-up stays pending (after a reload
 * too), and offline the pay button is off with the reason.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import type { ArtistClass } from '@contract/classes';
import { DEMO_CLASSES } from '@server/db/demo-content';
import { apiPath } from './support/api';
import { subjectsTo } from './support/console';
import { csrf, FAMILY_PASSWORD, newFamily, openAs } from './support/family';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A published demo class, by its name. */
async function demoClass(request: APIRequestContext, name: string): Promise<ArtistClass> {
  const res = await request.get(apiPath('classes'), { params: { search: name.replace(/^.*\(|\)$/g, ''), language: 'en' } });
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { results: ArtistClass[] }).results.find((c) => c.name === name);
  if (!found) throw new Error(`the demo class ${name} is not published`);
  return found;
}

/**
 * The class's e-mail to the parent, once: its subject names the class ("the link to the class …"). Until the
 * server's catalogs carry issue 13's mail texts, the subject is their uncompiled source, so the words are matched too.
 */
const aboutClass = (subject: string, name: string) =>
  // A paid class's receipt (issue 28) names the class too, but it is not the link's e-mail.
  !/receipt|領収書/.test(subject) && (subject.includes(name) || /the link to the class|教室/.test(subject));

async function expectClassMail(email: string, name: string, count = 1) {
  await expect
    .poll(() => subjectsTo(email).filter((subject) => aboutClass(subject, name)).length, {
      timeout: 15_000,
      message: `an e-mail to ${email} about ${name}`,
    })
    .toBe(count);
}

/** The class's e-mails to `email` now (issue 28: opening the link again sends none). */
const classMailCount = (email: string, name: string) => subjectsTo(email).filter((subject) => aboutClass(subject, name)).length;

/** On a class's page: Sign up, then the confirmation popup. */
async function signUp(page: Page) {
  await page.getByRole('button', { name: 'Sign up for this class' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure to sign up for this class?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, sign up' }).click();
}

/** A paid class needs the parent's word (issue 28): the grown-up types the parent's password on the child's phone. */
async function parentAllows(page: Page) {
  await expect(page.getByRole('heading', { name: 'Ask a grown-up' })).toBeVisible();
  await page.getByLabel("Parent's password").fill(FAMILY_PASSWORD);
  await page.getByRole('button', { name: 'Allow and go to payment' }).click();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a free class: found in the list, signed up for, its link page and the e-mail', async ({ page, request }) => {
  const family = await newFamily(request, `free${Date.now() % 1e6}`);
  await openAs(page, family, '/artist-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Artist Classes' })).toBeVisible();

  // Free classes only, then a word searched with Enter.
  await page.getByRole('radio', { name: 'Free', exact: true }).check();
  await page.getByRole('searchbox', { name: 'Search classes' }).fill('Watercolour');
  await page.getByRole('searchbox', { name: 'Search classes' }).press('Enter');
  const card = page.getByRole('link').filter({ hasText: DEMO_CLASSES.watercolor });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('link').filter({ hasText: DEMO_CLASSES.clay })).toHaveCount(0);
  await card.click();

  await expect(page).toHaveURL(/\/artist-signup-detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_CLASSES.watercolor })).toBeVisible();
  await signUp(page);
  await expect(page.getByText('Artist class signup successful')).toBeVisible();
  await expect(page).toHaveURL(/\/my-artist-classes$/);

  // My classes: the class, signed up; its page leads to the link page.
  const mine = page.getByRole('listitem').filter({ hasText: DEMO_CLASSES.watercolor });
  await expect(mine.getByText('Signed up')).toBeVisible();
  await mine.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'You are signed up' })).toBeVisible();
  await page.getByRole('link', { name: 'Watch the class' }).click();
  await expect(page).toHaveURL(/\/link-detail\?class_id=\d+$/);
  await expect(page.getByText('The video link was sent to your registered e-mail.')).toBeVisible();
  await expectClassMail(family.email, DEMO_CLASSES.watercolor);

  // The video page: the recording, or its link.
  await page.getByRole('button', { name: 'Watch the class' }).click();
  await expect(page).toHaveURL(/\/link-url\?/);
  await expect(
    page
      .locator('video')
      .or(page.getByRole('link', { name: /Open the video/ }))
      .first(),
  ).toBeVisible();

  // Opening the link again and again reads it: still the one e-mail of the sign-up (issue 28, item 7).
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await expect(page.getByText('Artist class video URL sent to your email')).toBeVisible();
  }
  await page.waitForTimeout(500);
  expect(classMailCount(family.email, DEMO_CLASSES.watercolor)).toBe(1);
  // Only "Send the link again" sends it again, once.
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('The link was sent to your e-mail again.')).toBeVisible();
  await expectClassMail(family.email, DEMO_CLASSES.watercolor, 2);
});

for (const lang of ['en', 'ja'] as const) {
  const words = {
    en: { meeting: 'Class meeting', sent: 'The meeting link was sent to your registered e-mail.', resend: 'Send the link again' },
    ja: {
      meeting: '教室のミーティング',
      sent: 'ミーティングのリンクを登録済みのメールアドレスに送信しました。',
      resend: 'リンクをもう一度送る',
    },
  }[lang];
  test(`a live class (${lang}): its pages say meeting, the link opens without another e-mail`, async ({ page, request }) => {
    const family = await newFamily(request, `live${lang}${Date.now() % 1e6}`);
    const sky = await demoClass(request, DEMO_CLASSES.crayonSky);
    const res = await request.post(apiPath('classSignup'), {
      headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
      data: { artist_class: sky.id },
    });
    expect(res.status()).toBe(201);
    await expectClassMail(family.email, DEMO_CLASSES.crayonSky);
    await openAs(page, family, '/terms-and-services');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto(`/link-detail?class_id=${sky.id}`);
    await expect(page.getByText(words.sent)).toBeVisible();
    await expect(page.getByRole('button', { name: words.resend })).toBeVisible();
    await page.screenshot({ path: `/tmp/child-link-detail-live-${lang}.png`, fullPage: true });

    await page.goto(`/link-url?class_id=${sky.id}`);
    await expect(page.getByText(words.meeting, { exact: true })).toBeVisible();
    await expect(page.locator('a[href="https://meet.example.com/aozora-crayon-sky"]')).toBeVisible();
    await page.screenshot({ path: `/tmp/child-link-url-live-${lang}.png`, fullPage: true });
    await page.reload();
    await expect(page.getByText(words.meeting, { exact: true })).toBeVisible();
    await page.waitForTimeout(500);
    expect(classMailCount(family.email, DEMO_CLASSES.crayonSky)).toBe(1);
  });
}

test('a paid class paid with 4242 4242 4242 4242: confirmed by the server, the link page and the e-mail', async ({ page, request }) => {
  const family = await newFamily(request, `paid${Date.now() % 1e6}`);
  const clay = await demoClass(request, DEMO_CLASSES.clay);
  await openAs(page, family, `/artist-signup-detail?id=${clay.id}`);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_CLASSES.clay })).toBeVisible();
  await signUp(page);

  await expect(page).toHaveURL(new RegExp(`/payment\\?class_id=${clay.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await parentAllows(page);
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay ¥${clay.price.toLocaleString('en-US')}` });
  await payWith(page, '4242 4242 4242 4242');
  await pay.click();

  await expect(page.getByText('Payment confirmed successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/link-detail\\?class_id=${clay.id}$`));
  await expect(page.getByText('The video link was sent to your registered e-mail.')).toBeVisible();
  await expectClassMail(family.email, DEMO_CLASSES.clay);
});

test('a declined card: the provider says so, the sign-up stays pending, and offline the pay button says why', async ({
  page,
  request,
  context,
}) => {
  const family = await newFamily(request, `decl${Date.now() % 1e6}`);
  const live = await demoClass(request, DEMO_CLASSES.liveDrawing);
  await openAs(page, family, `/artist-signup-detail?id=${live.id}`);
  await signUp(page);
  await expect(page).toHaveURL(/\/payment\?class_id=\d+$/);
  await parentAllows(page);

  await payWith(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\?class_id=\d+$/);

  // A reload has no signup response in its state: the same pending payment is asked for again.
  await page.reload();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText('Invalid payment session. Please try again.')).toHaveCount(0);

  // The class's link page says the payment is pending, and offers to pay.
  await page.goto(`/link-detail?class_id=${live.id}`);
  await expect(page.getByText('Payment is pending, so complete the payment to receive the video URL')).toBeVisible();
  const payButton = page.getByRole('button', { name: new RegExp(`^Pay ${escape(`¥${live.price.toLocaleString('en-US')}`)}`) });
  await expect(payButton).toBeVisible();
  expect(subjectsTo(family.email).filter((s) => aboutClass(s, DEMO_CLASSES.liveDrawing))).toHaveLength(0);

  await context.setOffline(true);
  await expect(payButton).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Signing up and paying need an internet connection', { exact: false })).toBeVisible();
  await context.setOffline(false);
});
