/** HTTP conventions: trailing slashes, CSRF, language, error bodies, /media and the PWA fallback. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { messages as jaCatalog } from '../../../locales/ja';
import { PASSWORD, profileForm, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
});
afterAll(() => s.close());

describe('routing', () => {
  it('accepts every API path with and without the trailing slash', async () => {
    const p = await signupVerified(s);
    for (const path of ['/api/user/me', '/api/user/me/', '/api/profiles', '/api/profiles/', '/api/account-info', '/api/account-info/']) {
      expect((await s.request(path, { token: p.access })).status, path).toBe(200);
    }
    for (const path of ['/api/login', '/api/login/']) {
      expect((await s.request(path, { json: { email: p.email, password: PASSWORD } })).status, path).toBe(200);
    }
  });

  it('answers unknown /api paths with 404 JSON, never the app shell', async () => {
    for (const path of ['/api/nope', '/api/nope/', '/api', '/api/login/extra']) {
      const res = await s.request(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: M.notFound.message });
    }
    expect((await s.request('/api/login/', { method: 'GET' })).status).toBe(404);
  });

  it('serves a note without a build, and the built PWA with index.html for navigations', async () => {
    const note = await fetch(`${s.url}/my-work`);
    expect(note.status).toBe(200);
    expect(await note.text()).toContain('npm run build');

    const dist = s.deps.config.distDir;
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Little Museum</title>');
    await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const page = await fetch(`${s.url}/gallery-detail/3?x=1`);
    expect(await page.text()).toContain('<title>Little Museum</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${s.url}/assets/app-abc.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${s.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${s.url}/api/anything`)).headers.get('content-type')).toContain('application/json');
  });
});

describe('share target without a service worker', () => {
  it('sends a shared POST (even with a cookie and no CSRF header) to the capture page, never an error', async () => {
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'a.jpg');
    const res = await fetch(`${s.url}/share-target`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Cookie: 'csrftoken=abc' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/register-work');
  });
});

describe('/media', () => {
  it('serves only files inside DATA_DIR/media', async () => {
    await writeFile(join(s.dataDir, 'secret.webp'), 'top secret');
    await mkdir(join(s.dataDir, 'media', 'avatars'), { recursive: true });
    for (const path of [
      '/media/../secret.webp',
      '/media/%2e%2e/secret.webp',
      '/media/avatars/%2e%2e%2f%2e%2e%2fsecret.webp',
      '/media/avatars',
      '/media/avatars/none.webp',
      '/media/..%5csecret.webp',
    ]) {
      const res = await fetch(s.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('top secret');
    }
    await writeFile(join(s.dataDir, 'jwt-secret.webp'), 'x');
    expect((await fetch(`${s.url}/media/jwt-secret`)).status).toBe(404);
  });
});

describe('CSRF', () => {
  it('sets the readable csrftoken cookie and checks it on writes', async () => {
    const first = await fetch(`${s.url}/api/public-navbar/`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^csrftoken=[\w-]+; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    const token = /csrftoken=([\w-]+)/.exec(cookie)![1]!;

    const body = JSON.stringify({ email: uniqueEmail('c'), password: 'Wrong1234' });
    const post = (headers: Record<string, string>) =>
      fetch(`${s.url}/api/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

    const missing = await post({ Cookie: `csrftoken=${token}` });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ errors: M.csrfFailed.message, detail: M.csrfFailed.message });
    expect((await post({ Cookie: `csrftoken=${token}`, 'X-CSRFToken': 'other' })).status).toBe(403);
    expect((await post({ Cookie: `csrftoken=${token}`, 'X-CSRFToken': token })).status).toBe(401);
    // No cookie: an API client with bearer auth, not checked.
    expect((await post({})).status).toBe(401);
    // A request that already has the cookie does not get a new one.
    expect(
      (await fetch(`${s.url}/api/public-navbar/`, { headers: { Cookie: `csrftoken=${token}` } })).headers.get('set-cookie'),
    ).toBeNull();
  });
});

describe('error bodies and language', () => {
  it('answers malformed JSON, wrong types and odd bodies with 400, never 500', async () => {
    const raw = (body: string, type = 'application/json') =>
      fetch(`${s.url}/api/login/`, { method: 'POST', headers: { 'Content-Type': type }, body });
    const bad = await raw('{"email":');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ non_field_errors: [M.invalidBody.message] });
    const typed = await raw(JSON.stringify({ email: 42, password: ['x'] }));
    expect(typed.status).toBe(400);
    expect(await typed.json()).toEqual({ email: [M.emailRequired.message], password: [M.passwordRequired.message] });
    expect((await raw('[1,2,3]')).status).toBe(400);
    expect((await raw('null')).status).toBe(400);
    expect((await raw('email=a', 'text/plain')).status).toBe(400);
    const huge = await raw(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(300_000) }));
    expect(huge.status).toBe(400);
    expect(huge.headers.get('connection')).toBe('close');
  });

  it('refuses a JSON body sent without a Content-Type instead of reading it as {} (issue 27, found by the fuzzer)', async () => {
    const parent = await signupVerified(s, uniqueEmail('untyped'));
    const patch = (body?: Uint8Array) =>
      fetch(`${s.url}/api/account-info/`, { method: 'PATCH', headers: { Authorization: `Bearer ${parent.access}` }, body });
    // A byte body gets no Content-Type from fetch. Before, it was read as {}: its fields dropped, so here "nothing to
    // change", and a profile change or a logout answered 200 having read nothing.
    const untyped = await patch(new TextEncoder().encode(JSON.stringify({ address: 'Nagoya' })));
    expect(untyped.status).toBe(400);
    expect(await untyped.json()).toEqual({ non_field_errors: [M.invalidBody.message] });
    // No body at all is still read as no fields (so the account's own rule answers, not "could not be read").
    const none = await patch();
    expect([none.status, await none.json()]).toEqual([400, { non_field_errors: [M.nothingToChange.message] }]);
    const info = await s.request('/api/account-info/', { token: parent.access });
    expect(info.body.address).not.toBe('Nagoya');
  });

  it('accepts ?language=ja and answers from the catalogs, falling back to English', async () => {
    const en = await s.request('/api/login/?language=en', { json: {} });
    const ja = await s.request('/api/login/?language=ja', { json: {} });
    expect(en.body).toEqual({ email: [M.emailRequired.message], password: [M.passwordRequired.message] });
    expect(ja.status).toBe(400);
    expect(ja.headers.get('content-language')).toBe('ja');
    // Whatever the compiled ja catalog holds for the id (English where a translation is missing).
    const catalogued = [jaCatalog[M.emailRequired.id] ?? M.emailRequired.message].flat().join('');
    expect(ja.body.email).toEqual([catalogued]);
    expect(catalogued.length).toBeGreaterThan(0);
    const unknownLang = await s.request('/api/login/?language=fr', { json: {} });
    expect(unknownLang.body).toEqual(en.body);
    expect(unknownLang.headers.get('content-language')).toBe('en');
  });

  it('localizes e-mails and messages with values', async () => {
    const p = await signupVerified(s);
    await s.request('/api/register-profile/?language=ja', { token: p.access, form: profileForm('nao') });
    const res = await s.request('/api/profile/login/?language=ja', { token: p.access, json: { username: 'nao' } });
    expect(res.body.message).toContain('nao');
  });

  it('marks API answers as not cacheable', async () => {
    expect((await fetch(`${s.url}/api/public-navbar/`)).headers.get('cache-control')).toBe('no-store');
  });
});
