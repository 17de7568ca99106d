/**
 * The organization console (issue 12): membership by code or by approval, the staff's member calls, the code, and
 * e-mail to members or staff. Access: staff of another organization, a parent who runs none (404), a child (403),
 * nobody (401).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { bulkMails, organizationStaff, organizations, users } from '../db/schema';
import { randomOrganizationCode } from '../domain/org-members';
import { childSession, signupVerified, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

interface Org {
  id: number;
  code: string;
}

async function newOrg(joinPolicy: 'code' | 'approval' = 'code', name = 'Atelier'): Promise<Org> {
  for (;;) {
    const code = randomOrganizationCode();
    const [row] = await s.deps.db.insert(organizations).values({ name, code, joinPolicy }).onConflictDoNothing().returning();
    if (row) return { id: row.id, code };
  }
}

/** A verified parent appointed staff of the organizations. */
async function staffOf(...orgs: Org[]): Promise<{ email: string; access: string }> {
  const p = await signupVerified(s);
  const [user] = await s.deps.db.select().from(users).where(eq(users.email, p.email));
  for (const org of orgs) await s.deps.db.insert(organizationStaff).values({ organizationId: org.id, userId: user!.id });
  return p;
}

/** A child who proves the code and adds the organization to its profile: the answer of the PATCH. */
async function join(kid: { access: string }, org: Org, keep: number[] = []) {
  expect((await s.request(`/api/organizations/check/${org.code}/`, { token: kid.access })).status).toBe(200);
  return s.request('/api/profile/', { method: 'PATCH', token: kid.access, json: { organizations: [...keep, org.id] } });
}

const patchOrgs = (kid: { access: string }, ids: number[]) =>
  s.request('/api/profile/', { method: 'PATCH', token: kid.access, json: { organizations: ids } });

const members = async (token: string, org: Org) => (await s.request(`/api/org/${org.id}/members/`, { token })).body;

describe('membership by approval', () => {
  it('a request is pending (shown as such, no member rights) until staff approve it', async () => {
    const org = await newOrg('approval', 'Approval Atelier');
    const staff = await staffOf(org);
    const p = await signupVerified(s);
    const kid = await childSession(s, p.access, 'waiting');

    const joined = await join(kid, org);
    expect(joined.status).toBe(200);
    expect(joined.body.organizations).toEqual([{ id: org.id, name: 'Approval Atelier', status: 'pending' }]);
    expect((await s.request('/api/profile/', { token: kid.access })).body.organizations).toEqual([
      { id: org.id, name: 'Approval Atelier', status: 'pending' },
    ]);
    expect((await s.request('/api/organizations/', { token: kid.access })).body).toEqual({
      results: [{ id: org.id, name: 'Approval Atelier', status: 'pending' }],
    });
    // No member rights while pending.
    for (const token of [kid.access, p.access]) expect((await s.request(`/api/organizations/${org.id}/`, { token })).status).toBe(404);
    // Keeping it in a PATCH changes nothing; a PATCH cannot approve it.
    expect((await patchOrgs(kid, [org.id])).body.organizations).toEqual([{ id: org.id, name: 'Approval Atelier', status: 'pending' }]);

    const home = await s.request('/api/org/', { token: staff.access });
    expect(home).toMatchObject({ status: 200, body: { is_super_admin: false } });
    expect(home.body.organizations).toEqual([
      { id: org.id, name: 'Approval Atelier', code: org.code, join_policy: 'approval', member_count: 0, pending_count: 1 },
    ]);
    const list = await members(staff.access, org);
    expect(list.approved).toEqual([]);
    expect(list.pending).toEqual([
      { profile_id: kid.id, username: 'waiting', profile_picture: null, status: 'pending', requested_at: expect.any(String) },
    ]);
    // Staff never see the family's e-mail or the child's real name.
    expect(JSON.stringify(list)).not.toContain(p.email);
    expect(JSON.stringify(list)).not.toContain('Real waiting');

    const approved = await s.request(`/api/org/${org.id}/members/${kid.id}/approve/`, { method: 'POST', token: staff.access });
    expect(approved).toMatchObject({ status: 200, body: { message: M.memberApproved.message } });
    expect((await s.request('/api/profile/', { token: kid.access })).body.organizations).toEqual([
      { id: org.id, name: 'Approval Atelier', status: 'approved' },
    ]);
    expect((await s.request(`/api/organizations/${org.id}/`, { token: kid.access })).status).toBe(200);
    expect((await members(staff.access, org)).approved.map((m: { profile_id: number }) => m.profile_id)).toEqual([kid.id]);
    // Approving again, or an approved member: nothing pending.
    expect((await s.request(`/api/org/${org.id}/members/${kid.id}/approve/`, { method: 'POST', token: staff.access })).status).toBe(404);
    expect((await s.request(`/api/org/${org.id}/members/${kid.id}/decline/`, { method: 'POST', token: staff.access })).status).toBe(404);
    // Kept in a later PATCH, it stays approved.
    expect((await patchOrgs(kid, [org.id])).body.organizations[0].status).toBe('approved');
  });

  it('the default policy admits at once; switching policy applies to new requests only', async () => {
    const org = await newOrg('code');
    const staff = await staffOf(org);
    const p = await signupVerified(s);
    const first = await childSession(s, p.access, 'first');
    expect((await join(first, org)).body.organizations).toEqual([{ id: org.id, name: 'Atelier', status: 'approved' }]);
    const updated = await s.request(`/api/org/${org.id}/`, { method: 'PATCH', token: staff.access, json: { join_policy: 'approval' } });
    expect(updated).toMatchObject({ status: 200, body: { id: org.id, join_policy: 'approval', member_count: 1, pending_count: 0 } });
    const second = await childSession(s, p.access, 'second');
    expect((await join(second, org)).body.organizations[0].status).toBe('pending');
    expect((await s.request('/api/profile/', { token: first.access })).body.organizations[0].status).toBe('approved');
    // The family's list: approved for one child wins.
    expect((await s.request('/api/organizations/', { token: p.access })).body).toEqual({ results: [{ id: org.id, name: 'Atelier' }] });
    const bad = await s.request(`/api/org/${org.id}/`, { method: 'PATCH', token: staff.access, json: { join_policy: 'open' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['join_policy']);
  });

  it('decline deletes the request, and the child must prove the code again', async () => {
    const org = await newOrg('approval');
    const staff = await staffOf(org);
    const p = await signupVerified(s);
    const kid = await childSession(s, p.access, 'declined');
    await join(kid, org);
    const declined = await s.request(`/api/org/${org.id}/members/${kid.id}/decline/`, { method: 'POST', token: staff.access });
    expect(declined).toMatchObject({ status: 200, body: { message: M.memberDeclined.message } });
    expect((await s.request('/api/profile/', { token: kid.access })).body.organizations).toEqual([]);
    expect(await members(staff.access, org)).toEqual({ pending: [], approved: [] });
    expect((await s.request(`/api/org/${org.id}/members/${kid.id}/decline/`, { method: 'POST', token: staff.access })).status).toBe(404);
    // The old proof is spent: adding it again by id is refused.
    expect(await patchOrgs(kid, [org.id])).toMatchObject({ status: 400, body: { organizations: [M.orgCodeInvalid.message] } });
    // With the code again, it is a new request.
    expect((await join(kid, org)).body.organizations[0].status).toBe('pending');
  });

  it('remove deletes an approved or a pending membership; 404 when there is none', async () => {
    const org = await newOrg('code');
    const staff = await staffOf(org);
    const p = await signupVerified(s);
    const member = await childSession(s, p.access, 'member');
    const asking = await childSession(s, p.access, 'asking');
    await join(member, org);
    await s.request(`/api/org/${org.id}/`, { method: 'PATCH', token: staff.access, json: { join_policy: 'approval' } });
    await join(asking, org);
    for (const kid of [member, asking]) {
      const removed = await s.request(`/api/org/${org.id}/members/${kid.id}/`, { method: 'DELETE', token: staff.access });
      expect(removed).toMatchObject({ status: 200, body: { message: M.memberRemoved.message } });
      expect((await s.request('/api/profile/', { token: kid.access })).body.organizations).toEqual([]);
      expect((await s.request(`/api/org/${org.id}/members/${kid.id}/`, { method: 'DELETE', token: staff.access })).status).toBe(404);
    }
    expect((await s.request(`/api/org/${org.id}/members/999999/`, { method: 'DELETE', token: staff.access })).status).toBe(404);
  });

  it('a new code: the old one stops working (and its proofs), members stay, the new one admits', async () => {
    const org = await newOrg('code');
    const staff = await staffOf(org);
    const p = await signupVerified(s);
    const member = await childSession(s, p.access, 'stays');
    await join(member, org);
    const late = await childSession(s, p.access, 'late');
    expect((await s.request(`/api/organizations/check/${org.code}/`, { token: late.access })).status).toBe(200);

    const res = await s.request(`/api/org/${org.id}/code/`, { method: 'POST', token: staff.access });
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(/^\d{6}$/);
    expect(res.body.code).not.toBe(org.code);
    expect(res.body.member_count).toBe(1);
    expect((await s.request(`/api/organizations/check/${org.code}/`, { token: late.access })).status).toBe(404);
    // A proof of the old code no longer admits.
    expect((await patchOrgs(late, [org.id])).status).toBe(400);
    expect((await join(late, { id: org.id, code: res.body.code })).status).toBe(200);
    expect((await s.request('/api/profile/', { token: member.access })).body.organizations[0]).toMatchObject({
      id: org.id,
      status: 'approved',
    });
  });
});

describe('who may use the console', () => {
  it('staff of A, a parent who runs nothing, a child and nobody find nothing of B', async () => {
    const a = await newOrg('approval', 'A');
    const b = await newOrg('approval', 'B');
    const staffA = await staffOf(a);
    const staffB = await staffOf(b);
    const outsider = await signupVerified(s);
    const p = await signupVerified(s);
    const kidA = await childSession(s, p.access, 'in-a');
    const kidB = await childSession(s, p.access, 'in-b');
    await join(kidA, a);
    await join(kidB, b);
    const staffKid = await childSession(s, staffB.access, 'staffkid');

    const mail = { audience: 'members', subject: 'Hello', body: 'Hi' };
    const calls = (org: Org, profileId: number): [string, string, unknown?][] => [
      ['PATCH', `/api/org/${org.id}/`, { join_policy: 'code' }],
      ['POST', `/api/org/${org.id}/code/`],
      ['GET', `/api/org/${org.id}/members/`],
      ['POST', `/api/org/${org.id}/members/${profileId}/approve/`],
      ['POST', `/api/org/${org.id}/members/${profileId}/decline/`],
      ['DELETE', `/api/org/${org.id}/members/${profileId}/`],
      ['POST', `/api/org/${org.id}/mail/preview/`, { audience: 'members' }],
      ['POST', `/api/org/${org.id}/mail/`, mail],
      ['GET', `/api/org/${org.id}/mail/`],
    ];
    const call = (token: string | undefined, [method, path, json]: [string, string, unknown?]) =>
      s.request(path, { method, token, ...(json === undefined ? {} : { json }) });

    for (const c of calls(b, kidB.id)) {
      for (const token of [staffA.access, outsider.access]) expect((await call(token, c)).status, `${c[0]} ${c[1]}`).toBe(404);
      expect((await call(staffKid.access, c)).status, `child ${c[1]}`).toBe(403);
      expect((await call(undefined, c)).status, `anonymous ${c[1]}`).toBe(401);
    }
    // A's own organization id with B's member: not A's, so nothing there.
    for (const c of calls(a, kidB.id).slice(3, 6)) expect((await call(staffA.access, c)).status, c[1]).toBe(404);
    // An organization that does not exist.
    for (const c of calls({ id: 999999, code: '' }, kidB.id)) expect((await call(staffA.access, c)).status).toBe(404);
    // B is untouched: its member still pending, its code the same, no e-mail logged.
    expect((await members(staffB.access, b)).pending.map((m: { profile_id: number }) => m.profile_id)).toEqual([kidB.id]);
    const home = await s.request('/api/org/', { token: staffB.access });
    expect(home.body.organizations).toEqual([expect.objectContaining({ id: b.id, code: b.code, join_policy: 'approval' })]);
    expect((await s.request(`/api/org/${b.id}/mail/`, { token: staffB.access })).body).toEqual({ results: [] });
    // The console's home is any parent's (an empty one), never a child's.
    expect((await s.request('/api/org/', { token: outsider.access })).body).toEqual({ is_super_admin: false, organizations: [] });
    expect((await s.request('/api/org/', { token: staffKid.access })).status).toBe(403);
    expect((await s.request('/api/org/')).status).toBe(401);
  });
});

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await s.deps.db.select().from(bulkMails).where(eq(bulkMails.id, id));
    if (row?.finishedAt) return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`bulk e-mail ${id} did not finish`);
}

describe('e-mail from the console', () => {
  it("reaches approved members' parents once each, never pending ones; logs it; shows no address", async () => {
    const org = await newOrg('code', 'Mail Atelier');
    const staff = await staffOf(org);
    const twoKids = await signupVerified(s);
    await join(await childSession(s, twoKids.access, 'one'), org);
    await join(await childSession(s, twoKids.access, 'two'), org);
    const single = await signupVerified(s);
    await join(await childSession(s, single.access, 'solo'), org);
    await s.request(`/api/org/${org.id}/`, { method: 'PATCH', token: staff.access, json: { join_policy: 'approval' } });
    const pending = await signupVerified(s);
    await join(await childSession(s, pending.access, 'pending'), org);

    expect(await s.request(`/api/org/${org.id}/mail/preview/`, { token: staff.access, json: { audience: 'members' } })).toEqual(
      expect.objectContaining({ status: 200, body: { recipients: 2 } }),
    );
    expect((await s.request(`/api/org/${org.id}/mail/preview/`, { token: staff.access, json: { audience: 'staff' } })).body).toEqual({
      recipients: 1,
    });

    const before = (await s.mails()).length;
    const sent = await s.request(`/api/org/${org.id}/mail/`, {
      token: staff.access,
      json: { audience: 'members', subject: 'Exhibition day', body: 'Bring your drawings on Saturday.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ message: 'Your e-mail is being sent to 2 recipients.', recipients: 2, id: expect.any(Number) });
    for (const address of [twoKids.email, single.email, pending.email, staff.email])
      expect(JSON.stringify(sent.body)).not.toContain(address);

    const row = await finished(sent.body.id);
    expect(row).toMatchObject({ recipients: 2, sent: 2, failed: 0, audience: 'members', organizationId: org.id });
    const mails = (await s.mails()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([twoKids.email, single.email].sort());
    const mail = mails[0]!;
    expect(mail.subject).toBe('[Mail Atelier] Exhibition day');
    expect(mail.text).toContain('Bring your drawings on Saturday.');
    expect(mail.text).toContain('because your child is a member of Mail Atelier');
    expect(mail.text).toContain('http://museum.test');

    const log = await s.request(`/api/org/${org.id}/mail/`, { token: staff.access });
    expect(log.body.results).toEqual([
      {
        id: sent.body.id,
        audience: 'members',
        subject: 'Exhibition day',
        sender: staff.email,
        recipients: 2,
        sent: 2,
        failed: 0,
        created_at: expect.any(String),
        finished_at: expect.any(String),
      },
    ]);
    for (const address of [twoKids.email, single.email]) expect(JSON.stringify(log.body)).not.toContain(address);

    // To the staff: the staff's own addresses, with the staff footer.
    const toStaff = await s.request(`/api/org/${org.id}/mail/`, {
      token: staff.access,
      json: { audience: 'staff', subject: 'Meeting', body: 'Tuesday' },
    });
    expect(toStaff).toMatchObject({ status: 201, body: { recipients: 1 } });
    await finished(toStaff.body.id);
    const staffMail = await s.waitForMail(staff.email);
    expect(staffMail.text).toContain('sent to the staff of Mail Atelier');
    // Newest first; another organization's log does not show them.
    expect((await s.request(`/api/org/${org.id}/mail/`, { token: staff.access })).body.results.map((r: { id: number }) => r.id)).toEqual([
      toStaff.body.id,
      sent.body.id,
    ]);
    const other = await newOrg();
    const otherStaff = await staffOf(other);
    expect((await s.request(`/api/org/${other.id}/mail/`, { token: otherStaff.access })).body).toEqual({ results: [] });
  });

  it('nobody to send to is a 400; bad text is a 400 (NUL, too long, empty); 5 sends an hour, then 429', async () => {
    const org = await newOrg();
    const staff = await staffOf(org);
    const path = `/api/org/${org.id}/mail/`;
    const nobody = await s.request(path, { token: staff.access, json: { audience: 'members', subject: 'Hi', body: 'Hi' } });
    expect(nobody).toMatchObject({ status: 400, body: { non_field_errors: [M.mailNoRecipients.message] } });

    const bad: [Record<string, unknown>, string][] = [
      [{ subject: 'a\u0000b', body: 'x' }, 'subject'],
      [{ subject: 'x', body: 'a\u0000b' }, 'body'],
      [{ subject: 'x'.repeat(201), body: 'x' }, 'subject'],
      [{ subject: 'x', body: 'x'.repeat(10_001) }, 'body'],
      [{ subject: '  ', body: 'x' }, 'subject'],
      [{ subject: 'x' }, 'body'],
      [{ subject: 'x', body: 'x', audience: 'all' }, 'audience'],
    ];
    for (const [fields, field] of bad) {
      const res = await s.request(path, { token: staff.access, json: { audience: 'staff', ...fields } });
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    }
    const huge = await s.request(path, { token: staff.access, json: { audience: 'staff', subject: 'x', body: 'x'.repeat(300_000) } });
    expect(huge.status).toBe(400);
    expect((await s.request(`/api/org/${org.id}/mail/preview/`, { token: staff.access, json: { audience: 'everyone' } })).status).toBe(400);

    // The refused attempts above did not count: five sends go, the sixth is refused.
    for (let i = 0; i < 5; i++) {
      const res = await s.request(path, { token: staff.access, json: { audience: 'staff', subject: `Note ${i}`, body: 'x' } });
      expect(res.status).toBe(201);
    }
    const limited = await s.request(path, { token: staff.access, json: { audience: 'staff', subject: 'Again', body: 'x' } });
    expect(limited).toMatchObject({ status: 429, body: { detail: M.rateLimited.message } });
    const log = (await s.request(path, { token: staff.access })).body.results as { id: number }[];
    expect(log).toHaveLength(5);
    for (const { id } of log) expect(await finished(id)).toMatchObject({ recipients: 1, sent: 1 });
  });
});
