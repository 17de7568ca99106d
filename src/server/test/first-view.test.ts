/**
 * A visitor's first load of a page with a first view (FIRST_VIEWS_FILE, written by the build) gets it in #root, in
 * the page's language, with the styles it needs inlined, so the phone draws the page before any script has run; a
 * family (the session cookie the page mirrors) and every other page get the plain shell.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIRST_VIEWS_FILE, PRELOAD_TABLE_FILE, SESSION_COOKIE, type FirstViews, type PreloadTable } from '@contract/preload';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const script = '<script data-preload>(function(){})()</script>';
const index = `<!doctype html><html lang="ja"><head><title>Little Museum</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css">${script}</head><body><div id="root"></div></body></html>`;
const table: PreloadTable = {
  f: ['/assets/en-1.js', '/assets/ja-1.js', '/assets/login-page-1.js', '/assets/form-1.css', '/assets/detail-1.js'],
  c: { en: [0], ja: [1] },
  r: { en: [], ja: [] },
  p: [
    ['^/login/?$', [2, 3]],
    ['^/gallery-detail/[^/]+/?$', [4], 1],
  ],
};
const views: FirstViews = {
  views: {
    '/login': {
      en: '<header>Little Museum</header><main id="main"><h1>Login</h1><p>Cost: $1 $& $$</p></main>',
      ja: '<header>リトルミュージアム</header><main id="main"><h1>ログイン</h1></main>',
    },
  },
};
const entryCss = 'body{color:#3b2a1e}';
const formCss = '._field_1{margin:0}';

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${path}`, { headers });
  return { res, html: await res.text() };
}

describe('first views', () => {
  beforeAll(async () => {
    const dist = s.deps.config.distDir;
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), index);
    await writeFile(join(dist, PRELOAD_TABLE_FILE), JSON.stringify(table));
    await writeFile(join(dist, FIRST_VIEWS_FILE), JSON.stringify(views));
    await writeFile(join(dist, 'assets/index-1.css'), entryCss);
    await writeFile(join(dist, 'assets/form-1.css'), formCss);
  });

  it('puts the page in #root, inert, in the browser language, with its styles inlined and no request before it is drawn', async () => {
    const { res, html } = await page('/login', { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    // Written as it is: "$" in the markup is text, not a replacement pattern.
    expect(html).toContain(`<div id="root" inert>${views.views['/login']!.en}</div>`);
    expect(html).toContain(`<style>${entryCss}</style>`);
    expect(html).toContain(`<style>${formCss}</style>`);
    // Nothing in the head or the headers that the browser would fetch before drawing.
    expect(html).not.toMatch(/<link rel="(stylesheet|preload|modulepreload)"/);
    expect(html).not.toContain('<script type="module" crossorigin src=');
    expect(res.headers.get('link')).toBeNull();
    // After the next frame: the page's and catalog's scripts are preloaded and the app starts.
    const start = /<script type="module">(requestAnimationFrame\(.*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(start).toContain('["/assets/en-1.js","/assets/login-page-1.js"]');
    expect(start).toContain('import("/assets/index-1.js")');
    expect(start).not.toContain('form-1.css');
    // Its hash is in the page's policy, as every inline script's.
    const hash = createHash('sha256').update(start, 'utf8').digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('follows the chosen language', async () => {
    const { html } = await page('/login', { 'Accept-Language': 'en-US', Cookie: 'lm-lang=ja' });
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(`<div id="root" inert>${views.views['/login']!.ja}</div>`);
    expect(html).toContain('ja-1.js');
  });

  it('gives a family, and every page without a first view, the plain shell', async () => {
    for (const [path, cookie] of [
      ['/login', `${SESSION_COOKIE}=1`],
      ['/login', `lm-lang=en; ${SESSION_COOKIE}=1; csrftoken=x`],
      ['/gallery-detail/42', ''],
      ['/contact-us', ''],
    ] as const) {
      const { res, html } = await page(path, { 'Accept-Language': 'en', ...(cookie ? { Cookie: cookie } : {}) });
      expect(res.status, path).toBe(200);
      expect(html, `${path} ${cookie}`).toContain('<div id="root"></div>');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
      expect(html).not.toContain('<style>');
      expect(res.headers.get('link')).toContain('index-1.css');
    }
    // A session cookie that is not "1" is no session.
    const { html } = await page('/login', { 'Accept-Language': 'en', Cookie: `${SESSION_COOKIE}=0` });
    expect(html).toContain('<div id="root" inert>');
  });

  it('sends the plain shell when index.html has no entry script to start the app with', async () => {
    await writeFile(
      join(s.deps.config.distDir, 'index.html'),
      index.replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, ''),
    );
    const { res, html } = await page('/login', { 'Accept-Language': 'en' });
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<style>');
  });
});
