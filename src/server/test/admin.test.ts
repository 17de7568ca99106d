/**
 * The super admin (issue 12): organizations and their staff (invitations that turn into staff once the address is
 * verified), the landing's sponsor banners, and e-mail to every user in batches. Anyone else finds nothing (404).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import type { MailMessage } from '../adapters/mail';
import { advertisements, bulkMails, users } from '../db/schema';
import { BULK_MAIL_BATCH, BULK_MAIL_CONCURRENCY, BULK_MAIL_PAUSE_MS } from '../domain/bulk-mail';
import { childSession, linkParts, PASSWORD, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';
import { png } from './works-helpers';

let s: TestServer;
let admin: { email: string; access: string };
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  admin = await signupVerified(s, uniqueEmail('admin'));
  await s.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, admin.email));
});
afterAll(() => s.close());

const json = (path: string, token: string | undefined, body?: unknown, method = 'POST') =>
  s.request(path, { method, token, ...(body === undefined ? {} : { json: body }) });

function bannerForm(fields: Record<string, string>, image?: Uint8Array): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('banner_image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'banner.png');
  return form;
}

/** Whether the storage (disk or bucket) holds the file of a /media/ URL. */
const stored = async (url: string) => (await s.deps.storage.head(url.replace(/^\/media\//, ''))) !== null;

async function finished(id: number) {
  for (let i = 0; i < 400; i++) {
    const [row] = await s.deps.db.select().from(bulkMails).where(eq(bulkMails.id, id));
    if (row?.finishedAt) return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`bulk e-mail ${id} did not finish`);
}

describe('who may call the admin operations', () => {
  it('a super admin only: another parent 404, a child 403, nobody 401', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, admin.access, 'adminkid');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/organizations/'],
      ['POST', '/api/admin/organizations/', { name: 'X' }],
      ['POST', '/api/admin/organizations/1/staff/', { email: 'a@example.com' }],
      ['POST', '/api/admin/organizations/1/staff/remove/', { email: 'a@example.com' }],
      ['GET', '/api/admin/banners/'],
      ['DELETE', '/api/admin/banners/1/'],
      ['POST', '/api/admin/mail/preview/'],
      ['POST', '/api/admin/mail/', { subject: 'x', body: 'y' }],
      ['GET', '/api/admin/mail/'],
    ];
    for (const [method, path, body] of calls) {
      expect((await json(path, parent.access, body, method)).status, `${method} ${path}`).toBe(404);
      expect((await json(path, kid.access, body, method)).status, `child ${path}`).toBe(403);
      expect((await json(path, undefined, body, method)).status, `anonymous ${path}`).toBe(401);
    }
    for (const path of ['/api/admin/banners/', '/api/admin/banners/1/update/']) {
      const res = await s.request(path, { token: parent.access, form: bannerForm({ name: 'x' }, await png()) });
      expect(res.status).toBe(404);
    }
    expect((await s.request('/api/org/', { token: admin.access })).body).toEqual({ is_super_admin: true, organizations: [] });
    expect((await s.request('/api/org/', { token: parent.access })).body.is_super_admin).toBe(false);
  });
});

describe('organizations and staff', () => {
  it('creates an organization with a random 6-digit code; the name is checked', async () => {
    const created = await json('/api/admin/organizations/', admin.access, { name: '  Hikari Studio ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Hikari Studio',
      code: expect.stringMatching(/^\d{6}$/),
      join_policy: 'code',
      member_count: 0,
      pending_count: 0,
      staff: [],
    });
    const again = await json('/api/admin/organizations/', admin.access, { name: 'Hikari Studio' });
    expect(again.body.code).not.toBe(created.body.code);
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'hikari');
    expect(await s.request(`/api/organizations/check/${created.body.code}/`, { token: kid.access })).toMatchObject({
      status: 200,
      body: { id: created.body.id, name: 'Hikari Studio' },
    });
    for (const [name, message] of [
      ['', M.orgNameRequired.message],
      ['x'.repeat(101), M.orgNameTooLong.message],
      ['a\u0000b', M.invalidValue.message],
    ] as const) {
      expect(await json('/api/admin/organizations/', admin.access, { name })).toMatchObject({ status: 400, body: { name: [message] } });
    }
    expect((await json('/api/admin/organizations/', admin.access, { name: 'x'.repeat(300_000) })).status).toBe(400);
    const list = await s.request('/api/admin/organizations/', { token: admin.access });
    expect(list.body.results.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([created.body.id, again.body.id]));
  });

  it('appoints a verified account at once (told by e-mail, idempotent), and removes it', async () => {
    const org = (await json('/api/admin/organizations/', admin.access, { name: 'Staffed' })).body;
    const person = await signupVerified(s);
    const mailsBefore = (await s.mails()).filter((m) => m.to === person.email).length;
    const path = `/api/admin/organizations/${org.id}/staff/`;
    const invited = await json(path, admin.access, { email: person.email.toUpperCase() });
    expect(invited.status).toBe(200);
    expect(invited.body.message).toBe(`${person.email} is now staff of this organization.`);
    const userId = (await s.deps.db.select().from(users).where(eq(users.email, person.email)))[0]!.id;
    expect(invited.body.organization.staff).toEqual([{ user_id: userId, email: person.email, status: 'active' }]);
    const told = await s.waitForMail(person.email, mailsBefore);
    expect(told.subject).toContain('Staffed');
    expect(told.link).toBe('http://museum.test/org');
    expect((await s.request('/api/org/', { token: person.access })).body.organizations.map((o: { id: number }) => o.id)).toEqual([org.id]);
    expect((await s.request(`/api/org/${org.id}/members/`, { token: person.access })).status).toBe(200);

    // Again: the same, and no second e-mail.
    expect((await json(path, admin.access, { email: person.email })).body.organization.staff).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect((await s.mails()).filter((m) => m.to === person.email)).toHaveLength(mailsBefore + 1);

    const removed = await json(`${path}remove/`, admin.access, { email: person.email });
    expect(removed).toMatchObject({ status: 200, body: { message: M.staffRemoved.message, organization: { staff: [] } } });
    expect((await s.request(`/api/org/${org.id}/members/`, { token: person.access })).status).toBe(404);
    expect((await json(`${path}remove/`, admin.access, { email: person.email })).status).toBe(404);
    expect((await json(path, admin.access, { email: 'not an address' })).status).toBe(400);
    expect((await json('/api/admin/organizations/999999/staff/', admin.access, { email: person.email })).status).toBe(404);
  });

  it('invites an address without an account; it becomes staff when its account is verified', async () => {
    const org = (await json('/api/admin/organizations/', admin.access, { name: 'Invited' })).body;
    const email = uniqueEmail('newstaff');
    const invited = await json(`/api/admin/organizations/${org.id}/staff/`, admin.access, { email });
    expect(invited).toMatchObject({ status: 200, body: { message: M.staffInvited.message } });
    expect(invited.body.organization.staff).toEqual([{ user_id: null, email, status: 'invited' }]);
    const mail = await s.waitForMail(email);
    expect(mail.subject).toContain('Invited');
    expect(mail.link).toBe('http://museum.test/register');

    // Signing up alone is not enough: the address must be confirmed.
    await s.request('/api/signup/', { json: { email, password: PASSWORD, confirm_password: PASSWORD, accept_terms: true } });
    const link = (await s.waitForMail(email, 1)).link;
    expect(
      (await s.request('/api/admin/organizations/', { token: admin.access })).body.results.find((o: { id: number }) => o.id === org.id)
        .staff,
    ).toEqual([{ user_id: null, email, status: 'invited' }]);
    const { uid, token } = linkParts(link);
    expect((await s.request(`/api/verify-email/${uid}/${token}`)).status).toBe(200);
    const login = await s.request('/api/login/', { json: { email, password: PASSWORD } });
    expect((await s.request('/api/org/', { token: login.body.access })).body.organizations.map((o: { id: number }) => o.id)).toEqual([
      org.id,
    ]);
    const after = (await s.request('/api/admin/organizations/', { token: admin.access })).body.results.find(
      (o: { id: number }) => o.id === org.id,
    );
    expect(after.staff).toEqual([{ user_id: expect.any(Number), email, status: 'active' }]);

    // An invitation can be withdrawn before it is used.
    const other = uniqueEmail('withdrawn');
    await json(`/api/admin/organizations/${org.id}/staff/`, admin.access, { email: other });
    expect(
      (await json(`/api/admin/organizations/${org.id}/staff/remove/`, admin.access, { email: other })).body.organization.staff,
    ).toEqual([{ user_id: expect.any(Number), email, status: 'active' }]);
  });
});

describe('sponsor banners', () => {
  it('creates, lists, updates (the old image deleted) and deletes (its image deleted)', async () => {
    const created = await s.request('/api/admin/banners/', {
      token: admin.access,
      form: bannerForm(
        { name: 'Crayons', url: 'https://sponsor.example/c', starts_on: '2020-01-01', ends_on: '2099-12-31', sort_order: '3' },
        await png(300, 100),
      ),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Crayons',
      banner_image: expect.stringMatching(/^\/media\/banners\/\w+\.webp$/),
      url: 'https://sponsor.example/c',
      starts_on: '2020-01-01',
      ends_on: '2099-12-31',
      sort_order: 3,
      active: true,
    });
    const [row] = await s.deps.db.select().from(advertisements).where(eq(advertisements.id, created.body.id));
    expect(row!.startsAt!.toISOString()).toBe('2019-12-31T15:00:00.000Z');
    expect(row!.endsAt!.toISOString()).toBe('2099-12-31T15:00:00.000Z');
    const first = created.body.banner_image as string;
    expect(await stored(first)).toBe(true);
    const landing = await s.request('/api/advertisements/?add_type=banner');
    expect(landing.body.map((a: { id: number }) => a.id)).toContain(created.body.id);

    const future = await s.request('/api/admin/banners/', {
      token: admin.access,
      form: bannerForm({ name: 'Later', starts_on: '2098-05-05' }, await png()),
    });
    expect(future.body).toMatchObject({ active: false, url: null, starts_on: '2098-05-05', ends_on: null, sort_order: 0 });
    expect((await s.request('/api/admin/banners/', { token: admin.access })).body.results.map((b: { id: number }) => b.id)).toEqual([
      future.body.id,
      created.body.id,
    ]);
    expect((await s.request('/api/advertisements/?add_type=banner')).body.map((a: { id: number }) => a.id)).not.toContain(future.body.id);

    // Without a new image, the image stays; with one, the old file goes.
    const kept = await s.request(`/api/admin/banners/${created.body.id}/update/`, {
      token: admin.access,
      form: bannerForm({ name: 'Crayons 2', url: '/contest-list', ends_on: '2020-01-01' }),
    });
    expect(kept).toMatchObject({
      status: 200,
      body: { name: 'Crayons 2', url: '/contest-list', starts_on: null, ends_on: '2020-01-01', active: false },
    });
    expect(kept.body.banner_image).toBe(created.body.banner_image);
    const replaced = await s.request(`/api/admin/banners/${created.body.id}/update/`, {
      token: admin.access,
      form: bannerForm({ name: 'Crayons 3' }, await png()),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.banner_image).not.toBe(created.body.banner_image);
    expect(await stored(first)).toBe(false);
    expect(await stored(replaced.body.banner_image)).toBe(true);

    const deleted = await json(`/api/admin/banners/${created.body.id}/`, admin.access, undefined, 'DELETE');
    expect(deleted).toMatchObject({ status: 200, body: { message: M.bannerDeleted.message } });
    expect(await stored(replaced.body.banner_image)).toBe(false);
    expect((await json(`/api/admin/banners/${created.body.id}/`, admin.access, undefined, 'DELETE')).status).toBe(404);
    const missing = await s.request(`/api/admin/banners/${created.body.id}/update/`, {
      token: admin.access,
      form: bannerForm({ name: 'x' }, await png()),
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a missing image, impossible days, unsafe links, NUL and huge fields (400, nothing stored)', async () => {
    const before = (await s.request('/api/admin/banners/', { token: admin.access })).body.results.length;
    const cases: [Record<string, string>, boolean, string, string?][] = [
      [{ name: 'No image' }, false, 'banner_image', M.bannerImageRequired.message],
      [{ name: 'Bad day', starts_on: '2026-02-30' }, true, 'starts_on', M.dateInvalid.message],
      [{ name: 'Bad day', ends_on: '2026-13-01' }, true, 'ends_on', M.dateInvalid.message],
      [{ name: 'Reversed', starts_on: '2026-03-02', ends_on: '2026-03-01' }, true, 'ends_on', M.bannerEndBeforeStart.message],
      [{ name: 'Script', url: 'javascript:alert(1)' }, true, 'url', M.bannerUrlInvalid.message],
      [{ name: 'Plain http', url: 'http://sponsor.example/' }, true, 'url', M.bannerUrlInvalid.message],
      [{ name: 'Elsewhere', url: '/\\evil.example' }, true, 'url', M.bannerUrlInvalid.message],
      [{ name: 'Userinfo', url: 'https://u:p@x.example/' }, true, 'url', M.bannerUrlInvalid.message],
      [{ name: 'a\u0000b' }, true, 'name'],
      [{ name: '' }, true, 'name', M.bannerNameRequired.message],
      [{ name: 'x'.repeat(101) }, true, 'name'],
      [{ name: 'Long url', url: `https://x.example/${'a'.repeat(3000)}` }, true, 'url'],
      [{ name: 'Order', sort_order: 'first' }, true, 'sort_order'],
    ];
    for (const [fields, withImage, field, message] of cases) {
      const res = await s.request('/api/admin/banners/', {
        token: admin.access,
        form: bannerForm(fields, withImage ? await png() : undefined),
      });
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
      if (message) expect(res.body[field]).toEqual([message]);
    }
    const notImage = bannerForm({ name: 'Text' });
    notImage.append('banner_image', new Blob(['hello'], { type: 'image/png' }), 'x.png');
    expect((await s.request('/api/admin/banners/', { token: admin.access, form: notImage })).status).toBe(400);
    expect((await s.request('/api/admin/banners/', { token: admin.access })).body.results).toHaveLength(before);
    expect(
      (await s.request('/api/admin/banners/', { token: admin.access, form: bannerForm({ name: 'x'.repeat(100_000) }, await png()) }))
        .status,
    ).toBe(400);
  });
});

describe('e-mail to all users', () => {
  it('goes in batches, one message per verified user, counted and logged; the answer names nobody', async () => {
    // More users than one batch holds, straight into the database (verified), and one that is not verified.
    const extra = Array.from({ length: BULK_MAIL_BATCH + 12 }, () => ({
      email: uniqueEmail('bulk'),
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    }));
    await s.deps.db.insert(users).values(extra);
    const unverified = uniqueEmail('unverified');
    await s.deps.db.insert(users).values({ email: unverified, passwordHash: 'x' });
    const verified = (await s.deps.db.select({ email: users.email, at: users.emailVerifiedAt }).from(users))
      .filter((u) => u.at)
      .map((u) => u.email);
    expect(verified.length).toBeGreaterThan(BULK_MAIL_BATCH);

    expect((await json('/api/admin/mail/preview/', admin.access)).body).toEqual({ recipients: verified.length });

    // Watch the sends: how many at once, and when.
    const original = s.deps.mail;
    const sends: { to: string; at: number }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    s.deps.mail = {
      async send(m: MailMessage) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await original.send(m);
          sends.push({ to: m.to, at: Date.now() });
        } finally {
          inFlight -= 1;
        }
      },
    };
    try {
      const before = (await s.mails()).length;
      const sent = await json('/api/admin/mail/', admin.access, { subject: 'News', body: 'The museum has a new wing.' });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({
        message: `Your e-mail is being sent to ${verified.length} recipients.`,
        recipients: verified.length,
        id: expect.any(Number),
      });
      expect(JSON.stringify(sent.body)).not.toMatch(/@/);
      const row = await finished(sent.body.id);
      expect(row).toMatchObject({ recipients: verified.length, sent: verified.length, failed: 0, audience: 'all', organizationId: null });

      const mails = (await s.mails()).slice(before);
      expect(mails.map((m) => m.to).sort()).toEqual([...verified].sort());
      expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
      expect(mails.map((m) => m.to)).not.toContain(unverified);
      expect(mails[0]!.subject).toBe('[Little Museum] News');
      expect(mails[0]!.text).toContain('to all its users');
      expect(maxInFlight).toBeLessThanOrEqual(BULK_MAIL_CONCURRENCY);
      // The second batch waited for the first, and then a pause.
      const ordered = sends.map((x) => x.at).sort((a, b) => a - b);
      expect(ordered[BULK_MAIL_BATCH]! - ordered[BULK_MAIL_BATCH - 1]!).toBeGreaterThanOrEqual(BULK_MAIL_PAUSE_MS - 20);
    } finally {
      s.deps.mail = original;
    }

    const log = await s.request('/api/admin/mail/', { token: admin.access });
    expect(log.body.results[0]).toEqual({
      id: expect.any(Number),
      audience: 'all',
      subject: 'News',
      sender: admin.email,
      recipients: verified.length,
      sent: verified.length,
      failed: 0,
      created_at: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(JSON.stringify(log.body)).not.toContain(extra[0]!.email);
    for (const [body, field] of [
      [{ subject: 'a\u0000', body: 'x' }, 'subject'],
      [{ subject: 'x', body: 'x'.repeat(10_001) }, 'body'],
    ] as const) {
      const res = await json('/api/admin/mail/', admin.access, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    }
  });

  it("the admin's log shows e-mails to all only, not an organization's", async () => {
    const org = (await json('/api/admin/organizations/', admin.access, { name: 'Own log' })).body;
    await json(`/api/admin/organizations/${org.id}/staff/`, admin.access, { email: admin.email });
    const staffMail = await json(`/api/org/${org.id}/mail/`, admin.access, { audience: 'staff', subject: 'Staff only', body: 'x' });
    expect(staffMail.status).toBe(201);
    await finished(staffMail.body.id);
    const log = (await s.request('/api/admin/mail/', { token: admin.access })).body.results as { id: number; audience: string }[];
    expect(log.map((r) => r.id)).not.toContain(staffMail.body.id);
    expect(log.every((r) => r.audience === 'all')).toBe(true);
    expect((await s.request(`/api/org/${org.id}/mail/`, { token: admin.access })).body.results.map((r: { id: number }) => r.id)).toEqual([
      staffMail.body.id,
    ]);
  });
});
