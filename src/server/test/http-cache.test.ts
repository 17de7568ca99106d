/**
 * Standard HTTP caching of the public wall (issue 30, routes/wall-cache.ts): an anonymous page is public and must be
 * revalidated, with an ETag of the gallery version and the query; If-None-Match gets a 304; any change a visitor
 * would see changes the ETag; a request with a token never gets a shared answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { paged, work } from '@contract/works';
import { startTestServer, type TestServer } from './harness';
import { catalog, family, made, workForm, type Kid } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
});
afterAll(() => s.close());

const WALL = '/api/artworks/?page=1&language=ja';
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers });
const etagOf = async (path = WALL) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return res.headers.get('etag')!;
};
const ids = async (res: Response) =>
  paged(work)
    .parse(await res.json())
    .results.map((w) => w.id);
const varyOf = (res: Response) => (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());

const update = async (kid: Kid, id: number, change: { title?: string; is_public?: boolean }) => {
  const current = await s.request(`/api/artworks/${id}/`, { token: kid.access });
  const keep = (current.body.images_data as { id: number }[]).map((i) => i.id);
  const res = await s.request(`/api/artworks/${id}/update/`, {
    token: kid.access,
    form: workForm({ title: current.body.title as string, is_public: current.body.is_public as boolean, keep_images: keep, ...change }),
  });
  expect(res.status).toBe(200);
};

describe('the anonymous public wall', () => {
  it('is public, revalidated, with a weak ETag of its own per query, the same gzipped, Vary on Authorization and no cookie', async () => {
    const { category } = await catalog(s);
    const tags = new Set<string>();
    for (const path of [
      WALL,
      '/api/artworks/?page=2&language=ja',
      '/api/artworks/',
      `/api/artworks/?category=${Object.values(category)[0]}`,
      '/api/artworks/?search=a',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('etag'), path).toMatch(/^W\/"[^"]+"$/);
      expect(varyOf(res), path).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
      expect(res.headers.get('set-cookie'), path).toBeNull();
      expect(res.headers.get('x-accel-expires'), path).toBe('@1');
      tags.add(res.headers.get('etag')!);
    }
    // Each query its own tag.
    expect(tags.size).toBe(5);
    const plain = await get(WALL, { 'Accept-Encoding': 'identity' });
    const zipped = await get(WALL, { 'Accept-Encoding': 'gzip' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('etag')).toBe(plain.headers.get('etag'));
    // compress() adds Accept-Encoding to the answer's Vary: Authorization must stay beside it.
    for (const res of [plain, zipped]) expect(varyOf(res)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
    expect(await zipped.text()).toBe(await plain.text());
  });

  it('answers a matching If-None-Match (a list, W/ or not, or *) with a 304 without a body, and any other with the page', async () => {
    const tag = await etagOf();
    const opaque = tag.replace(/^W\//, '');
    for (const asked of [tag, opaque, `"other", ${tag}`, `W/"x",${opaque}`, '*']) {
      for (const encoding of ['gzip', 'identity']) {
        const res = await get(WALL, { 'If-None-Match': asked, 'Accept-Encoding': encoding });
        expect(res.status, asked).toBe(304);
        expect(await res.text()).toBe('');
        expect(res.headers.get('etag')).toBe(tag);
        expect(res.headers.get('content-encoding')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
        expect(varyOf(res)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    }
    // A page past the end has its tag too (its total says it is empty at that version).
    const past = '/api/artworks/?page=10000';
    const end = await etagOf(past);
    expect(end).toMatch(/^W\//);
    expect((await get(past, { 'If-None-Match': end })).status).toBe(304);
    // Another page's tag, or a made-up one: the page.
    for (const asked of [await etagOf('/api/artworks/?page=2&language=ja'), '"nope"', 'W/"nope"']) {
      const res = await get(WALL, { 'If-None-Match': asked });
      expect(res.status, asked).toBe(200);
      expect(res.headers.get('etag')).toBe(tag);
      expect((await ids(res)).length).toBeGreaterThan(0);
    }
  });

  it('changes its ETag with a like, a work made private, a rename and a new public work, and answers the next revalidation with the new page', async () => {
    const { kids } = await family(s, 2);
    const [owner, fan] = kids as [Kid, Kid];
    const id = await made(s, owner, { title: 'cached', is_public: true });
    const search = '/api/artworks/?search=cached';
    let tag = await etagOf();
    let searchTag = await etagOf(search);
    /** The wall after a change: the old tags get a 200 with a new tag, whose revalidation is a 304. */
    const moved = async (
      seen: (page: { results: { id: number; title: string; likes_count: number; member: { username: string } }[] }) => void,
    ) => {
      for (const [path, old] of [
        [WALL, tag],
        [search, searchTag],
      ] as const) {
        const res = await get(path, { 'If-None-Match': old });
        expect(res.status, path).toBe(200);
        const now = res.headers.get('etag')!;
        expect(now, path).not.toBe(old);
        if (path === WALL) seen(paged(work).parse(await res.json()));
        expect((await get(path, { 'If-None-Match': now })).status, path).toBe(304);
        if (path === WALL) tag = now;
        else searchTag = now;
      }
    };

    expect((await s.request(`/api/artworks/${id}/like/`, { method: 'POST', token: fan.access })).status).toBe(200);
    await moved((page) => expect(page.results.find((w) => w.id === id)?.likes_count).toBe(1));

    await update(owner, id, { title: 'cached renamed' });
    await moved((page) => expect(page.results.find((w) => w.id === id)?.title).toBe('cached renamed'));

    const renamed = `cachedkid${Date.now() % 100000}`;
    expect((await s.request('/api/profile/', { method: 'PATCH', token: owner.access, json: { username: renamed } })).status).toBe(200);
    await moved((page) => expect(page.results.find((w) => w.id === id)?.member.username).toBe(renamed));

    const added = await made(s, fan, { title: 'cached newcomer', is_public: true });
    await moved((page) => expect(page.results[0]!.id).toBe(added));

    await update(owner, id, { is_public: false });
    await moved((page) => expect(page.results.map((w) => w.id)).not.toContain(id));
    expect(await ids(await get(search))).not.toContain(id);
  });
});

describe('a request with a token', () => {
  it('never gets a shared answer: no-store, no ETag, never a 304, whatever it asks', async () => {
    const { parent, kids } = await family(s);
    const tag = await etagOf();
    for (const [who, token] of [
      ['child', kids[0]!.access],
      ['parent', parent],
      ['invalid', 'not.a.token'],
    ] as const) {
      for (const asked of [tag, tag.replace(/^W\//, ''), '*']) {
        const res = await get(WALL, { Authorization: `Bearer ${token}`, 'If-None-Match': asked });
        expect(res.status, who).toBe(200);
        expect(res.headers.get('cache-control'), who).toBe('no-store');
        expect(res.headers.get('etag'), who).toBeNull();
        expect(res.headers.get('x-accel-expires'), who).toBeNull();
        expect(varyOf(res), who).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
        expect((await ids(res)).length, who).toBeGreaterThan(0);
      }
    }
  });
});

describe('every other API answer', () => {
  it('says no-store, while the anonymous wall is public', async () => {
    const { kids } = await family(s);
    const id = await made(s, kids[0]!, { is_public: true });
    expect((await get(WALL)).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    for (const [path, token] of [
      ['/api/public-navbar/', undefined],
      [`/api/artworks/${id}/`, undefined],
      ['/api/artworks/my', kids[0]!.access],
      ['/api/artworks/?page=0', undefined],
      ['/api/artworks/?category=nope', undefined],
    ] as const) {
      const res = await get(path, token ? { Authorization: `Bearer ${token}` } : {});
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('etag'), path).toBeNull();
      expect(res.status === 304, path).toBe(false);
    }
  });
});
