/** The parent account: info, e-mail and password changes, deletion. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '../../contract/messages';
import { PASSWORD, TOKYO, childSession, signupVerified, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const patch = (token: string, json: unknown) => s.request('/api/account-info/', { method: 'PATCH', token, json });

describe('account info', () => {
  it('reads the account with its profiles, for parent and child tokens', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'yui');
    const expected = { email: p.email, first_name: '', address: '', profiles: [{ id: child.id, username: 'yui', profile_picture: null }] };
    expect(await s.request('/api/account-info/', { token: p.access })).toMatchObject({ status: 200, body: expected });
    expect((await s.request('/api/account-info', { token: child.access })).body).toEqual(expected);
    expect((await s.request('/api/account-info/')).status).toBe(401);
  });

  it('updates name and address and validates them', async () => {
    const p = await signupVerified(s);
    const ok = await patch(p.access, { first_name: 'Kei Tanaka', address: TOKYO });
    expect(ok).toMatchObject({ status: 200, body: { first_name: 'Kei Tanaka', address: TOKYO, email: p.email } });
    expect(ok.body.access).toBeUndefined();
    const bad = await patch(p.access, { first_name: 'K', address: 'Mars', email: 'nope', password: 'short' });
    expect(bad).toMatchObject({
      status: 400,
      body: { first_name: [M.nameMin.message], address: [M.addressInvalid.message], email: [M.emailInvalid.message], password: [M.accountPassword.message] },
    });
  });

  it('changes the e-mail unless it is taken', async () => {
    const p = await signupVerified(s);
    const q = await signupVerified(s);
    expect(await patch(p.access, { email: q.email })).toMatchObject({ status: 400, body: { email: [M.emailUnavailable.message] } });
    const fresh = `NEW-${p.email}`;
    const ok = await patch(p.access, { email: fresh });
    expect(ok.body.email).toBe(fresh.toLowerCase());
    expect((await s.request('/api/login/', { json: { email: fresh, password: PASSWORD } })).status).toBe(200);
  });

  it('a password change revokes old tokens and returns a new pair', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'zen');
    const res = await patch(p.access, { password: 'Changed123' });
    expect(res.status).toBe(200);
    expect(typeof res.body.access).toBe('string');
    expect(typeof res.body.refresh).toBe('string');
    for (const token of [p.access, child.access]) expect((await s.request('/api/user/me/', { token })).status).toBe(401);
    expect((await s.request('/api/token/refresh/', { json: { refresh: p.refresh } })).status).toBe(401);
    expect((await s.request('/api/user/me/', { token: res.body.access })).status).toBe(200);
    expect((await s.request('/api/token/refresh/', { json: { refresh: res.body.refresh } })).status).toBe(200);
    expect((await s.request('/api/login/', { json: { email: p.email, password: 'Changed123' } })).status).toBe(200);
  });
});

describe('account deletion', () => {
  it('removes the user and everything of it', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'bye');
    const res = await s.request('/api/account/delete/', { method: 'DELETE', token: p.access });
    expect(res).toMatchObject({ status: 200, body: { message: M.accountDeleted.message } });
    expect((await s.request('/api/user/me/', { token: p.access })).status).toBe(401);
    expect((await s.request('/api/user/me/', { token: child.access })).status).toBe(401);
    expect((await s.request('/api/token/refresh/', { json: { refresh: p.refresh } })).status).toBe(401);
    expect((await s.request('/api/login/', { json: { email: p.email, password: PASSWORD } })).status).toBe(401);
    // The address is free again.
    const again = await s.request('/api/signup/', { json: { email: p.email, password: PASSWORD, confirm_password: PASSWORD } });
    expect(again.status).toBe(201);
  });
});
