/** Sign-up, verification, login and password reset over HTTP. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BRAND } from '@contract/brand';
import { TERMS_VERSION } from '@contract/legal';
import { M } from '@contract/messages';
import { translator } from '../i18n';
import { MAIL } from '../mail-messages';
import { oneTimeTokens, users } from '../db/schema';
import { PASSWORD, linkParts, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const signup = (email: string, password = PASSWORD, confirm = password) =>
  s.request('/api/signup/', { json: { email, password, confirm_password: confirm, accept_terms: true } });

describe('sign-up and verification', () => {
  it('signs up, e-mails a verify link, verifies once, then logs in', async () => {
    const email = uniqueEmail();
    const res = await signup(email.toUpperCase());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email, success: true, message: M.signupSent.message });

    const mail = await s.waitForMail(email);
    const { uid, token, path } = linkParts(mail.link);
    expect(mail.link?.startsWith('http://museum.test/verify-email?uid=')).toBe(true);
    expect(path).toBe('/verify-email');

    const early = await s.request('/api/login/', { json: { email, password: PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ errors: M.notVerified.message, detail: M.notVerified.message });

    const verified = await s.request(`/api/verify-email/${uid}/${token}`);
    expect(verified.status).toBe(200);
    // The verified address comes back for the login form (issue 28): the link's holder reads that mailbox anyway.
    expect(verified.body).toEqual({ detail: M.verifyDone.message, email });

    const again = await s.request(`/api/verify-email/${uid}/${token}/`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: M.linkInvalid.message });

    const login = await s.request('/api/login/', { json: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(M.loginSuccess.message);
    expect(typeof login.body.access).toBe('string');
    expect(typeof login.body.refresh).toBe('string');
  });

  it('stores only a hash of the link token', async () => {
    const email = uniqueEmail();
    await signup(email);
    const { token } = linkParts((await s.waitForMail(email)).link);
    const rows = await s.deps.db.select().from(oneTimeTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('answers a duplicate sign-up exactly like a new one and e-mails the owner instead', async () => {
    const { email } = await signupVerified(s);
    const before = (await s.mails()).filter((m) => m.to === email).length;
    const res = await signup(email, 'Different1');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email, success: true, message: M.signupSent.message });
    const mail = await s.waitForMail(email, before);
    expect(mail.subject).toBe(MAIL.existsSubject.message.replace('{brand}', BRAND.en));
    expect(mail.link).toBe('http://museum.test/forgot-password');
    // The original password still works; the attempt changed nothing.
    expect((await s.request('/api/login/', { json: { email, password: PASSWORD } })).status).toBe(200);
    expect((await s.request('/api/login/', { json: { email, password: 'Different1' } })).status).toBe(401);
  });

  it('rejects bad verify links with 400 {detail}', async () => {
    const email = uniqueEmail();
    await signup(email);
    const { uid } = linkParts((await s.waitForMail(email)).link);
    for (const path of [
      `/api/verify-email/${uid}/wrong-token`,
      '/api/verify-email/not-a-uuid/abc',
      '/api/verify-email/00000000-0000-0000-0000-000000000000/abc',
    ]) {
      const res = await s.request(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: M.linkInvalid.message });
    }
  });

  it('rejects an expired verify link', async () => {
    const email = uniqueEmail();
    await signup(email);
    const { uid, token } = linkParts((await s.waitForMail(email)).link);
    const [user] = await s.deps.db.select().from(users).where(eq(users.email, email));
    await s.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user!.id));
    expect((await s.request(`/api/verify-email/${uid}/${token}`)).status).toBe(400);
  });

  it.each([
    ['', [M.passwordRequired.message]],
    ['Ab1', [M.passwordLength.message]],
    ['Abcdefg1!', [M.passwordAlnum.message]],
    ['abcdefgh1', [M.passwordMix.message]],
    ['ABCDEFGH', [M.passwordMix.message]],
    ['A'.repeat(31) + '1b', [M.passwordLength.message]],
  ])('enforces the password rules on the server (%s)', async (password, messages) => {
    const res = await signup(uniqueEmail(), password, password || 'x');
    expect(res.status).toBe(400);
    expect(res.body.password).toEqual(messages);
  });

  it('checks e-mail and confirmation', async () => {
    const res = await s.request('/api/signup/', { json: { email: 'not-an-email', password: PASSWORD, confirm_password: 'Other1234' } });
    expect(res.status).toBe(400);
    expect(res.body.email).toEqual([M.emailInvalid.message]);
    expect(res.body.confirm_password).toEqual([M.passwordsDoNotMatch.message]);
    const empty = await s.request('/api/signup/', { json: {} });
    expect(empty.body).toEqual({
      email: [M.emailRequired.message],
      password: [M.passwordRequired.message],
      confirm_password: [M.confirmPasswordRequired.message],
      accept_terms: [M.termsConsentRequired.message],
    });
  });

  // Issue 28: the terms ask a parent's consent for a child's use; sign-up asks for it with a tick box.
  it.each([
    ['without the field (a client that follows the spec)', {}],
    ['with the box unticked', { accept_terms: false }],
    ['with a truthy string', { accept_terms: 'yes' }],
  ])("refuses a sign-up without the guardian's consent (%s): a field error, and nothing made or sent", async (_, consent) => {
    const email = uniqueEmail('noconsent');
    const mailsBefore = (await s.mails()).length;
    const res = await s.request('/api/signup/', { json: { email, password: PASSWORD, confirm_password: PASSWORD, ...consent } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ accept_terms: [M.termsConsentRequired.message] });
    const ja = await s.request('/api/signup/?language=ja', { json: { email, password: PASSWORD, confirm_password: PASSWORD, ...consent } });
    expect(ja.status).toBe(400);
    expect(ja.body.accept_terms).toEqual([translator('ja')(M.termsConsentRequired)]);
    expect(ja.body.accept_terms[0]).not.toBe(M.termsConsentRequired.message);
    expect(await s.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await s.mails()).length).toBe(mailsBefore);
  });

  it('keeps when the consent was given and to which version of the terms, and the account page reads it', async () => {
    const email = uniqueEmail('consent');
    const before = Date.now();
    expect((await signup(email)).status).toBe(201);
    const after = Date.now();
    const [user] = await s.deps.db.select().from(users).where(eq(users.email, email));
    expect(user!.termsVersion).toBe(TERMS_VERSION);
    expect(user!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(user!.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(after);

    const { uid, token } = linkParts((await s.waitForMail(email)).link);
    expect((await s.request(`/api/verify-email/${uid}/${token}`)).status).toBe(200);
    const login = await s.request('/api/login/', { json: { email, password: PASSWORD } });
    const info = await s.request('/api/account-info/', { token: login.body.access });
    expect(info.status).toBe(200);
    expect(info.body.terms_accepted).toEqual({ at: user!.termsAcceptedAt!.toISOString(), version: TERMS_VERSION });
  });
});

describe('login', () => {
  it('answers 401 for a wrong password and for an unknown address alike', async () => {
    const { email } = await signupVerified(s);
    const wrong = await s.request('/api/login/', { json: { email, password: 'Wrong1234' } });
    const unknown = await s.request('/api/login/', { json: { email: uniqueEmail('nobody'), password: 'Wrong1234' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: M.loginInvalid.message });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires e-mail and password', async () => {
    const res = await s.request('/api/login/', { json: { email: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: [M.emailRequired.message], password: [M.passwordRequired.message] });
  });
});

describe('password reset', () => {
  const requestReset = (email: string) => s.request('/api/password-reset/', { json: { email } });
  const confirm = (uid: string, token: string, password = 'NewPassw0rd', confirmPassword = password) =>
    s.request(`/api/password-reset-confirm/${uid}/${token}`, { json: { new_password: password, confirm_password: confirmPassword } });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: M.resetSent.message });
    await new Promise((r) => setTimeout(r, 200));
    expect((await s.mails()).filter((m) => m.to === email)).toHaveLength(0);
  });

  it('resets through the link once, revokes old sessions and logs in with the new password', async () => {
    const session = await signupVerified(s);
    const res = await requestReset(session.email);
    expect(res.body).toEqual({ message: M.resetSent.message });
    const mail = await s.waitForMail(session.email, 1);
    expect(mail.subject).toBe(MAIL.resetSubject.message.replace('{brand}', BRAND.en));
    const { uid, token, path } = linkParts(mail.link);
    expect(path).toBe('/password-reset-confirm');

    const mismatch = await confirm(uid, token, 'NewPassw0rd', 'Other1234');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ confirm_password: [M.passwordsDoNotMatch.message] });
    const weak = await confirm(uid, token, 'Weak1');
    expect(weak.body.new_password).toEqual([M.passwordLength.message]);

    const done = await confirm(uid, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ detail: M.resetDone.message });

    const reused = await confirm(uid, token, 'Another1234');
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: M.linkInvalid.message });

    expect((await s.request('/api/user/me/', { token: session.access })).status).toBe(401);
    expect((await s.request('/api/token/refresh/', { json: { refresh: session.refresh } })).status).toBe(401);
    expect((await s.request('/api/login/', { json: { email: session.email, password: PASSWORD } })).status).toBe(401);
    expect((await s.request('/api/login/', { json: { email: session.email, password: 'NewPassw0rd' } })).status).toBe(200);
  });

  it('rejects an expired reset link', async () => {
    const { email } = await signupVerified(s);
    await requestReset(email);
    const { uid, token } = linkParts((await s.waitForMail(email, 1)).link);
    const [user] = await s.deps.db.select().from(users).where(eq(users.email, email));
    await s.deps.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.userId, user!.id));
    const res = await confirm(uid, token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: M.linkInvalid.message });
  });

  it('only the newest link works, and a reset verifies an unverified address', async () => {
    const email = uniqueEmail();
    await signup(email);
    await s.waitForMail(email);
    await requestReset(email);
    const first = linkParts((await s.waitForMail(email, 1)).link);
    await requestReset(email);
    const second = linkParts((await s.waitForMail(email, 2)).link);
    expect((await confirm(first.uid, first.token)).status).toBe(400);
    expect((await confirm(second.uid, second.token)).status).toBe(200);
    expect((await s.request('/api/login/', { json: { email, password: 'NewPassw0rd' } })).status).toBe(200);
  });

  it('rejects a reset token used as a verify token and vice versa', async () => {
    const email = uniqueEmail();
    await signup(email);
    const verify = linkParts((await s.waitForMail(email)).link);
    expect((await confirm(verify.uid, verify.token)).status).toBe(400);
    expect((await s.request(`/api/verify-email/${verify.uid}/${verify.token}`)).status).toBe(200);
  });
});
