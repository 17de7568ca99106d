/** Work lists and detail: visibility for every list, paging, search, category and tag filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { paged, work } from '@contract/works';
import { DEMO_FAMILY, DEMO_PASSWORD, ENGLISH_FAMILY, GALLERY_FAMILY } from '../db/demo-content';
import { DEMO_WORKS, type DemoProfile } from '../db/seed-works';
import { startTestServer, type TestServer } from './harness';
import { catalog, family, made, png, share, type Kid } from './works-helpers';

let s: TestServer;
let ids: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
  ids = await catalog(s);
});
afterAll(() => s.close());

const list = async (path: string, kid?: Kid) => {
  const res = await s.request(path, { token: kid?.access });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return paged(work).parse(res.body);
};
const titles = async (path: string, kid?: Kid) => (await list(path, kid)).results.map((w) => w.title).sort();

describe('visibility', () => {
  // Family 1: a shares with b, not with c. Family 2: x.
  let a: Kid, b: Kid, c: Kid, x: Kid;
  const w: Record<string, number> = {};
  const tok = `vis${Date.now()}`;
  beforeAll(async () => {
    const f1 = await family(s, 3);
    [a, b, c] = f1.kids as [Kid, Kid, Kid];
    x = (await family(s)).kids[0]!;
    await share(s, a, [b]);
    w.aPub = await made(s, a, { title: `${tok} a public`, is_public: true });
    w.aPriv = await made(s, a, { title: `${tok} a private` });
    w.bPriv = await made(s, b, { title: `${tok} b private` });
    w.xPub = await made(s, x, { title: `${tok} x public`, is_public: true });
    w.xPriv = await made(s, x, { title: `${tok} x private` });
  });

  it('my: the active profile’s works, public and private; child token required', async () => {
    expect(await titles('/api/artworks/my', a)).toEqual([`${tok} a private`, `${tok} a public`]);
    expect(await titles('/api/artworks/my', x)).toEqual([`${tok} x private`, `${tok} x public`]);
    expect((await s.request('/api/artworks/my')).status).toBe(401);
    const { parent } = await family(s);
    expect(await s.request('/api/artworks/my', { token: parent })).toMatchObject({
      status: 403,
      body: { detail: M.childRequired.message },
    });
  });

  it('public: public works of everyone, for anyone', async () => {
    const expected = [`${tok} a public`, `${tok} x public`];
    expect(await titles(`/api/artworks/?search=${tok}`)).toEqual(expected);
    expect(await titles(`/api/artworks/?search=${tok}`, b)).toEqual(expected);
    const anon = await list(`/api/artworks/?search=${tok}`);
    expect(anon.results.every((r) => !r.can_edit && !r.is_liked_by_user)).toBe(true);
  });

  it('family-gallery: works of the profiles that share with me, not my own', async () => {
    expect(await titles('/api/artworks/family-gallery/', b)).toEqual([`${tok} a private`, `${tok} a public`]);
    expect((await list('/api/artworks/family-gallery/', b)).results.every((r) => r.can_edit)).toBe(true);
    expect((await list('/api/artworks/family-gallery/', c)).count).toBe(0);
    expect((await list('/api/artworks/family-gallery/', a)).count).toBe(0);
    expect((await list('/api/artworks/family-gallery/', x)).count).toBe(0);
  });

  it("member: everything when the member shares with me, else public works only; 404 for another family's or an unknown member", async () => {
    expect(await titles(`/api/artworks/member/${a.id}`, b)).toEqual([`${tok} a private`, `${tok} a public`]);
    expect(await titles(`/api/artworks/member/${a.id}`, a)).toEqual([`${tok} a private`, `${tok} a public`]);
    expect(await titles(`/api/artworks/member/${a.id}`, c)).toEqual([`${tok} a public`]);
    // Another family's profile does not exist for me, as an unknown id does not (its public works are on the public wall).
    expect(await s.request(`/api/artworks/member/${a.id}`, { token: x.access })).toMatchObject({
      status: 404,
      body: { detail: M.notFound.message },
    });
    expect(await titles(`/api/artworks/member/${b.id}`, a)).toEqual([]);
    expect((await s.request('/api/artworks/member/99999999', { token: a.access })).status).toBe(404);
    expect((await s.request('/api/artworks/member/abc', { token: a.access })).status).toBe(404);
    expect((await s.request(`/api/artworks/member/${a.id}`)).status).toBe(401);
  });

  it('detail: 404 for a private work the viewer may not see, never 403', async () => {
    const detail = (id: number, kid?: Kid) => s.request(`/api/artworks/${id}`, { token: kid?.access });
    expect(await detail(w.aPriv!, a)).toMatchObject({ status: 200, body: { can_edit: true, member: { id: a.id } } });
    expect(await detail(w.aPriv!, b)).toMatchObject({ status: 200, body: { can_edit: true } });
    expect(await detail(w.aPriv!, c)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    expect((await detail(w.aPriv!, x)).status).toBe(404);
    expect((await detail(w.aPriv!)).status).toBe(404);
    expect((await detail(w.xPriv!, a)).status).toBe(404);
    expect(await detail(w.aPub!)).toMatchObject({ status: 200, body: { can_edit: false } });
    expect(await detail(w.aPub!, x)).toMatchObject({ status: 200, body: { can_edit: false } });
    expect((await detail(99999999, a)).status).toBe(404);
    expect((await s.request('/api/artworks/99999999999', { token: a.access })).status).toBe(404);
    work.parse((await detail(w.aPub!)).body);
  });

  it('likes only on visible works (404 otherwise); my-collection holds the liked works I can still see', async () => {
    const like = (id: number, kid: Kid) => s.request(`/api/artworks/${id}/like/`, { method: 'POST', token: kid.access });
    expect(await like(w.aPriv!, x)).toMatchObject({ status: 404 });
    expect(await like(w.aPriv!, c)).toMatchObject({ status: 404 });
    expect((await s.request(`/api/artworks/${w.aPriv}/unlike/`, { method: 'POST', token: x.access })).status).toBe(404);
    expect(await like(w.aPriv!, b)).toMatchObject({ status: 200, body: { success: true, likes_count: 1, is_liked_by_user: true } });
    expect((await like(w.xPub!, b)).status).toBe(200);
    expect(await titles('/api/artworks/my-collection/', b)).toEqual([`${tok} a private`, `${tok} x public`]);
    const coll = await list('/api/artworks/my-collection/', b);
    expect(coll.results.every((r) => r.is_liked_by_user)).toBe(true);
    expect((await list('/api/artworks/my-collection/', c)).count).toBe(0);

    // a stops sharing with b: the private work drops out of b's collection and gallery.
    await share(s, a, []);
    expect(await titles('/api/artworks/my-collection/', b)).toEqual([`${tok} x public`]);
    expect((await list('/api/artworks/family-gallery/', b)).count).toBe(0);
    expect(await titles(`/api/artworks/member/${a.id}`, b)).toEqual([`${tok} a public`]);
    expect((await s.request(`/api/artworks/${w.aPriv}`, { token: b.access })).status).toBe(404);
    await share(s, a, [b, c]);
    expect(await titles('/api/artworks/family-gallery/', c)).toEqual([`${tok} a private`, `${tok} a public`]);
  });
});

describe('paging, search and filters', () => {
  const tok = `pg${Date.now()}`;
  let made13: number[] = [];
  let viewer: Kid;
  beforeAll(async () => {
    // 13 public works need three families on the free plan (5 + 5 + 3 images).
    const kids = [(await family(s)).kids[0]!, (await family(s)).kids[0]!, (await family(s)).kids[0]!];
    viewer = kids[0]!;
    const cats = [ids.category.Drawing!, ids.category.Painting!, ids.category.Clay!];
    const tags = [[ids.tag.Animals!], [ids.tag.Nature!, ids.tag.Food!], []];
    made13 = [];
    for (let i = 0; i < 13; i++) {
      made13.push(
        await made(s, kids[Math.floor(i / 5)]!, {
          title: `${tok} number ${i}`,
          description: i === 7 ? 'A Purple Elephant 100% real' : 'plain',
          is_public: true,
          category: [cats[i % 3]!],
          tags: tags[i % 3]!,
          images: [await png(8, 8)],
        }),
      );
    }
  });

  it('12 per page, newest first, with next/previous links that keep the filters', async () => {
    const first = await list(`/api/artworks/?search=${tok}&language=en`);
    expect(first.count).toBe(13);
    expect(first.results).toHaveLength(12);
    expect(first.results.map((r) => r.id)).toEqual([...made13].reverse().slice(0, 12));
    expect(first.previous).toBeNull();
    const next = new URL(first.next!, 'http://x');
    expect(next.pathname).toBe('/api/artworks/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: tok, language: 'en', page: '2' });

    const second = await list(first.next!);
    expect(second.results.map((r) => r.id)).toEqual([made13[0]]);
    expect(second.next).toBeNull();
    expect(new URL(second.previous!, 'http://x').searchParams.get('page')).toBe('1');

    const past = await list(`/api/artworks/?search=${tok}&page=5`);
    expect(past).toMatchObject({ count: 13, next: null, results: [] });
    expect(new URL(past.previous!, 'http://x').searchParams.get('page')).toBe('2');

    for (const bad of ['page=0', 'page=abc', 'page=-1', 'category=abc', 'tags=0', 'category=99999999999']) {
      expect((await s.request(`/api/artworks/?${bad}`)).status).toBe(400);
    }
    // Empty filters are simply absent.
    expect((await s.request(`/api/artworks/?search=&category=&page=`)).status).toBe(200);
  });

  it('searches title and description, case-insensitively, with % and _ taken literally', async () => {
    expect((await list(`/api/artworks/?search=${tok.toUpperCase()}`)).count).toBe(13);
    const elephant = await list(`/api/artworks/?search=purple%20elephant`);
    expect(elephant.results.map((r) => r.id)).toContain(made13[7]);
    expect((await list(`/api/artworks/?search=${encodeURIComponent('100%')}`)).results.map((r) => r.id)).toEqual([made13[7]]);
    expect((await list(`/api/artworks/?search=${encodeURIComponent('%')}`)).results.map((r) => r.id)).toEqual([made13[7]]);
    expect((await list(`/api/artworks/?search=${tok}_`)).count).toBe(0);
    expect((await list(`/api/artworks/?search=zzznothingzzz`)).count).toBe(0);
  });

  it('filters by category and by tags (any of them)', async () => {
    const byCat = await list(`/api/artworks/?search=${tok}&category=${ids.category.Painting}`);
    expect(byCat.count).toBe(4);
    expect(byCat.results.every((r) => r.category?.name === 'Painting')).toBe(true);
    const animals = await list(`/api/artworks/?search=${tok}&tags=${ids.tag.Animals}`);
    expect(animals.count).toBe(5);
    const anyOf = await list(`/api/artworks/?search=${tok}&tags=${ids.tag.Animals}&tags=${ids.tag.Food}`);
    expect(anyOf.count).toBe(9);
    const none = await list(`/api/artworks/?search=${tok}&tags=${ids.tag.Vehicles}`);
    expect(none.count).toBe(0);
    const mine = await list(`/api/artworks/my?category=${ids.category.Drawing}`, viewer);
    expect(mine.results.map((r) => r.title).sort()).toEqual([`${tok} number 0`, `${tok} number 3`]);
  });
});

describe('demo seed', () => {
  const titlesOf = (owner: DemoProfile, isPublic?: boolean) =>
    DEMO_WORKS.filter((w) => w.owner === owner && (isPublic === undefined || w.isPublic === isPublic))
      .map((w) => w.title)
      .sort();
  const login = async (email: string) =>
    (await s.request('/api/login/', { json: { email, password: DEMO_PASSWORD } })).body.access as string;
  const child = async (parent: string, username: string): Promise<Kid> => {
    const res = await s.request('/api/profile/login/', { token: parent, json: { username } });
    return { id: 0, access: res.body.access };
  };

  it('fills the public gallery beyond one page and leaves the demo family room for one image', async () => {
    const pub = await list('/api/artworks/?search=');
    expect(pub.count).toBeGreaterThanOrEqual(14);
    expect(pub.next).not.toBeNull();
    const demo = await login(DEMO_FAMILY.email);
    expect((await s.request('/api/billing/user-image-count/', { token: demo })).body).toEqual({ total_images: 4, limit: 5 });
    // sora sees hana's works, the private one too, with their images and likes.
    const sora = await child(demo, DEMO_FAMILY.sora.username);
    const fromHana = await list('/api/artworks/family-gallery/', sora);
    expect(fromHana.results.map((r) => r.title).sort()).toEqual(titlesOf('hana'));
    const sunny = fromHana.results.find((r) => r.title === '公園のおひさま')!;
    expect(sunny).toMatchObject({ images_data: [expect.anything()], is_public: true, is_liked_by_user: true, likes_count: 3 });
    expect((await fetch(s.url + sunny.images_data[0]!.thumbnail_url)).status).toBe(200);
  });

  it("shows hana her brother's works in the family gallery, private and public", async () => {
    const hana = await child(await login(DEMO_FAMILY.email), DEMO_FAMILY.hana.username);
    const fromSora = await list('/api/artworks/family-gallery/', hana);
    expect(fromSora.results.map((r) => r.title).sort()).toEqual(titlesOf('sora'));
    expect(fromSora.results.map((r) => r.is_public).sort()).toEqual([false, true]);
    expect(await titles('/api/artworks/my-collection/', hana)).toContain('ぼくのおうち');
  });

  it('writes the Japanese families in Japanese and the English-speaking one in English', async () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
    for (const w of DEMO_WORKS) {
      const english = w.owner === 'lily' || w.owner === 'noah';
      expect(japanese.test(w.title + w.description), w.title).toBe(!english);
    }
    const english = await child(await login(ENGLISH_FAMILY.email), ENGLISH_FAMILY.lily.username);
    expect(await titles('/api/artworks/my', english)).toEqual(titlesOf('lily'));
    // Every public demo work is in the public gallery (the other tests here add theirs in front of them).
    const everyPublic: string[] = [];
    for (let page = 1; ; page++) {
      const { results, next } = await list(`/api/artworks/?page=${page}`);
      everyPublic.push(...results.map((r) => r.title));
      if (!next) break;
    }
    expect(everyPublic).toEqual(expect.arrayContaining(DEMO_WORKS.filter((w) => w.isPublic).map((w) => w.title)));
    expect((await s.request('/api/login/', { json: { email: GALLERY_FAMILY.email, password: DEMO_PASSWORD } })).status).toBe(200);
  });
});
