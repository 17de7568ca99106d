/**
 * The console's e-mail preview (issue 28, item 6): with a draft, it answers the e-mail as each recipient will get
 * it (the sender, the marked subject, the body with the footer the server adds), in the request's language, besides
 * the count; without one, the count alone (older clients). Never an address of a recipient.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bulkMails, organizationStaff, organizations, users } from '../db/schema';
import { randomOrganizationCode } from '../domain/org-members';
import { signupVerified, startTestServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

async function newOrg(name: string): Promise<number> {
  for (;;) {
    const [row] = await s.deps.db.insert(organizations).values({ name, code: randomOrganizationCode() }).onConflictDoNothing().returning();
    if (row) return row.id;
  }
}

async function staffOf(orgId: number) {
  const p = await signupVerified(s);
  const [user] = await s.deps.db.select().from(users).where(eq(users.email, p.email));
  await s.deps.db.insert(organizationStaff).values({ organizationId: orgId, userId: user!.id });
  return p;
}

async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await s.deps.db.select().from(bulkMails).where(eq(bulkMails.id, id));
    if (row?.finishedAt) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the e-mail did not finish');
}

const draft = { subject: 'Exhibition day', body: 'Bring your drawings on Saturday.' };

describe('the e-mail preview shows the message as it will arrive', () => {
  it("staff: the preview's subject and text are the delivered e-mail's, from the site's sender, in the request's language", async () => {
    const orgId = await newOrg('Preview Atelier');
    const staff = await staffOf(orgId);
    const preview = await s.request(`/api/org/${orgId}/mail/preview/`, { token: staff.access, json: { audience: 'staff', ...draft } });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      recipients: 1,
      message: { from: s.deps.config.mailFrom, subject: '[Preview Atelier] Exhibition day', text: expect.any(String) },
    });
    const text: string = preview.body.message.text;
    expect(text.startsWith(`${draft.body}\n\n`)).toBe(true);
    expect(text).toContain('http://museum.test');
    expect(text).not.toContain(staff.email);

    const before = (await s.mails()).length;
    const sent = await s.request(`/api/org/${orgId}/mail/`, { token: staff.access, json: { audience: 'staff', ...draft } });
    expect(sent.status).toBe(201);
    await finished(sent.body.id);
    const [mail] = (await s.mails()).slice(before);
    expect(mail).toMatchObject({ to: staff.email, subject: preview.body.message.subject });
    // (The outbox's reading ends the text with the file's line break.)
    expect(mail!.text.trimEnd()).toBe(preview.body.message.text);
    expect(await readFile(join(s.dataDir, 'outbox', mail!.file), 'utf8')).toMatch(/^From: .*no-reply@littlemuseum\.local/m);

    // In Japanese: the footer the server adds in Japanese.
    const ja = await s.request(`/api/org/${orgId}/mail/preview/?language=ja`, {
      token: staff.access,
      json: { audience: 'members', ...draft },
    });
    expect(ja.body.recipients).toBe(0);
    expect(ja.body.message.subject).toBe('【Preview Atelier】Exhibition day');
    expect(ja.body.message.text).not.toBe(text);
    expect(ja.body.message.text).toMatch(/[\u3040-\u30ff]/);
  });

  it('without a whole draft the answer is the count alone; a bad draft is 400; another organization 404', async () => {
    const orgId = await newOrg('Count Atelier');
    const staff = await staffOf(orgId);
    const path = `/api/org/${orgId}/mail/preview/`;
    expect((await s.request(path, { token: staff.access, json: { audience: 'staff' } })).body).toEqual({ recipients: 1 });
    expect((await s.request(path, { token: staff.access, json: { audience: 'staff', subject: 'Only a subject' } })).body).toEqual({
      recipients: 1,
    });
    for (const bad of [
      { subject: 'x'.repeat(201), body: 'y' },
      { subject: 'a\u0000b', body: 'y' },
      { subject: 'x', body: 7 },
    ]) {
      expect((await s.request(path, { token: staff.access, json: { audience: 'staff', ...bad } })).status).toBe(400);
    }
    const other = await staffOf(await newOrg('Other Atelier'));
    expect((await s.request(path, { token: other.access, json: { audience: 'staff', ...draft } })).status).toBe(404);
  });

  it('the super admin: the e-mail to every user, with the all-users footer; no body is still the count', async () => {
    const admin = await signupVerified(s);
    await s.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, admin.email));
    const preview = await s.request('/api/admin/mail/preview/', { token: admin.access, json: draft });
    expect(preview.status).toBe(200);
    expect(preview.body.recipients).toBeGreaterThan(0);
    expect(preview.body.message).toEqual({
      from: s.deps.config.mailFrom,
      subject: expect.stringContaining('Exhibition day'),
      text: expect.any(String),
    });
    expect(preview.body.message.text.startsWith(`${draft.body}\n\n`)).toBe(true);
    expect(JSON.stringify(preview.body)).not.toContain(admin.email);
    const bare = await s.request('/api/admin/mail/preview/', { method: 'POST', token: admin.access });
    expect(bare).toMatchObject({ status: 200, body: { recipients: preview.body.recipients } });
    expect(bare.body.message).toBeUndefined();
  });
});
