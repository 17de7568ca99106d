/**
 * The floating Register your work button never covers what a child taps (issue 28, item 11), at 390x844 in `ja` and
 * `en`: My Gallery's empty wall shows its own call to action uncovered, and a work's like button, at rest and when
 * scrolled into view (as Tab or a link to it does), is clear of the button; the button is inside a landmark.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

import { apiPath } from './support/api';
import { csrf, newFamily, openAs, type Family } from './support/family';

const TEXT = {
  en: { register: 'Register your work', capture: 'Capture', like: /^(Like|Unlike), / },
  ja: { register: '作品を登録', capture: '作品の撮影', like: /^(いいね|いいねを取り消す)/ },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** `target` is on screen, nothing of the floating bar lies over it, and a tap at its centre reaches it. */
async function expectUncovered(page: Page, target: Locator, what: string) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.y + box.height, `${what} is within the screen`).toBeLessThanOrEqual(844);
  // What floats: the Register link outside the page's content, as the box of its fixed container (a bar, if any).
  const floating = await page.evaluate(() =>
    [...document.querySelectorAll('a[href="/register-work"]')]
      .filter((a) => !a.closest('main') && a.getClientRects().length > 0)
      .map((a) => {
        let el: Element | null = a;
        while (el && getComputedStyle(el).position !== 'fixed') el = el.parentElement;
        // A container that lets taps through (pointer-events: none) covers only where the link is.
        const cover = el && getComputedStyle(el).pointerEvents !== 'none' ? el : a;
        const r = cover.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
  );
  for (const bar of floating) expect(overlap(box, bar), `${what} ${JSON.stringify(box)} is under ${JSON.stringify(bar)}`).toBe(false);
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (el === top || el.contains(top));
  });
  expect(hit, `a tap on ${what} reaches it`).toBe(true);
}

/** A work of one portrait picture (3:4), through the API. */
async function portraitWork(request: APIRequestContext, family: Family): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#fffaf0"/>
    <circle cx="150" cy="170" r="90" fill="#f2a65a"/></svg>`;
  const form = new FormData();
  form.set('title', 'The big orange sun over the hills on our summer holiday at grandma’s house by the sea');
  form.set('is_public', 'false');
  form.append('images', new Blob([new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())], { type: 'image/png' }), 'sun.png');
  const res = await request.post(apiPath('workCreate'), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
    multipart: form,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

async function inLanguage(page: Page, lang: 'en' | 'ja', path: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.goto(path);
}

for (const lang of ['en', 'ja'] as const) {
  const text = TEXT[lang];

  test(`My Gallery's empty wall: its call to action is not covered (${lang})`, async ({ page, request }) => {
    const family = await newFamily(request, `fab${lang}${Date.now() % 1e6}`);
    await openAs(page, family, '/my-work');
    await inLanguage(page, lang, '/my-work');
    const call = page.getByRole('main').getByRole('link', { name: text.register });
    await expectUncovered(page, call, 'the empty wall’s Register your work');
    // One way to register, not two on top of each other.
    await expect(page.getByRole('link', { name: text.register })).toHaveCount(1);
  });

  test(`a work's like button, brought into view, is clear of the Register button (${lang})`, async ({ page, request }) => {
    // A drawing photographed upright, as most are: its frame fills most of the screen, the like button comes below.
    const family = await newFamily(request, `fab${lang}${Date.now() % 1e6}`);
    const id = await portraitWork(request, family);
    await openAs(page, family, `/gallery-detail/${id}`);
    await inLanguage(page, lang, `/gallery-detail/${id}`);
    const like = page.getByRole('button', { name: text.like });
    // Below the fold at first (a long title, an upright frame). Reached with Tab, as from the carousel above it, the
    // browser scrolls it into view: it must stop above the button, not under it.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await like.boundingBox())!.y, 'the like button starts below the fold').toBeGreaterThan(844);
    await like.focus();
    await expectUncovered(page, like, 'the like button reached with Tab');
    await page.evaluate(() => window.scrollTo(0, 0));
    await like.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    await expectUncovered(page, like, 'the like button scrolled into view');
    // And the end of the page scrolls out from under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectUncovered(page, page.getByRole('contentinfo').getByRole('link').last(), "the footer's last link");
    // The button is still there, in a landmark of its own (axe's `region`).
    await expect(page.getByRole('navigation', { name: text.capture }).getByRole('link', { name: text.register })).toBeVisible();
  });
}
