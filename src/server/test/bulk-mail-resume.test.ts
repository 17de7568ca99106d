/**
 * A console e-mail that its instance left unfinished (a restart mid-send) is taken over by the sweep and goes on
 * after the last recipient tried, once, by one sweep; a send still making progress is left to its instance.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bulkMails, organizationStaff, organizations, users } from '../db/schema';
import { BULK_MAIL_STALL_MS, sweepBulkMails } from '../domain/bulk-mail';
import { randomOrganizationCode } from '../domain/org-members';
import { signupVerified, startTestServer, type TestServer } from './harness';

const now = new Date('2026-11-24T03:00:00Z');
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false, clock: () => now });
});
afterAll(() => s.close());

describe('bulk e-mail after a restart', () => {
  it('resumes a stalled send after its cursor, once; leaves a live one alone', async () => {
    const [org] = await s.deps.db.insert(organizations).values({ name: 'Resume Atelier', code: randomOrganizationCode() }).returning();
    const staff = [];
    for (let i = 0; i < 3; i++) {
      const p = await signupVerified(s);
      const [user] = await s.deps.db.select().from(users).where(eq(users.email, p.email));
      await s.deps.db.insert(organizationStaff).values({ organizationId: org!.id, userId: user!.id });
      staff.push({ id: user!.id, email: p.email });
    }
    const before = await s.mails();
    const stalledAt = new Date(now.getTime() - BULK_MAIL_STALL_MS - 1000);
    // The first staff member got it before the instance stopped.
    const [stalled] = await s.deps.db
      .insert(bulkMails)
      .values({
        organizationId: org!.id,
        senderEmail: staff[0]!.email,
        audience: 'staff',
        subject: 'Saturday class',
        body: 'Bring an apron.',
        recipients: 3,
        sent: 1,
        language: 'en',
        cursorUserId: staff[0]!.id,
        progressAt: stalledAt,
      })
      .returning();
    // Another send, still going on its instance (progress a moment ago).
    const [live] = await s.deps.db
      .insert(bulkMails)
      .values({
        organizationId: org!.id,
        senderEmail: staff[0]!.email,
        audience: 'staff',
        subject: 'Live',
        body: 'x',
        recipients: 3,
        progressAt: now,
      })
      .returning();

    expect(await sweepBulkMails(s.deps)).toBe(1);
    const after = (await s.mails()).slice(before.length);
    expect(after.map((m) => m.to).sort()).toEqual([staff[1]!.email, staff[2]!.email].sort());
    expect(after.every((m) => m.subject === '[Resume Atelier] Saturday class')).toBe(true);
    expect(after[0]!.text).toContain('Bring an apron.');
    expect(after[0]!.text).toContain('sent to the staff of Resume Atelier');

    const [done] = await s.deps.db.select().from(bulkMails).where(eq(bulkMails.id, stalled!.id));
    expect(done).toMatchObject({ sent: 3, failed: 0, cursorUserId: staff[2]!.id });
    expect(done!.finishedAt).not.toBeNull();
    const [untouched] = await s.deps.db.select().from(bulkMails).where(eq(bulkMails.id, live!.id));
    expect(untouched).toMatchObject({ sent: 0, cursorUserId: 0, finishedAt: null });

    // A second sweep finds nothing to resume, and nobody gets the e-mail twice.
    expect(await sweepBulkMails(s.deps)).toBe(0);
    expect((await s.mails()).length).toBe(before.length + 2);
  });
});
