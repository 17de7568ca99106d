/**
 * Issue 15: a child's lifelong timeline (GET /api/profiles/{id}/timeline/): the works by the age the child was when
 * each was made, counted over all the works (not only the page's), at birthday boundaries (UTC calendar dates, as
 * `creator_age`), including a 29 February birthday; who may read it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { timelinePage, type TimelinePage } from '@contract/timeline';
import { artworks } from '../db/schema';
import { startTestServer, type TestServer } from './harness';
import { family, made, type Family, type Kid } from './works-helpers';

let s: TestServer;
let home: Family;
let other: Family;
let kid: Kid;
let sibling: Kid;

beforeAll(async () => {
  s = await startTestServer({ seed: false });
  home = await family(s, 3);
  other = await family(s);
  [kid, sibling] = home.kids as [Kid, Kid];
});
afterAll(() => s.close());

const path = (id: number, query = '') => `/api/profiles/${id}/timeline/${query}`;

async function read(id: number, token: string, query = ''): Promise<TimelinePage> {
  const res = await s.request(path(id, query), { token });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return timelinePage.parse(res.body);
}

async function setBirth(k: Kid, date: string): Promise<void> {
  const res = await s.request('/api/profile/', { method: 'PATCH', token: k.access, json: { date_of_birth: date } });
  expect(res.status).toBe(200);
}

/** A work of `k` uploaded as the PWA does, dated `at` (the server dates a new work now; the test moves it in time). */
async function workAt(k: Kid, title: string, at: string): Promise<number> {
  const id = await made(s, k, { title });
  await s.deps.db
    .update(artworks)
    .set({ createdAt: new Date(at) })
    .where(eq(artworks.id, id));
  return id;
}

/** A work without pictures straight into the table: the free plan's 5 images would not hold them all. */
async function rowAt(k: Kid, title: string, at: string): Promise<void> {
  await s.deps.db.insert(artworks).values({ profileId: k.id, title, createdAt: new Date(at) });
}

describe('ages at birthday boundaries', () => {
  const extra = 12;
  beforeAll(async () => {
    await setBirth(kid, '2020-03-01');
    await workAt(kid, 'Day before the 4th birthday', '2024-02-29T23:59:59+09:00');
    await workAt(kid, 'On the 4th birthday', '2024-03-01T00:00:00+09:00');
    await workAt(kid, 'Day before the 5th birthday', '2025-02-28T12:00:00Z');
    // More age-5 works than a page holds: the counts cover every work, not only the page's.
    for (let i = 0; i < extra; i++) await rowAt(kid, `Age five ${i}`, `2025-0${4 + (i % 5)}-1${i % 10}T10:00:00Z`);
  });

  it('groups every work by age, highest first, with the count of each', async () => {
    const page = await read(kid.id, home.parent);
    expect(page.ages).toEqual([
      { age: 5, count: extra },
      { age: 4, count: 2 },
      { age: 3, count: 1 },
    ]);
    expect(page.count).toBe(extra + 3);
    expect(page.results).toHaveLength(12);
    expect(page.next).toMatch(/page=2/);
    expect(page.profile).toMatchObject({ id: kid.id, date_of_birth: '2020-03-01' });
  });

  it('lists the works newest first, and each work is counted under its creator_age', async () => {
    const all = [...(await read(kid.id, kid.access)).results, ...(await read(kid.id, kid.access, '?page=2')).results];
    expect(all).toHaveLength(extra + 3);
    const times = all.map((w) => Date.parse(w.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byAge = new Map<number | null, number>();
    for (const w of all) byAge.set(w.creator_age, (byAge.get(w.creator_age) ?? 0) + 1);
    const page = await read(kid.id, kid.access);
    expect(Object.fromEntries(byAge)).toEqual(Object.fromEntries(page.ages.map((a) => [a.age, a.count])));
    expect(all.find((w) => w.title === 'Day before the 4th birthday')?.creator_age).toBe(3);
    expect(all.find((w) => w.title === 'On the 4th birthday')?.creator_age).toBe(4);
    // The child's own works: it may edit them.
    expect(all.every((w) => w.can_edit)).toBe(true);
  });

  it('counts a 29 February birthday on 1 March in common years', async () => {
    await setBirth(sibling, '2016-02-29');
    await rowAt(sibling, 'Leap 28 Feb', '2021-02-28T12:00:00Z');
    await rowAt(sibling, 'Leap 1 Mar', '2021-03-01T12:00:00Z');
    await rowAt(sibling, 'Leap day', '2024-02-29T12:00:00Z');
    const page = await read(sibling.id, home.parent);
    expect(page.ages).toEqual([
      { age: 8, count: 1 },
      { age: 5, count: 1 },
      { age: 4, count: 1 },
    ]);
  });

  it('answers an empty timeline for a child without works', async () => {
    const page = await read(home.kids[2]!.id, home.parent);
    expect(page).toMatchObject({ count: 0, next: null, previous: null, results: [], ages: [] });
  });
});

describe('who may read a timeline', () => {
  it('the parent reads each child of the family; a child only its own', async () => {
    expect((await s.request(path(sibling.id), { token: home.parent })).status).toBe(200);
    expect((await s.request(path(kid.id), { token: kid.access })).status).toBe(200);
    const sib = await s.request(path(sibling.id), { token: kid.access });
    expect(sib.status).toBe(403);
    expect(sib.body).toHaveProperty('detail');
  });

  it("another family's parent finds nothing; its child is refused; nobody without a token", async () => {
    const res = await s.request(path(kid.id), { token: other.parent });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('birthday');
    expect((await s.request(path(kid.id), { token: other.kids[0]!.access })).status).toBe(403);
    expect((await s.request(path(kid.id))).status).toBe(401);
  });

  it('answers malformed requests with 400 or 404, never 500', async () => {
    expect((await s.request(path(2_147_483_647), { token: home.parent })).status).toBe(404);
    expect((await s.request('/api/profiles/99999999999/timeline/', { token: home.parent })).status).toBe(404);
    expect((await s.request('/api/profiles/abc/timeline/', { token: home.parent })).status).toBe(404);
    for (const q of ['?page=0', '?page=abc', '?page=%00', `?page=${'9'.repeat(5000)}`]) {
      expect((await s.request(path(kid.id, q), { token: home.parent })).status, q).toBe(400);
    }
    // Past the last page: an empty page with the totals.
    const far = await read(kid.id, home.parent, '?page=50');
    expect(far.results).toEqual([]);
    expect(far.count).toBe(15);
  });

  it('holds up under a burst of reads', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, () => s.request(path(kid.id), { token: home.parent })));
    expect(statuses.every((r) => r.status === 200)).toBe(true);
  });
});
