/**
 * What every answer carries (issue 30 put it on in one middleware: middleware/language.ts): secureHeaders' headers,
 * a Content-Security-Policy, Content-Language, X-Request-Id; behind https, Strict-Transport-Security and a Secure CSRF
 * cookie (until issue 30, `strictTransportSecurity: undefined` in app.ts turned secureHeaders' default off, so no
 * Strict-Transport-Security was ever sent). Checked on each kind of answer: JSON, the shared wall's 200 and 304,
 * errors, the PWA's files, /media/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NON_DOCUMENT_POLICY } from '../middleware/csp';
import { startTestServer, type TestServer } from './harness';

/** hono's secureHeaders with crossOriginEmbedderPolicy off (app.ts), written out here so that a lost one shows. */
const SECURITY: Record<string, string> = {
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let s: TestServer;
let https: TestServer;
beforeAll(async () => {
  // One database (on PostgreSQL each new test database drops and makes the schema: two at once would race).
  s = await startTestServer({ seed: false });
  https = await startTestServer({ seed: false, database: s.database, env: { PUBLIC_URL: 'https://museum.test' } });
  const dist = s.deps.config.distDir;
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  await writeFile(join(dist, 'assets', 'index-1.css'), 'body { margin: 0 }');
  await s.deps.storage.put('picture.webp', Buffer.from('RIFF....WEBPVP8 '), 'image/webp');
});
afterAll(async () => {
  await https?.close();
  await s?.close();
});

function expectAnswerHeaders(headers: Headers, lang: 'en' | 'ja', https = false): void {
  for (const [name, value] of Object.entries(SECURITY)) expect(headers.get(name), name).toBe(value);
  expect(headers.get('strict-transport-security')).toBe(https ? 'max-age=15552000; includeSubDomains' : null);
  expect(headers.get('content-security-policy')).toBeTruthy();
  expect(headers.get('content-language')).toBe(lang);
  expect(headers.get('x-request-id')).toMatch(/^[\w=-]+$/);
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('every answer carries the security headers, a policy, its language and a request id', () => {
  it.each([
    ['a JSON answer', '/api/public-navbar/', 200, 'en'],
    ['a JSON answer in Japanese', '/api/public-navbar/?language=ja', 200, 'ja'],
    ['the language with an escape in the query', '/api/public-navbar/?l%61nguage=ja', 200, 'ja'],
    ['the public wall', '/api/artworks/?page=1', 200, 'en'],
    ['an unknown API path', '/api/no-such-endpoint/?language=ja', 404, 'ja'],
    ['a call that needs a session', '/api/artworks/my?page=1', 401, 'en'],
    ['a bad query', '/api/artworks/?page=abc&language=ja', 400, 'ja'],
    ['a /media/ image', '/media/picture.webp', 200, 'en'],
    ['a stylesheet', '/assets/index-1.css', 200, 'en'],
    ['a page of the PWA', '/gallery', 200, 'en'],
  ] as const)('%s', async (_, path, status, lang) => {
    const res = await fetch(`${s.url}${path}`);
    expect(res.status).toBe(status);
    expectAnswerHeaders(res.headers, lang);
    if (!path.startsWith('/gallery')) expect(res.headers.get('content-security-policy')).toBe(NON_DOCUMENT_POLICY);
    else expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("the wall's 304 keeps them, its ETag and no cookie", async () => {
    const first = await fetch(`${s.url}/api/artworks/?page=1&language=ja`);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\//);
    expect(first.headers.get('set-cookie')).toBeNull();
    const again = await fetch(`${s.url}/api/artworks/?page=1&language=ja`, { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expectAnswerHeaders(again.headers, 'ja');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    // Another query is another tag; the same query asked again, the same one (kept per path and query).
    const other = await fetch(`${s.url}/api/artworks/?page=2&language=ja`);
    expect(other.headers.get('etag')).not.toBe(tag);
    expect((await fetch(`${s.url}/api/artworks/?page=1&language=ja`)).headers.get('etag')).toBe(tag);
  });

  it('gzip for a client that accepts it, with Vary; none for one that does not', async () => {
    // The error body of a bad query is small; the navbar may be too: the wall's page is over compress()'s threshold.
    const zipped = await fetch(`${s.url}/api/artworks/?page=1`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    const plain = await fetch(`${s.url}/api/artworks/?page=1`, { headers: { 'Accept-Encoding': 'identity' } });
    for (const res of [zipped, plain]) expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expectAnswerHeaders(zipped.headers, 'en');
  });

  it('behind https: Strict-Transport-Security, and the CSRF cookie is Secure', async () => {
    const res = await fetch(`${https.url}/api/public-navbar/`);
    expect(res.status).toBe(200);
    expectAnswerHeaders(res.headers, 'en', true);
    expect(res.headers.get('set-cookie')).toMatch(/^csrftoken=[\w-]{32}; Max-Age=31536000; Path=\/; Secure; SameSite=Lax$/);
    const plain = await fetch(`${s.url}/api/public-navbar/`);
    expect(plain.headers.get('set-cookie')).toMatch(/^csrftoken=[\w-]{32}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    // Each answer its own token.
    const next = await fetch(`${s.url}/api/public-navbar/`);
    expect(next.headers.get('set-cookie')).not.toBe(plain.headers.get('set-cookie'));
  });
});

describe('the query, as register.ts reads it (URLSearchParams since issue 30)', () => {
  it.each([
    ['blank values dropped', '?page=1&page=&search=', 200],
    ['a name without a value', '?page', 200],
    ['percent-decoded', '?page=%31', 200],
    ['+ is a space', '?page=+1+', 200],
    ['a repeated name is a list', '?tags=1&tags=2', 200],
    ['a list where one value is asked for', '?page=1&page=2', 400],
    ['bytes that are no UTF-8', '?page=%FF', 400],
    ['a bad escape', '?search=%E0%A4%A', 200],
  ] as const)('%s: %s', async (_, query, status) => {
    const res = await fetch(`${s.url}/api/artworks/${query}`);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { results?: unknown[]; page?: string[] };
    if (status === 200) expect(body.results).toEqual([]);
    else expect(body.page).toHaveLength(1);
  });
});

it('a query name such as __proto__ is a name like any other (an unknown one: left aside)', async () => {
  for (const query of ['?__proto__=1', '?__proto__=a&__proto__=b', '?constructor=x&page=1']) {
    const res = await fetch(`${s.url}/api/artworks/${query}`);
    expect(res.status, query).toBe(200);
  }
});
