/** The parent account: info, e-mail and password changes, deletion. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BRAND } from '@contract/brand';
import { M } from '@contract/messages';
import { MAIL } from '../mail-messages';
import { PASSWORD, TOKYO, childSession, linkParts, signupVerified, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const patch = (token: string, json: unknown) => s.request('/api/account-info/', { method: 'PATCH', token, json });

describe('account info', () => {
  it('reads the account with its profiles, for the parent token only', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'yui');
    const expected = { email: p.email, first_name: '', address: '', profiles: [{ id: child.id, username: 'yui', profile_picture: null }] };
    expect(await s.request('/api/account-info/', { token: p.access })).toMatchObject({ status: 200, body: expected });
    const asChild = await s.request('/api/account-info', { token: child.access });
    expect(asChild).toMatchObject({ status: 403, body: { errors: M.parentRequired.message, detail: M.parentRequired.message } });
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
      body: {
        first_name: [M.nameMin.message],
        address: [M.addressInvalid.message],
        email: [M.emailInvalid.message],
        password: [M.accountPassword.message],
      },
    });
  });

  it('a new e-mail asks for the current password and takes effect from the link sent to it; the old address is told', async () => {
    const p = await signupVerified(s);
    const fresh = `new-${p.email}`;
    expect(await patch(p.access, { email: fresh })).toMatchObject({
      status: 400,
      body: { current_password: [M.currentPasswordRequired.message] },
    });
    expect(await patch(p.access, { email: fresh, current_password: 'Wrong1234' })).toMatchObject({
      status: 400,
      body: { current_password: [M.currentPasswordWrong.message] },
    });
    const asked = await patch(p.access, { email: fresh.toUpperCase(), current_password: PASSWORD });
    expect(asked).toMatchObject({ status: 200, body: { email: p.email, message: M.emailChangeSent.message } });
    // Nothing changes until the new address's owner opens the link.
    expect((await s.request('/api/login/', { json: { email: fresh, password: PASSWORD } })).status).toBe(401);
    const mail = await s.waitForMail(fresh);
    const { uid, token, path } = linkParts(mail.link);
    expect(path).toBe('/confirm-email');
    const before = (await s.mails()).filter((m) => m.to === p.email).length;
    expect(await s.request(`/api/confirm-email/${uid}/${token}/`, { method: 'POST' })).toMatchObject({
      status: 200,
      body: { detail: M.emailChanged.message },
    });
    expect((await s.request('/api/login/', { json: { email: fresh, password: PASSWORD } })).status).toBe(200);
    expect((await s.request('/api/login/', { json: { email: p.email, password: PASSWORD } })).status).toBe(401);
    const notice = await s.waitForMail(p.email, before);
    expect(notice.subject).toBe(MAIL.emailChangedSubject.message.replace('{brand}', BRAND.en));
    expect(notice.text).toContain(fresh);
    // Single use.
    expect((await s.request(`/api/confirm-email/${uid}/${token}/`, { method: 'POST' })).status).toBe(400);
  });

  it('a taken address is answered exactly like a free one; its owner is told instead, and requests are rate-limited', async () => {
    const p = await signupVerified(s);
    const q = await signupVerified(s);
    const before = (await s.mails()).filter((m) => m.to === q.email).length;
    const taken = await patch(p.access, { email: q.email, current_password: PASSWORD });
    const free = await patch(p.access, { email: `free-${p.email}`, current_password: PASSWORD });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    const told = await s.waitForMail(q.email, before);
    expect(told.subject).toBe(MAIL.emailTakenSubject.message.replace('{brand}', BRAND.en));
    expect(told.text).not.toContain('confirm-email');
    for (let i = 0; i < 3; i++) expect((await patch(p.access, { email: `x${i}-${p.email}`, current_password: PASSWORD })).status).toBe(200);
    expect(await patch(p.access, { email: `y-${p.email}`, current_password: PASSWORD })).toMatchObject({
      status: 429,
      body: { detail: M.rateLimited.message },
    });
    // Name and address are not rate-limited.
    expect((await patch(p.access, { first_name: 'Still Fine' })).status).toBe(200);
  });

  it('a password change needs the current password, revokes old tokens and returns a new pair', async () => {
    const p = await signupVerified(s);
    const child = await childSession(s, p.access, 'zen');
    expect(await patch(p.access, { password: 'Changed123' })).toMatchObject({
      status: 400,
      body: { current_password: [M.currentPasswordRequired.message] },
    });
    expect((await s.request('/api/user/me/', { token: p.access })).status).toBe(200);
    const res = await patch(p.access, { password: 'Changed123', current_password: PASSWORD });
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
    const again = await s.request('/api/signup/', {
      json: { email: p.email, password: PASSWORD, confirm_password: PASSWORD, accept_terms: true },
    });
    expect(again.status).toBe(201);
  });
});
