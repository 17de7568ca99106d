/**
 * index.html's preload script is addPreloads and pickLanguage inlined from their source (build/first-load.ts,
 * preloadFirstPage): each must work from its source alone, as it does in the browser, and pick what the page
 * and the server pick.
 */
import { describe, expect, it } from 'vitest';

import { LANGUAGES, pickLanguage } from './limits';
import { addPreloads, LANGUAGE_COOKIE, type PreloadScriptPage, type PreloadTable } from './preload';

/** A function rebuilt from its source text, with nothing of this module around it. */
function fromSource<F>(fn: F): F {
  return new Function(`return (${String(fn)})`)() as F;
}

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

function run(pathname: string, cookie: string, languages: string[]) {
  const links: { rel: string; as: string; crossOrigin: string | null; href: string }[] = [];
  const page: PreloadScriptPage = {
    document: {
      cookie,
      head: { appendChild: (link) => links.push(link) },
      createElement: () => ({ rel: '', as: '', crossOrigin: null, href: '' }),
    },
    navigator: { languages, language: languages[0] },
    location: { pathname },
  };
  fromSource(addPreloads)(table, LANGUAGE_COOKIE, fromSource(pickLanguage), page);
  return links;
}

describe('the first-load language rule', () => {
  it('works from its source alone, the same as the module', () => {
    const inlined = fromSource(pickLanguage);
    for (const chosen of [undefined, null, '', 'en', 'ja', 'fr'])
      for (const browser of [undefined, null, '', 'en', 'EN-gb', ' en-US', 'ja-JP', 'fr', 'eng'])
        expect(inlined(chosen, browser)).toBe(pickLanguage(chosen, browser));
  });

  it('keeps every language that can be chosen, else English for an English browser, else Japanese', () => {
    for (const language of LANGUAGES) expect(pickLanguage(language, 'fr')).toBe(language);
    expect(pickLanguage('de', 'en-AU')).toBe('en');
    expect(pickLanguage(undefined, 'zh-TW')).toBe('ja');
    expect(pickLanguage(undefined, undefined)).toBe('ja');
  });
});

describe("index.html's preload script", () => {
  it("adds the catalog of the browser's language and the files of the page at this path", () => {
    expect(run('/login', '', ['en-US', 'ja'])).toEqual([
      { rel: 'modulepreload', as: '', crossOrigin: '', href: '/assets/en-1.js' },
      { rel: 'modulepreload', as: '', crossOrigin: '', href: '/assets/login-page-1.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/form-1.css' },
    ]);
  });

  it('follows the chosen language in the cookie; a path parameter matches its page; other paths get the catalog only', () => {
    // The gallery detail is beyond the first loads: the rest of the catalog comes with its page.
    expect(run('/gallery-detail/42', `csrftoken=abc; ${LANGUAGE_COOKIE}=ja`, ['en-US']).map((l) => l.href)).toEqual([
      '/assets/ja-1.js',
      '/assets/ja.rest-1.js',
      '/assets/detail-1.js',
    ]);
    expect(run('/login', '', ['ja']).map((l) => l.href)).not.toContain('/assets/ja.rest-1.js');
    expect(run('/somewhere-else', '', []).map((l) => l.href)).toEqual(['/assets/ja-1.js']);
  });
});
