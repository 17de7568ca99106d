/** Organizations, the code check, and the public reference data (seeded demo content). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { DEMO_FAMILY, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '../db/demo-content';
import { childSession, signupVerified, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
});
afterAll(() => s.close());

describe('organizations', () => {
  it('checks a code: valid, invalid, malformed', async () => {
    const p = await signupVerified(s);
    const ok = await s.request('/api/organizations/check/123456/', { token: p.access });
    expect(ok).toMatchObject({ status: 200, body: { name: DEMO_ORGANIZATIONS.sakura.name } });
    expect(Object.keys(ok.body).sort()).toEqual(['id', 'name']);
    for (const code of ['000000', '12ab56', '1234567']) {
      const res = await s.request(`/api/organizations/check/${code}/`, { token: p.access });
      expect(res).toMatchObject({ status: 404, body: { detail: M.orgCodeInvalid.message } });
    }
    expect((await s.request('/api/organizations/check/123456/')).status).toBe(401);
  });

  it('gets one organization by id for its members only, 404 otherwise', async () => {
    const p = await signupVerified(s);
    const kid = await childSession(s, p.access, 'member');
    const { body } = await s.request('/api/organizations/check/654321', { token: kid.access });
    // Knowing the id is not enough: not a member yet.
    for (const token of [p.access, kid.access]) expect((await s.request(`/api/organizations/${body.id}`, { token })).status).toBe(404);
    expect((await s.request('/api/profile/', { method: 'PATCH', token: kid.access, json: { organizations: [body.id] } })).status).toBe(200);
    for (const token of [p.access, kid.access]) {
      expect(await s.request(`/api/organizations/${body.id}`, { token })).toMatchObject({
        status: 200,
        body: { id: body.id, name: DEMO_ORGANIZATIONS.aozora.name },
      });
    }
    // A sibling that did not join, and another family, do not see it.
    const sibling = await childSession(s, p.access, 'sibling');
    expect((await s.request(`/api/organizations/${body.id}`, { token: sibling.access })).status).toBe(404);
    const q = await signupVerified(s);
    expect((await s.request(`/api/organizations/${body.id}`, { token: q.access })).status).toBe(404);
    expect((await s.request('/api/organizations/424242/', { token: p.access })).status).toBe(404);
    expect((await s.request('/api/organizations/x/', { token: p.access })).status).toBe(404);
  });

  it('lists the organizations of the active profile, or of the whole family for the parent', async () => {
    const p = await signupVerified(s);
    const a = await childSession(s, p.access, 'a1');
    const b = await childSession(s, p.access, 'b1');
    const sakura = (await s.request('/api/organizations/check/123456', { token: a.access })).body;
    await s.request('/api/organizations/check/123456', { token: b.access });
    const aozora = (await s.request('/api/organizations/check/654321', { token: b.access })).body;
    await s.request('/api/profile/', { method: 'PATCH', token: a.access, json: { organizations: [sakura.id] } });
    await s.request('/api/profile/', { method: 'PATCH', token: b.access, json: { organizations: [sakura.id, aozora.id] } });
    expect((await s.request('/api/organizations/', { token: a.access })).body).toEqual({ results: [sakura] });
    expect((await s.request('/api/organizations/', { token: p.access })).body).toEqual({ results: [sakura, aozora] });
  });

  it('rate-limits the code check per user (20 per 10 minutes)', async () => {
    const p = await signupVerified(s);
    for (let i = 0; i < 20; i++) {
      expect((await s.request(`/api/organizations/check/${String(100000 + i)}/`, { token: p.access })).status).toBe(404);
    }
    const limited = await s.request('/api/organizations/check/123456/', { token: p.access });
    expect(limited).toMatchObject({ status: 429, body: { detail: M.rateLimited.message } });
    // Another user has its own budget.
    const q = await signupVerified(s);
    expect((await s.request('/api/organizations/check/123456/', { token: q.access })).status).toBe(200);
  });
});

describe('public reference data', () => {
  it('serves the navbar links', async () => {
    expect(await s.request('/api/public-navbar/')).toMatchObject({
      status: 200,
      body: [{ navbar_type: 'blog', url: 'https://note.com/littlemuseum' }],
    });
  });

  it('names categories and tags in the request language', async () => {
    const en = await s.request('/api/artworks/categories?language=en');
    const ja = await s.request('/api/artworks/categories/?language=ja');
    expect(en.body.map((c: { name: string }) => c.name)).toEqual(['Drawing', 'Painting', 'Crafts', 'Collage', 'Clay', 'Other']);
    expect(ja.body.map((c: { name: string }) => c.name)).toEqual(['お絵かき', '絵の具', '工作', 'コラージュ', 'ねんど', 'その他']);
    expect(ja.body.map((c: { id: number }) => c.id)).toEqual(en.body.map((c: { id: number }) => c.id));
    const tags = await s.request('/api/artworks/tags?language=ja');
    expect(tags.body).toHaveLength(7);
    expect(tags.body[0].name).toBe('どうぶつ');
  });
});

describe('demo family', () => {
  it('logs in as the demo parent and sees hana and sora, sharing with each other', async () => {
    const login = await s.request('/api/login/', { json: { email: DEMO_FAMILY.email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const profiles = await s.request('/api/profiles/', { token: login.body.access });
    const [hana, sora] = profiles.body;
    expect(hana).toMatchObject({
      username: 'hana',
      first_name: DEMO_FAMILY.hana.firstName,
      date_of_birth: '2017-04-12',
      organizations: [{ name: DEMO_ORGANIZATIONS.sakura.name }],
    });
    expect(hana.shared_users).toEqual([{ id: sora.id, username: 'sora', profile_picture: sora.profile_picture, is_shared: true }]);
    expect(sora).toMatchObject({ username: 'sora', date_of_birth: '2019-09-03' });
    expect(sora.shared_users).toEqual([{ id: hana.id, username: 'hana', profile_picture: hana.profile_picture, is_shared: true }]);
    const avatar = await fetch(s.url + hana.profile_picture);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
  });
});
