/**
 * The Content-Security-Policy (issue 9, finding 8; middleware/csp.ts): every page the server sends allows scripts
 * from this origin and the hashes of exactly the inline scripts in it, and nothing that would let an injected
 * script, plugin, base URL, form or frame in; the PWA's scripts carry the policy for the workers they start; every
 * other answer may load nothing. The browser side (the PWA, its workers, offline) is e2e/csp.spec.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PRELOAD_TABLE_FILE, type PreloadTable } from '@contract/preload';
import { createApp } from '../app';
import { NON_DOCUMENT_POLICY } from '../middleware/csp';
import { startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  const dist = s.deps.config.distDir;
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), index);
  await writeFile(join(dist, PRELOAD_TABLE_FILE), JSON.stringify(table));
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dist, 'assets', 'index-1.css'), 'body { margin: 0 }');
  await s.deps.storage.put('picture.webp', Buffer.from('RIFF....WEBPVP8 '), 'image/webp');
});
afterAll(() => s.close());

/** The build's preload script (marked, replaced by links for our own pages) and one more inline script. */
const preloadScript = "(function(){var d=document;d.documentElement.dataset.lang='ja'})()";
const otherScript = 'window.__started = Date.now();';
const index =
  '<!doctype html><html><head><title>Little Museum</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  `<link rel="stylesheet" crossorigin href="/assets/index-1.css"><script data-preload>${preloadScript}</script>` +
  `<script>${otherScript}</script></head><body><div id="root"></div></body></html>`;
const table: PreloadTable = {
  f: ['/assets/en-1.js', '/assets/ja-1.js', '/assets/detail-1.js'],
  c: { en: [0], ja: [1] },
  r: { en: [], ja: [] },
  p: [['^/gallery-detail/[^/]+/?$', [2]]],
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The inline scripts of a page, as the browser hashes them (their text), read independently of csp.ts. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!)).map((m) => m[2]!);
}

function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(`${s.url}${path}`, { redirect: 'manual', ...init });
  return { res, body: await res.text(), policy: res.headers.get('content-security-policy') };
}

/** The capture worker compiles libwebp where the canvas cannot encode WebP (issue 28). */
const WASM = "'wasm-unsafe-eval'";

describe('the PWA pages', () => {
  it('an app route: scripts from self and the hashes of exactly its inline scripts, nothing else let in', async () => {
    const { res, body, policy } = await get('/gallery-detail/42', { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    // The server wrote the preload links in place of the preload script; the other inline script stays.
    expect(body).toContain('href="/assets/detail-1.js"');
    expect(inlineScripts(body)).toEqual([otherScript]);
    const d = directives(policy);
    expect(d.get('script-src')).toEqual(["'self'", WASM, sha256(otherScript)]);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('manifest-src')).toEqual(["'self'"]);
    // Styles may be inline (react-hot-toast's goober writes a <style>), scripts never.
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.has('frame-src')).toBe(false);
    // WebAssembly may compile (the capture worker's WebP encoder on WebKit, issue 28), JavaScript from a string never.
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toContain('stripe');
  });

  it('index.html as a file, which the service worker precaches for every navigation, allows its preload script too', async () => {
    const { res, body, policy } = await get('/index.html', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(body).toBe(index);
    expect(inlineScripts(body)).toEqual([preloadScript, otherScript]);
    expect(directives(policy).get('script-src')).toEqual(["'self'", WASM, sha256(preloadScript), sha256(otherScript)]);
    // HEAD answers with the same policy.
    expect((await fetch(`${s.url}/index.html`, { method: 'HEAD' })).headers.get('content-security-policy')).toBe(policy);
  });

  it("the PWA's scripts carry the policy without hashes (the service worker runs under its script's)", async () => {
    const { res, policy } = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(directives(policy).get('script-src')).toEqual(["'self'", WASM]);
    expect(directives(policy).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('every other answer may load nothing', () => {
  it.each([
    ['a JSON answer', '/api/public-navbar/'],
    ['an unknown API path', '/api/no-such-endpoint/'],
    ['a /media/ image', '/media/picture.webp'],
    ['a missing /media/ file', '/media/missing.webp'],
    ['a stylesheet', '/assets/index-1.css'],
  ])('%s', async (_, path) => {
    const { policy } = await get(path);
    expect(policy).toBe(NON_DOCUMENT_POLICY);
    expect(NON_DOCUMENT_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });

  it("the share target's redirect", async () => {
    const { res, policy } = await get('/share-target', { method: 'POST', body: new FormData() });
    expect(res.status).toBe(303);
    expect(policy).toBe(NON_DOCUMENT_POLICY);
  });
});

describe('the card payment widget', () => {
  it("adds Stripe.js's origins only once a Stripe key is configured", async () => {
    const app = createApp({ ...s.deps, config: { ...s.deps.config, stripeSecretKey: 'sk_test_123' } });
    const res = await app.request('/gallery-detail/42');
    const d = directives(res.headers.get('content-security-policy'));
    expect(d.get('script-src')).toEqual(["'self'", WASM, sha256(otherScript), 'https://js.stripe.com']);
    expect(d.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(d.get('form-action')).toEqual(["'none'"]);
    expect((await app.request('/api/no-such-endpoint/')).headers.get('content-security-policy')).toBe(NON_DOCUMENT_POLICY);
  });
});
