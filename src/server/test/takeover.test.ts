/**
 * Issue 27, finding 2: pre-registration takeover. Whoever proves an address owns its account (decisions.md, "Added
 * 2026-11-27"): a later sign-up for an unverified address replaces the pending password and voids every earlier
 * link, and a staff invitation goes only to an account whose owner proved the address after it was made, by a proof
 * that also set the password (a sign-up's link made after the invitation, or a password reset).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BRAND } from '@contract/brand';
import { M } from '@contract/messages';
import { MAIL } from '../mail-messages';
import { staffInvitations, users } from '../db/schema';
import { linkParts, PASSWORD, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';

let s: TestServer;
let admin: { email: string; access: string };
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  admin = await signupVerified(s, uniqueEmail('admin'));
  await s.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, admin.email));
});
afterAll(() => s.close());

const ATTACKER_PASSWORD = 'Attack3rPw';
const VICTIM_PASSWORD = 'Victim0wnPw';

const signup = (email: string, password: string) =>
  s.request('/api/signup/', { json: { email, password, confirm_password: password, accept_terms: true } });
const login = (email: string, password: string) => s.request('/api/login/', { json: { email, password } });
const mailCount = async (to: string) => (await s.mails()).filter((m) => m.to === to).length;

/** Signs up and returns the verification link this sign-up e-mailed. */
async function signupLink(email: string, password: string): Promise<{ uid: string; token: string }> {
  const before = await mailCount(email);
  expect((await signup(email, password)).status).toBe(201);
  return linkParts((await s.waitForMail(email, before)).link);
}
const verify = (l: { uid: string; token: string }) => s.request(`/api/verify-email/${l.uid}/${l.token}`);

async function newOrg(name: string): Promise<number> {
  return (await s.request('/api/admin/organizations/', { token: admin.access, json: { name } })).body.id as number;
}
/** Invites `email` and waits for the invitation e-mail (so that later mail counts start after it). */
async function invite(orgId: number, email: string) {
  const before = await mailCount(email);
  const res = await s.request(`/api/admin/organizations/${orgId}/staff/`, { token: admin.access, json: { email } });
  return { ...res, mail: await s.waitForMail(email, before) };
}
async function staffOrgs(access: string): Promise<number[]> {
  const res = await s.request('/api/org/', { token: access });
  return res.status === 200 ? (res.body.organizations as { id: number }[]).map((o) => o.id) : [];
}

describe('a plain sign-up', () => {
  it('attacker first: the victim signs up later, the attacker link is dead, the victim password wins', async () => {
    const email = uniqueEmail('victim');
    const attackerLink = await signupLink(email, ATTACKER_PASSWORD);
    const victimLink = await signupLink(email, VICTIM_PASSWORD);
    expect(await verify(attackerLink)).toMatchObject({ status: 400, body: { detail: M.linkInvalid.message } });
    expect((await verify(victimLink)).status).toBe(200);
    expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('victim first: a later sign-up voids the victim link; the victim signs up again and only that password works', async () => {
    const email = uniqueEmail('victim');
    const victimLink = await signupLink(email, VICTIM_PASSWORD);
    const attackerLink = await signupLink(email, ATTACKER_PASSWORD);
    expect(await verify(victimLink)).toMatchObject({ status: 400, body: { detail: M.linkInvalid.message } });
    const again = await signupLink(email, VICTIM_PASSWORD);
    expect(await verify(attackerLink)).toMatchObject({ status: 400, body: { detail: M.linkInvalid.message } });
    expect((await verify(again)).status).toBe(200);
    expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('only the newest of several links confirms, and only once', async () => {
    const email = uniqueEmail('victim');
    const links = [];
    for (const pw of [VICTIM_PASSWORD, ATTACKER_PASSWORD, VICTIM_PASSWORD]) links.push(await signupLink(email, pw));
    for (const old of links.slice(0, -1)) expect((await verify(old)).status).toBe(400);
    expect((await verify(links.at(-1)!)).status).toBe(200);
    expect((await verify(links.at(-1)!)).status).toBe(400);
    // Verified now: a further sign-up changes nothing and mails the owner instead.
    const before = await mailCount(email);
    await signup(email, ATTACKER_PASSWORD);
    expect((await s.waitForMail(email, before)).subject).toBe(MAIL.existsSubject.message.replace('{brand}', BRAND.en));
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('tells a recipient who did not sign up not to open the link', async () => {
    const email = uniqueEmail('victim');
    await signup(email, ATTACKER_PASSWORD);
    const mail = await s.waitForMail(email);
    expect(mail.subject).toBe(MAIL.verifySubject.message.replace('{brand}', BRAND.en));
    expect(mail.text).toMatch(/did not sign up/);
    expect(mail.text).toMatch(/do not open/i);
  });
});

describe('a staff invitation', () => {
  it('does not go to an account pre-registered before it: its old link is dead; a sign-up after it makes the owner staff', async () => {
    const org = await newOrg('Takeover School');
    const email = uniqueEmail('invitee');
    const attackerLink = await signupLink(email, ATTACKER_PASSWORD);

    const { status, mail: invitation } = await invite(org, email);
    expect(status).toBe(200);
    expect(invitation.link).toBe('http://museum.test/register');
    expect(invitation.text).toMatch(/sign up/i);

    // The victim opens the link the attacker caused: refused, and nobody became staff.
    expect(await verify(attackerLink)).toMatchObject({ status: 400, body: { detail: M.linkInvalid.message } });
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(403);

    // The victim signs up as the invitation says, and confirms: staff, with the victim's password only.
    expect((await verify(await signupLink(email, VICTIM_PASSWORD))).status).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
    const victim = await login(email, VICTIM_PASSWORD);
    expect(victim.status).toBe(200);
    expect(await staffOrgs(victim.body.access)).toEqual([org]);
  });

  it('a verification link made before the invitation never makes staff, even if it survived', async () => {
    const org = await newOrg('Race School');
    const email = uniqueEmail('invitee');
    const attackerLink = await signupLink(email, ATTACKER_PASSWORD);
    // As if the sign-up had committed just after the invitation voided the links: the link is older than it.
    await s.deps.db.insert(staffInvitations).values({ organizationId: org, email, createdAt: new Date(Date.now() + 60_000) });
    expect((await verify(attackerLink)).status).toBe(200);
    const attacker = await login(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(200);
    expect(await staffOrgs(attacker.body.access)).toEqual([]);
  });

  it('a password reset by the mailbox owner after the invitation makes staff', async () => {
    const org = await newOrg('Reset School');
    const email = uniqueEmail('invitee');
    await signupLink(email, ATTACKER_PASSWORD);
    await invite(org, email);
    const before = await mailCount(email);
    await s.request('/api/password-reset/', { json: { email } });
    const { uid, token } = linkParts((await s.waitForMail(email, before)).link);
    const reset = await s.request(`/api/password-reset-confirm/${uid}/${token}`, {
      json: { new_password: VICTIM_PASSWORD, confirm_password: VICTIM_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
    const victim = await login(email, VICTIM_PASSWORD);
    expect(await staffOrgs(victim.body.access)).toEqual([org]);
  });

  it('an e-mail change to the invited address does not make the attacker staff', async () => {
    const org = await newOrg('Change School');
    const email = uniqueEmail('invitee');
    await invite(org, email);
    const attacker = await signupVerified(s, uniqueEmail('attacker'), ATTACKER_PASSWORD);
    const before = await mailCount(email);
    const change = await s.request('/api/account-info/', {
      method: 'PATCH',
      token: attacker.access,
      json: { email, current_password: ATTACKER_PASSWORD },
    });
    expect(change.status).toBe(200);
    // The invitee, told to expect mail from Little Museum, opens the confirmation.
    const { uid, token } = linkParts((await s.waitForMail(email, before)).link);
    expect((await s.request(`/api/confirm-email/${uid}/${token}/`, { method: 'POST' })).status).toBe(200);
    const again = await login(email, ATTACKER_PASSWORD);
    expect(again.status).toBe(200);
    expect(await staffOrgs(again.body.access)).toEqual([]);

    // The address's owner can still claim the account and the invitation with a password reset.
    const beforeReset = await mailCount(email);
    await s.request('/api/password-reset/', { json: { email } });
    const reset = linkParts((await s.waitForMail(email, beforeReset)).link);
    await s.request(`/api/password-reset-confirm/${reset.uid}/${reset.token}`, {
      json: { new_password: VICTIM_PASSWORD, confirm_password: VICTIM_PASSWORD },
    });
    const owner = await login(email, VICTIM_PASSWORD);
    expect(await staffOrgs(owner.body.access)).toEqual([org]);
  });
});

describe('attacking the sign-up', () => {
  it('answers NUL bytes, huge addresses and a flood with 4xx, never 500', async () => {
    for (const email of [`a\u0000b@example.com`, `${'a'.repeat(100_000)}@example.com`, 'x@example.com\u0000']) {
      const res = await signup(email, PASSWORD);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const path of ['/api/verify-email/%00/%00', `/api/verify-email/${'a'.repeat(5000)}/x`]) {
      const res = await s.request(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const email = uniqueEmail('flood');
    const replies = await Promise.all(Array.from({ length: 12 }, () => signup(email, PASSWORD)));
    for (const r of replies) expect([201, 429]).toContain(r.status);
  });
});
