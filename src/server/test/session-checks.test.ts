/**
 * The session check that an instance keeps (domain/sessions.ts, issue 30): two app instances on one database, as
 * two servers behind a load balancer. Each request below first warms the other instance's kept check, so what is
 * asserted is that a change made through one instance (or straight in the database) is seen by the other on the
 * very next request.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { childSession, PASSWORD, signupVerified, startTwoInstances, type TestServer } from './harness';

let two: Awaited<ReturnType<typeof startTwoInstances>>;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  two = await startTwoInstances();
  ({ a, b } = two);
});
afterAll(() => two.close());

const me = (s: TestServer, token: string) => s.request('/api/user/me/', { token });

/** The token works on both instances, twice each (the second answer comes from each one's kept check). */
async function warm(token: string): Promise<void> {
  for (const s of [a, b, a, b]) expect((await me(s, token)).status).toBe(200);
}

describe('a kept session check on two instances', () => {
  it('logout through one instance ends the parent and its child tokens on the other at once', async () => {
    const p = await signupVerified(a);
    const child = await childSession(a, p.access, 'hana');
    await warm(p.access);
    await warm(child.access);
    expect((await a.request('/api/logout/', { token: p.access, json: {} })).status).toBe(200);
    expect(await me(b, p.access)).toMatchObject({ status: 401, body: { detail: M.sessionExpired.message } });
    expect((await me(b, child.access)).status).toBe(401);
    expect((await me(a, child.access)).status).toBe(401);
  });

  it('a replayed refresh token ends the session on the other instance at once', async () => {
    const p = await signupVerified(a);
    await warm(p.access);
    expect((await a.request('/api/token/refresh/', { json: { refresh: p.refresh } })).status).toBe(200);
    expect((await me(b, p.access)).status).toBe(200);
    expect((await a.request('/api/token/refresh/', { json: { refresh: p.refresh } })).status).toBe(401);
    expect((await me(b, p.access)).status).toBe(401);
  });

  it('a new password ends the old tokens on the other instance, and the account answers with its new data', async () => {
    const p = await signupVerified(a);
    await warm(p.access);
    const before = await b.request('/api/account-info/', { token: p.access });
    expect(before.status).toBe(200);
    const renamed = await a.request('/api/account-info/', { method: 'PATCH', token: p.access, json: { first_name: 'Aiko' } });
    expect(renamed.status).toBe(200);
    expect((await b.request('/api/account-info/', { token: p.access })).body.first_name).toBe('Aiko');

    const changed = await a.request('/api/account-info/', {
      method: 'PATCH',
      token: p.access,
      json: { password: 'N3wPassw0rdOk', current_password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await me(b, p.access)).status).toBe(401);
    expect((await me(b, changed.body.access as string)).status).toBe(200);
  });

  it('a deleted profile ends its child token on the other instance', async () => {
    const p = await signupVerified(a);
    const child = await childSession(a, p.access, 'sora');
    await warm(child.access);
    expect((await a.request(`/api/profiles/${child.id}/delete/`, { method: 'DELETE', token: p.access })).status).toBeLessThan(300);
    expect((await me(b, child.access)).status).toBe(401);
  });

  it('a revocation written by anything else (another instance, an operator) is seen on the next request', async () => {
    const p = await signupVerified(a);
    await warm(p.access);
    await a.deps.db.execute(
      sql`update login_sessions set revoked_at = now() where user_id = (select id from users where email = ${p.email})`,
    );
    expect((await me(a, p.access)).status).toBe(401);
    expect((await me(b, p.access)).status).toBe(401);
  });
});

describe('a verified token kept by the instance', () => {
  it('is refused once it expires, though it was accepted before', async () => {
    let now = Date.now();
    const s = await two.also({ clock: () => new Date(now) });
    try {
      const p = await signupVerified(s);
      expect((await me(s, p.access)).status).toBe(200);
      now += 14 * 60 * 1000;
      expect((await me(s, p.access)).status).toBe(200);
      now += 2 * 60 * 1000;
      expect(await me(s, p.access)).toMatchObject({ status: 401, body: { detail: M.sessionExpired.message } });
    } finally {
      await s.close();
    }
  });

  it('is still checked for its type: a refresh token is no access token, though it was verified as one', async () => {
    const p = await signupVerified(a);
    expect((await a.request('/api/logout/', { token: p.refresh, json: {} })).status).toBe(401);
    expect((await a.request('/api/token/refresh/', { json: { refresh: p.access } })).status).toBe(401);
    expect((await a.request('/api/token/refresh/', { json: { refresh: p.refresh } })).status).toBe(200);
    expect((await me(a, p.refresh)).status).toBe(401);
  });
});
