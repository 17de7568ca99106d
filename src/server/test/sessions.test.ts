/** Token types, refresh rotation and replay detection, logout, and child sessions. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { childSession, profileForm, signupVerified, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const refresh = (token: string) => s.request('/api/token/refresh/', { json: { refresh: token } });
const me = (token?: string) => s.request('/api/user/me/', { token });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('access tokens', () => {
  it('user/me answers with the parent, 401 without or with a bad token', async () => {
    const p = await signupVerified(s);
    expect(await me(p.access)).toMatchObject({ status: 200, body: { email: p.email, username: null } });
    expect(await me()).toMatchObject({ status: 401, body: { detail: M.loginRequired.message } });
    expect(await me('garbage')).toMatchObject({ status: 401, body: { detail: M.sessionExpired.message } });
  });

  it('carries the documented claims and types', async () => {
    const p = await signupVerified(s);
    const a = claims(p.access);
    const r = claims(p.refresh);
    expect(a).toMatchObject({ typ: 'access', ver: 0 });
    expect(r).toMatchObject({ typ: 'refresh', ver: 0 });
    expect(typeof r.fam).toBe('string');
    expect((a.exp as number) - (a.iat as number)).toBe(15 * 60);
    expect((r.exp as number) - (r.iat as number)).toBe(7 * 24 * 3600);
  });

  it('never accepts a refresh token as an access token, or the reverse', async () => {
    const p = await signupVerified(s);
    expect((await me(p.refresh)).status).toBe(401);
    expect((await refresh(p.access)).status).toBe(401);
  });

  it('rejects tokens signed with another key or expired', async () => {
    const p = await signupVerified(s);
    const c = claims(p.access);
    const forged = await new SignJWT({ typ: 'access', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.sub))
      .setJti('x')
      .setExpirationTime('10m')
      .sign(new Uint8Array(32).fill(7));
    expect((await me(forged)).status).toBe(401);
    const expired = await new SignJWT({ typ: 'access', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.sub))
      .setJti('y')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(s.deps.config.jwtSecret);
    expect((await me(expired)).status).toBe(401);
  });
});

describe('refresh rotation', () => {
  it('rotates: the new pair works, the old refresh is spent', async () => {
    const p = await signupVerified(s);
    const first = await refresh(p.refresh);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['access', 'refresh']);
    expect((await me(first.body.access)).status).toBe(200);
    const second = await refresh(first.body.refresh);
    expect(second.status).toBe(200);
  });

  it('a replayed refresh token revokes the whole family, the newer token too', async () => {
    const p = await signupVerified(s);
    const rotated = await refresh(p.refresh);
    expect(rotated.status).toBe(200);
    const replay = await refresh(p.refresh);
    expect(replay).toMatchObject({ status: 401, body: { detail: M.sessionExpired.message } });
    expect((await refresh(rotated.body.refresh)).status).toBe(401);
  });

  it('a replay does not touch other logins of the same user', async () => {
    const p = await signupVerified(s);
    const other = await s.request('/api/login/', { json: { email: p.email, password: 'Passw0rdOk' } });
    await refresh(p.refresh);
    await refresh(p.refresh);
    expect((await refresh(other.body.refresh)).status).toBe(200);
  });

  it('validates the body', async () => {
    expect(await refresh('')).toMatchObject({ status: 400, body: { refresh: [M.sessionExpired.message] } });
    expect((await refresh('not.a.jwt')).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the refresh family and needs a bearer token', async () => {
    const p = await signupVerified(s);
    expect((await s.request('/api/logout/', { json: { refresh: p.refresh } })).status).toBe(401);
    const out = await s.request('/api/logout/', { token: p.access, json: { refresh: p.refresh } });
    expect(out).toMatchObject({ status: 200, body: { message: M.loggedOut.message } });
    expect((await refresh(p.refresh)).status).toBe(401);
  });

  it('accepts an empty body', async () => {
    const p = await signupVerified(s);
    expect((await s.request('/api/logout', { token: p.access, json: {} })).status).toBe(200);
  });

  it("cannot revoke another user's family", async () => {
    const a = await signupVerified(s);
    const b = await signupVerified(s);
    await s.request('/api/logout/', { token: a.access, json: { refresh: b.refresh } });
    expect((await refresh(b.refresh)).status).toBe(200);
  });
});

describe('child sessions', () => {
  it('issues a child pair scoped to one profile of the family', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'mika');
    expect(claims(child.access)).toMatchObject({ typ: 'child_access', pid: child.id });
    expect(claims(child.refresh)).toMatchObject({ typ: 'child_refresh', pid: child.id });
    expect(await me(child.access)).toMatchObject({ status: 200, body: { email: p.email, username: 'mika' } });

    const rotated = await refresh(child.refresh);
    expect(claims(rotated.body.access)).toMatchObject({ typ: 'child_access', pid: child.id });
    expect(claims(rotated.body.refresh)).toMatchObject({ typ: 'child_refresh', pid: child.id });
  });

  it('answers the child login message and 404 for unknown or foreign usernames', async () => {
    const p = await signupVerified(s);
    const q = await signupVerified(s);
    await childSession(s, q.access, 'other');
    await s.request('/api/register-profile/', { token: p.access, form: profileForm('ken') });
    const ok = await s.request('/api/profile/login/', { token: p.access, json: { username: 'ken' } });
    expect(ok.body.message).toBe('ken logged in');
    const foreign = await s.request('/api/profile/login/', { token: p.access, json: { username: 'other' } });
    expect(foreign).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    expect((await s.request('/api/profile/login/', { json: { username: 'ken' } })).status).toBe(401);
  });

  it('a deleted profile ends its child tokens', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'gone');
    await s.request(`/api/profiles/${child.id}/delete/`, { method: 'DELETE', token: p.access });
    expect((await me(child.access)).status).toBe(401);
    expect((await refresh(child.refresh)).status).toBe(401);
  });
});
