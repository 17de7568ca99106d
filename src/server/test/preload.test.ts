/**
 * index.html for navigations comes with the first page's preloads written in (middleware/preload.ts): the
 * files of the page at that path and the catalog of the language the page will pick, in place of the
 * build's preload script, and in a Link header; without the build's table, index.html goes out as it is, with
 * its entry script and styles in the Link header (as any page this server sends, the bench's baseline too).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PRELOAD_TABLE_FILE, type PreloadTable } from '@contract/preload';
import { requestLanguage } from '../middleware/preload';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const script = '<script data-preload>(function(){/* adds the links in the browser */})()</script>';
const index = `<!doctype html><html><head><title>Little Museum</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css">${script}<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;
const table: PreloadTable = {
  f: [
    '/assets/en-1.js',
    '/assets/ja-1.js',
    '/assets/login-page-1.js',
    '/assets/form-1.css',
    '/assets/detail-1.js',
    '/assets/en.rest-1.js',
    '/assets/ja.rest-1.js',
  ],
  c: { en: [0], ja: [1] },
  r: { en: [5], ja: [6] },
  p: [
    ['^/login/?$', [2, 3]],
    // A page beyond the first loads: it needs the rest of the catalog too.
    ['^/gallery-detail/[^/]+/?$', [4], 1],
  ],
};

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${path}`, { headers });
  return { res, html: await res.text() };
}

describe('index.html with its preloads', () => {
  beforeAll(async () => {
    const dist = s.deps.config.distDir;
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'index.html'), index);
    await writeFile(join(dist, PRELOAD_TABLE_FILE), JSON.stringify(table));
  });

  it('writes the page files and the English catalog for an English browser, without the script', async () => {
    const { res, html } = await page('/login', { 'Accept-Language': 'en-US,en;q=0.9,ja;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('vary')).toContain('Cookie');
    expect(html).not.toContain('data-preload');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/en-1.js"><link rel="modulepreload" crossorigin href="/assets/login-page-1.js"><link rel="preload" as="style" crossorigin href="/assets/form-1.css">',
    );
    expect(html).not.toContain('ja-1.js');
    // /login is a first load: the first part of the catalog is all it needs.
    expect(html).not.toContain('rest-1.js');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"></head>');
    // The same in a Link header, with the entry script and styles, for the browser to start before it parses.
    expect(res.headers.get('link')).toBe(
      '</assets/index-1.js>; rel=modulepreload; crossorigin, </assets/index-1.css>; rel=preload; as=style; crossorigin, ' +
        '</assets/en-1.js>; rel=modulepreload; crossorigin, </assets/login-page-1.js>; rel=modulepreload; crossorigin, ' +
        '</assets/form-1.css>; rel=preload; as=style; crossorigin',
    );
  });

  it('follows the chosen language in the cookie, then the browser; a path parameter matches its page', async () => {
    const chosen = await page('/gallery-detail/42', { 'Accept-Language': 'en-US', Cookie: 'csrftoken=abc; lm-lang=ja' });
    // The gallery detail is beyond the first loads: the rest of the catalog comes with its page, before it.
    expect(chosen.html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ja-1.js"><link rel="modulepreload" crossorigin href="/assets/ja.rest-1.js"><link rel="modulepreload" crossorigin href="/assets/detail-1.js">',
    );
    expect(chosen.html).not.toContain('en-1.js');
    expect(chosen.html).not.toContain('en.rest-1.js');

    const japanese = await page('/somewhere-else', { 'Accept-Language': 'ja-JP,ja;q=0.9' });
    expect(japanese.html).toContain('href="/assets/ja-1.js"');
    expect(japanese.html).not.toContain('login-page-1.js');

    expect(requestLanguage(undefined, undefined)).toBe('ja');
    expect(requestLanguage('lm-lang=fr', 'en-GB')).toBe('en');
    expect(requestLanguage('lm-lang=en', 'ja')).toBe('en');
  });

  it('serves index.html as it is when the build left no table, with its entry in the Link header', async () => {
    await rm(join(s.deps.config.distDir, PRELOAD_TABLE_FILE));
    const { res, html } = await page('/login', { 'Accept-Language': 'en' });
    expect(res.status).toBe(200);
    expect(html).toBe(index);
    expect(res.headers.get('link')).toBe(
      '</assets/index-1.js>; rel=modulepreload; crossorigin, </assets/index-1.css>; rel=preload; as=style; crossorigin',
    );
  });
});
