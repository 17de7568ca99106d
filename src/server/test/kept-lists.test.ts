/**
 * The work lists and work details an instance keeps (domain/work-lists.ts, routes/works.ts; issue 30): two app instances on one database, as two
 * servers behind a load balancer. Every list is read twice through instance B first (the second answer comes from
 * what B keeps); then a change is made through instance A, and B's very next answer must show it.
 */
import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTwoInstances, type TestServer } from './harness';
import { family, made, share, workForm, type Kid } from './works-helpers';

let two: Awaited<ReturnType<typeof startTwoInstances>>;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  two = await startTwoInstances();
  ({ a, b } = two);
});
afterAll(() => two.close());

interface Page {
  count: number;
  results: { id: number; title: string; is_liked_by_user: boolean; can_edit: boolean }[];
}

/** B's answer, after B has answered the same twice (so that it keeps it). */
async function onB(path: string, kid?: Kid): Promise<Page> {
  for (let i = 0; i < 3; i++) {
    const r = await b.request(path, { token: kid?.access });
    expect(r.status).toBe(200);
    if (i === 2) return r.body as Page;
  }
  throw new Error('unreachable');
}
/** B's next answer only. */
const nextOnB = async (path: string, kid?: Kid): Promise<Page> => (await b.request(path, { token: kid?.access })).body as Page;
const ids = (p: Page) => p.results.map((w) => w.id);

describe('kept lists on two instances', () => {
  it('the family gallery follows a share given and taken back through the other instance', async () => {
    const [owner, sibling] = (await family(a, 2)).kids as [Kid, Kid];
    const shown = await made(a, owner, { title: 'on the wall', is_public: true });
    const secret = await made(a, owner, { title: 'only for family' });
    const canEdit = async (p: Page) => p.results.find((w) => w.id === shown)?.can_edit;
    expect(await onB('/api/artworks/family-gallery/?page=1', sibling)).toMatchObject({ count: 0 });
    expect(await canEdit(await onB('/api/artworks/?page=1', sibling))).toBe(false);
    await share(a, owner, [sibling]);
    expect(ids(await nextOnB('/api/artworks/family-gallery/?page=1', sibling))).toEqual([secret, shown]);
    // A share lets the sibling edit the owner's works: the wall marks them so.
    expect(await canEdit(await nextOnB('/api/artworks/?page=1', sibling))).toBe(true);
    expect(ids(await onB(`/api/artworks/member/${owner.id}?page=1`, sibling))).toEqual([secret, shown]);
    await share(a, owner, []);
    expect(await nextOnB('/api/artworks/family-gallery/?page=1', sibling)).toMatchObject({ count: 0 });
    expect(ids(await nextOnB(`/api/artworks/member/${owner.id}?page=1`, sibling))).toEqual([shown]);
    expect(await canEdit(await nextOnB('/api/artworks/?page=1', sibling))).toBe(false);
  });

  it('My Gallery shows a new work and a new title made through the other instance', async () => {
    const [kid] = (await family(a, 1)).kids as [Kid];
    const first = await made(a, kid, { title: 'first' });
    expect(ids(await onB('/api/artworks/my?page=1', kid))).toEqual([first]);
    const second = await made(a, kid, { title: 'second' });
    expect(ids(await nextOnB('/api/artworks/my?page=1', kid))).toEqual([second, first]);
    expect((await a.request(`/api/artworks/${first}/update/`, { token: kid.access, form: workForm({ title: 'renamed' }) })).status).toBe(
      200,
    );
    expect((await nextOnB('/api/artworks/my?page=1', kid)).results.map((w) => w.title)).toEqual(['second', 'renamed']);
  });

  it("a like and an unlike through one instance show in the other's collection and on its wall", async () => {
    const [artist] = (await family(a, 1)).kids as [Kid];
    const [fan] = (await family(a, 1)).kids as [Kid];
    const work = await made(a, artist, { title: 'liked', is_public: true });
    expect(await onB('/api/artworks/my-collection/?page=1', fan)).toMatchObject({ count: 0 });
    const wall = await onB('/api/artworks/?page=1', fan);
    expect(wall.results.find((w) => w.id === work)?.is_liked_by_user).toBe(false);
    expect((await a.request(`/api/artworks/${work}/like/`, { method: 'POST', token: fan.access })).status).toBe(200);
    expect(ids(await nextOnB('/api/artworks/my-collection/?page=1', fan))).toEqual([work]);
    expect((await nextOnB('/api/artworks/?page=1', fan)).results.find((w) => w.id === work)?.is_liked_by_user).toBe(true);
    expect((await a.request(`/api/artworks/${work}/unlike/`, { method: 'POST', token: fan.access })).status).toBe(200);
    expect(await nextOnB('/api/artworks/my-collection/?page=1', fan)).toMatchObject({ count: 0 });
    expect((await nextOnB('/api/artworks/?page=1', fan)).results.find((w) => w.id === work)?.is_liked_by_user).toBe(false);
  });

  it('a wall that moves on between every request is read at once, and stays exact on both sides of that', async () => {
    const [artist] = (await family(a, 1)).kids as [Kid];
    const [fan] = (await family(a, 1)).kids as [Kid];
    const work = await made(a, artist, { title: 'busy', is_public: true });
    const other = await made(a, artist, { title: 'busy too', is_public: true });
    type Shown = Page['results'][number] & { likes_count: number };
    const shown = (p: Page, id = work) => p.results.find((w) => w.id === id) as Shown | undefined;
    const toggle = async (id: number, like: boolean) =>
      expect((await a.request(`/api/artworks/${id}/${like ? 'like' : 'unlike'}/`, { method: 'POST', token: fan.access })).status).toBe(200);
    expect(shown(await onB('/api/artworks/?page=1'))?.likes_count).toBe(0);
    // A like or an unlike through A before each of B's answers: B's kept page is never current, and B stops asking.
    for (let i = 1; i <= 40; i++) {
      await toggle(work, i % 2 === 1);
      expect(shown(await nextOnB('/api/artworks/?page=1'))?.likes_count).toBe(i % 2);
    }
    // Read at once now, and exact: a like, the viewer's mark, a work made private.
    await toggle(other, true);
    expect(shown(await nextOnB('/api/artworks/?page=1'), other)?.likes_count).toBe(1);
    await toggle(other, false);
    expect(shown(await nextOnB('/api/artworks/?page=1', fan), other)).toMatchObject({ likes_count: 0, is_liked_by_user: false });
    await toggle(other, true);
    expect(shown(await nextOnB('/api/artworks/?page=1', fan), other)).toMatchObject({ likes_count: 1, is_liked_by_user: true });
    const hide = async (id: number, title: string) =>
      expect(
        (await a.request(`/api/artworks/${id}/update/`, { token: artist.access, form: workForm({ title, is_public: false }) })).status,
      ).toBe(200);
    await hide(other, 'busy too');
    expect(shown(await nextOnB('/api/artworks/?page=1'), other)).toBeUndefined();
    expect(shown(await nextOnB('/api/artworks/?page=1', fan), other)).toBeUndefined();
    // Quiet: B's answers are the current page again and again (it learns so from each read), and a change is still seen at once.
    for (let i = 0; i < 40; i++) expect(shown(await nextOnB('/api/artworks/?page=1'))?.likes_count).toBe(0);
    await hide(work, 'busy');
    expect(shown(await nextOnB('/api/artworks/?page=1'))).toBeUndefined();
    expect(shown(await nextOnB('/api/artworks/?page=1', fan))).toBeUndefined();
  });

  it('a work made private through one instance is gone from the other instance on the next request, for everyone', async () => {
    const [artist, sibling] = (await family(a, 2)).kids as [Kid, Kid];
    const [visitor] = (await family(a, 1)).kids as [Kid];
    const title = `tulip ${randomBytes(4).toString('hex')}`;
    const work = await made(a, artist, { title, is_public: true });
    const search = `/api/artworks/?page=1&search=${encodeURIComponent(title)}`;
    expect(ids(await onB(search))).toEqual([work]);
    expect(ids(await onB(search, visitor))).toEqual([work]);
    expect(ids(await onB('/api/artworks/?page=1'))).toContain(work);
    expect(ids(await onB('/api/artworks/?page=1', visitor))).toContain(work);
    expect(ids(await onB(`/api/artworks/member/${artist.id}?page=1`, sibling))).toEqual([work]);
    for (const kid of [visitor, undefined]) {
      for (let i = 0; i < 2; i++) expect((await b.request(`/api/artworks/${work}`, { token: kid?.access })).body.title).toBe(title);
    }
    expect(
      (await a.request(`/api/artworks/${work}/update/`, { token: artist.access, form: workForm({ title, is_public: false }) })).status,
    ).toBe(200);
    expect(await nextOnB(search)).toMatchObject({ count: 0 });
    expect(await nextOnB(search, visitor)).toMatchObject({ count: 0 });
    expect(ids(await nextOnB('/api/artworks/?page=1'))).not.toContain(work);
    expect(ids(await nextOnB('/api/artworks/?page=1', visitor))).not.toContain(work);
    expect((await b.request(`/api/artworks/${work}`, { token: visitor.access })).status).toBe(404);
    expect((await b.request(`/api/artworks/${work}`)).status).toBe(404);
    expect((await b.request(`/api/artworks/${work}`, { token: artist.access })).body.is_public).toBe(false);
    // Not shared with the sibling: a private work of a member is not shown to it.
    expect(await nextOnB(`/api/artworks/member/${artist.id}?page=1`, sibling)).toMatchObject({ count: 0 });
  });

  it('revalidations of the wall that reach B after a change through A all see it, while B is kept busy with others', async () => {
    const [artist] = (await family(a, 1)).kids as [Kid];
    const title = `iris ${randomBytes(4).toString('hex')}`;
    const work = await made(a, artist, { title, is_public: true });
    const path = '/api/artworks/?page=1';
    const first = await b.request(path);
    const tag = first.headers.get('etag')!;
    expect(ids(first.body as Page)).toContain(work);
    const revalidate = () => b.request(path, { headers: { 'If-None-Match': tag } });
    expect((await revalidate()).status).toBe(304);
    // Eight revalidations at a time on B the whole while, so that its reads of the versions are shared between the
    // requests that arrive together (each waits for its read before the app takes it): every request that reaches B
    // after A has answered must be answered from a read made after it arrived.
    let busy = true;
    const load = (async () => {
      let rounds = 0;
      while (busy || rounds < 3) {
        const statuses = (await Promise.all(Array.from({ length: 8 }, revalidate))).map((r) => r.status);
        expect(statuses.every((status) => status === 304 || status === 200)).toBe(true);
        rounds += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const madePrivate = await a.request(`/api/artworks/${work}/update/`, {
      token: artist.access,
      form: workForm({ title, is_public: false }),
    });
    expect(madePrivate.status).toBe(200);
    const after = await Promise.all([
      ...Array.from({ length: 12 }, revalidate),
      b.request(path, { method: 'HEAD', headers: { 'If-None-Match': tag } }),
    ]);
    busy = false;
    await load;
    for (const r of after) {
      expect(r.status).toBe(200);
      expect(r.headers.get('etag')).not.toBe(tag);
    }
    for (const r of after.slice(0, -1)) expect(ids(r.body as Page)).not.toContain(work);
  });

  it("a deleted profile's list answers 404 on the other instance", async () => {
    const f = await family(a, 2);
    const [gone, sibling] = f.kids as [Kid, Kid];
    await made(a, gone, { is_public: true });
    await onB(`/api/artworks/member/${gone.id}?page=1`, sibling);
    expect((await a.request(`/api/profiles/${gone.id}/delete/`, { method: 'DELETE', token: f.parent })).status).toBeLessThan(300);
    expect((await b.request(`/api/artworks/member/${gone.id}?page=1`, { token: sibling.access })).status).toBe(404);
  });
});
