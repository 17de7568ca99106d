/**
 * A fresh family made through the public API (sign-up, the e-mailed link, login, a child profile), and a way to
 * open the PWA as that family's child, as if the parent had logged in and picked the child a moment ago.
 */
import type { APIRequestContext } from '@playwright/test';

import { drawingPng } from './images';
import { linkFromOutbox } from './outbox';
import { apiPath } from './api';

/** Every journey family's parent password (typed on a child's device for a parent's word, issue 28). */
export const FAMILY_PASSWORD = 'Crayon2024';

export interface Family {
  email: string;
  parent: { access: string; refresh: string };
  child: { access: string; refresh: string };
  username: string;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Writes echo the csrftoken cookie in X-CSRFToken, as the PWA does (the request context keeps cookies). */
export async function csrf(request: APIRequestContext, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken');
  return cookie ? { ...headers, 'X-CSRFToken': cookie.value } : headers;
}

export async function newFamily(request: APIRequestContext, username: string): Promise<Family> {
  const email = `${username}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = FAMILY_PASSWORD;
  // Each family signs up from its own address, as families do: the journeys make more sign-ups than one address
  // may in an hour (the e2e server trusts X-Forwarded-For, as behind a load balancer).
  const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  await ok(
    await request.post(apiPath('signup'), {
      headers: await csrf(request, { 'X-Forwarded-For': address }),
      data: { email, password, confirm_password: password, accept_terms: true },
    }),
  );
  const link = new URL(await linkFromOutbox(email, '/verify-email'));
  await ok(
    await request.get(apiPath('verifyEmail', { uid: link.searchParams.get('uid') ?? '', token: link.searchParams.get('token') ?? '' })),
  );
  const parent = await ok<{ access: string; refresh: string }>(
    await request.post(apiPath('login'), { headers: await csrf(request), data: { email, password } }),
  );
  const auth = { Authorization: `Bearer ${parent.access}` };
  await ok(
    await request.post(apiPath('registerProfile'), {
      headers: await csrf(request, auth),
      multipart: { address: '東京都 (Tokyo)', username, first_name: 'Test Child', date_of_birth: '2018-06-01' },
    }),
  );
  const child = await ok<{ access: string; refresh: string }>(
    await request.post(apiPath('profileLogin'), { headers: await csrf(request, auth), data: { username } }),
  );
  return { email, parent, child, username };
}

/**
 * Stores the family's tokens the way the PWA does after login, then opens `path` (on `origin`, for a context
 * without a baseURL).
 */
/** What opening a page needs of a browser: a Playwright Page, or the engine journeys' Ui (e2e/engines/engine.ts). */
export interface Opener {
  goto(url: string): Promise<unknown>;
  evaluate(fn: (keys: Record<string, string>) => void, keys: Record<string, string>): Promise<unknown>;
}

export async function openAs(page: Opener, family: Pick<Family, 'parent' | 'child'>, path = '/my-work', origin = '') {
  const { parent, child } = family;
  await openWith(
    page,
    { token: parent.access, refreshToken: parent.refresh, child_token: child.access, child_refresh_token: child.refresh },
    path,
    origin,
  );
}

/** Opens `path` as the parent alone, no child chosen (the parent's own pages, such as /account-info). */
export async function openAsParent(page: Opener, family: Pick<Family, 'parent'>, path = '/account-info', origin = '') {
  await openWith(page, { token: family.parent.access, refreshToken: family.parent.refresh }, path, origin);
}

/** The session's localStorage keys (and English), set on a page of the app, then `path`. */
async function openWith(page: Opener, keys: Record<string, string>, path: string, origin: string) {
  await page.goto(`${origin}/terms-and-services`);
  await page.evaluate((k) => {
    for (const [key, value] of Object.entries(k)) localStorage.setItem(key, value);
    localStorage.setItem('language', 'en');
  }, keys);
  await page.goto(`${origin}${path}`);
}

/** Creates a work through the API (for journeys that start from an existing work). */
export async function createWork(request: APIRequestContext, family: Family, title: string, images = 2, isPublic = false) {
  const files = await Promise.all(
    Array.from({ length: images }, async (_, i) => ({
      name: `p${i}.png`,
      mimeType: 'image/png',
      buffer: await drawingPng(i ? '#669bbc' : '#f2a65a'),
    })),
  );
  // Repeated `images` need FormData: Playwright's plain multipart object takes one value per name.
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'Made at the kitchen table');
  form.set('is_public', String(isPublic));
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await request.post(apiPath('workCreate'), {
    headers: await csrf(request, { Authorization: `Bearer ${family.child.access}` }),
    multipart: form,
  });
  return ok<{ id: number; images_data: { id: number }[] }>(res);
}

export async function myWorks(request: APIRequestContext, family: Family) {
  return ok<{ count: number; results: { id: number; title: string; is_public: boolean; images_data: { id: number }[] }[] }>(
    await request.get(apiPath('myWorks'), { headers: { Authorization: `Bearer ${family.child.access}` } }),
  );
}

/** The seeded demo family (DEMO=1), logged in as one of its children: read-only journeys use it. */
export async function demoFamily(request: APIRequestContext, username: 'hana' | 'sora'): Promise<Family> {
  const email = 'demo@example.com';
  const parent = await ok<{ access: string; refresh: string }>(
    await request.post(apiPath('login'), { headers: await csrf(request), data: { email, password: 'Demo1234' } }),
  );
  const child = await ok<{ access: string; refresh: string }>(
    await request.post(apiPath('profileLogin'), {
      headers: await csrf(request, { Authorization: `Bearer ${parent.access}` }),
      data: { username },
    }),
  );
  return { email, parent, child, username };
}
