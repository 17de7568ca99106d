/**
 * The console's artist classes (issue 13) over HTTP: who may call what (staff of another organization find nothing:
 * 404), the form (a re-encoded thumbnail, tags that exist, bad input answered 400 and never 500), the price fixed
 * once someone signed up, deleting only a class without sign-ups (and its file), the sign-ups as staff see them
 * (never the family's e-mail or the child's real name), and the e-mail to the parents of the confirmed sign-ups.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { consoleClass, consoleSignups } from '@contract/classes';
import { M } from '@contract/messages';
import { paged } from '@contract/works';
import { artistClasses, bulkMails, users } from '../db/schema';
import { BULK_MAIL_STALL_MS, sweepBulkMails } from '../domain/bulk-mail';
import { classRow, liveFields, recordedFields, signupRow, twoTags } from './classes-helpers';
import {
  decodeWords,
  expectNotFound,
  expectOutsidersRefused,
  organization,
  pictureForm,
  staffOf,
  twoOrganizations,
  type Staff,
} from './contests-helpers';
import { startTestServer, type TestServer } from './harness';
import { emailOf, family, mediaFiles, photoWithGps, png, servedCleanWebp, type Kid } from './works-helpers';

let s: TestServer;
let tagA: number;
let tagB: number;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  [tagA, tagB] = await twoTags(s);
});
afterAll(() => s.close());

describe('who may call the console', () => {
  let orgA: number, orgB: number;
  let staffA: Staff;
  let classB: number;
  beforeAll(async () => {
    ({ orgA, orgB, staffA } = await twoOrganizations(s));
    classB = await classRow(s, orgB, { name: 'B class' });
    const kid = (await family(s, 1)).kids[0]!;
    await signupRow(s, classB, kid.id, 'confirmed');
  });

  const calls = async (orgId: number, classId: number) => [
    { method: 'GET', path: `/api/org/${orgId}/classes/` },
    { method: 'POST', path: `/api/org/${orgId}/classes/`, form: pictureForm(recordedFields(), await png()) },
    { method: 'POST', path: `/api/org/${orgId}/classes/${classId}/update/`, form: pictureForm(recordedFields({ name: 'Taken over' })) },
    { method: 'DELETE', path: `/api/org/${orgId}/classes/${classId}/` },
    { method: 'GET', path: `/api/org/${orgId}/classes/${classId}/signups/` },
    { method: 'POST', path: `/api/org/${orgId}/classes/${classId}/mail/`, json: { subject: 'Hello', body: 'From another org' } },
  ];

  it("staff of another organization get 404 on this organization's classes, by its path or under their own", async () => {
    const mailsBefore = (await s.mails()).length;
    await expectNotFound(s, await calls(orgB, classB), staffA.access);
    await expectNotFound(s, (await calls(orgA, classB)).slice(2), staffA.access);
    const [row] = await s.deps.db.select().from(artistClasses).where(eq(artistClasses.id, classB));
    expect(row).toMatchObject({ name: 'B class', organizationId: orgB });
    expect((await s.mails()).length).toBe(mailsBefore);
    const own = paged(consoleClass).parse((await s.request(`/api/org/${orgA}/classes/`, { token: staffA.access })).body);
    expect(own.results.map((c) => c.id)).not.toContain(classB);
  });

  it('a parent who runs no organization finds nothing; a child token is refused; a visitor must log in', async () => {
    await expectOutsidersRefused(s, await calls(orgB, classB));
  });
});

describe('classes in the console', () => {
  let org: number;
  let staff: Staff;
  beforeAll(async () => {
    org = await organization(s, 'Sakura Test Atelier');
    staff = await staffOf(s, org);
  });
  const create = (fields: Record<string, string | string[]>, thumbnail?: Uint8Array) =>
    s.request(`/api/org/${org}/classes/`, { token: staff.access, form: pictureForm(fields, thumbnail) });
  const update = (id: number, fields: Record<string, string | string[]>, thumbnail?: Uint8Array) =>
    s.request(`/api/org/${org}/classes/${id}/update/`, { token: staff.access, form: pictureForm(fields, thumbnail) });

  it('creates a live paid class with tags and a re-encoded thumbnail (no metadata), in Japan time', async () => {
    const res = await create(liveFields({ tags: [String(tagA), String(tagB)] }), await photoWithGps());
    expect(res.status).toBe(201);
    const body = consoleClass.parse(res.body);
    expect(body).toMatchObject({
      name: 'Live sketching',
      organization: { id: org, name: 'Sakura Test Atelier' },
      is_free: false,
      price: 1500,
      currency: 'jpy',
      class_type: 'real_time',
      url: 'https://meet.example.com/sketch',
      start_at: '2030-07-01T01:00:00.000Z',
      video_url: null,
      has_video: false,
      published: true,
      tags: [tagA, tagB].sort((a, b) => a - b),
      signup_count: 0,
      confirmed_count: 0,
    });
    const [row] = await s.deps.db.select().from(artistClasses).where(eq(artistClasses.id, body.id));
    expect(row!.createdBy).toBe(staff.userId);
    expect(body.thumbnail).toMatch(/^\/media\/classes\/[0-9a-f]{32}\.webp$/);
    await servedCleanWebp(s, body.thumbnail!);
    // One tag, sent once (not repeated), is a list of one.
    const one = await create(recordedFields({ tags: String(tagA) }), await png());
    expect(one).toMatchObject({ status: 201, body: { tags: [tagA], is_free: true, price: 0, url: null, start_at: null } });
  });

  it('refuses bad input with 400, never 500, and writes nothing', async () => {
    const before = await mediaFiles(s);
    const thumb = await png();
    expect(await create(recordedFields())).toMatchObject({ status: 400, body: { thumbnail: [M.thumbnailRequired.message] } });
    const cases: [Record<string, string | string[]>, string, string][] = [
      [recordedFields({ name: '' }), 'name', M.classNameRequired.message],
      [recordedFields({ name: 'A\u0000B' }), 'name', M.invalidValue.message],
      [recordedFields({ description: 'x\u0000' }), 'description', M.invalidValue.message],
      [recordedFields({ name: 'n'.repeat(101) }), 'name', M.classNameTooLong.message],
      [recordedFields({ description: 'x'.repeat(60_000) }), 'description', M.contestTextTooLong.message],
      [recordedFields({ video_url: 'http://video.example.com/a.mp4' }), 'video_url', M.classUrlInvalid.message],
      [recordedFields({ video_url: 'javascript:alert(1)' }), 'video_url', M.classUrlInvalid.message],
      [recordedFields({ video_url: `https://v.example.com/${'a'.repeat(3000)}` }), 'video_url', M.classUrlInvalid.message],
      [recordedFields({ video_url: '' }), 'video_url', M.classVideoUrlRequired.message],
      [recordedFields({ class_type: 'podcast' }), 'class_type', M.classTypeRequired.message],
      [liveFields({ start_at: '2030-02-30T10:00' }), 'start_at', M.dateTimeInvalid.message],
      [liveFields({ start_at: '' }), 'start_at', M.dateTimeRequired.message],
      [liveFields({ url: 'http://meet.example.com/x' }), 'url', M.classUrlInvalid.message],
      [liveFields({ url: '' }), 'url', M.classMeetingUrlRequired.message],
      [liveFields({ price: '' }), 'price', M.classPriceInvalid.message],
      [liveFields({ price: '49' }), 'price', M.classPriceInvalid.message],
      [liveFields({ price: '12.5' }), 'price', M.classPriceInvalid.message],
      [liveFields({ price: '1000001' }), 'price', M.classPriceInvalid.message],
      [liveFields({ price: 'ten' }), 'price', M.classPriceInvalid.message],
      [recordedFields({ is_free: 'maybe' }), 'is_free', M.invalidValue.message],
      [recordedFields({ tags: '999999' }), 'tags', M.invalidValue.message],
      [recordedFields({ tags: 'x' }), 'tags', M.invalidValue.message],
    ];
    for (const [fields, field, message] of cases) {
      const res = await create(fields, thumb);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body[field], `${field}: ${JSON.stringify(res.body)}`).toEqual([message]);
    }
    const tooMany = await create(recordedFields({ tags: Array.from({ length: 21 }, () => String(tagA)) }), thumb);
    expect(tooMany.status).toBe(400);
    // A repeated text field, and a file under a text field's name.
    const repeated = pictureForm(recordedFields(), thumb);
    repeated.append('name', 'Twice');
    expect((await s.request(`/api/org/${org}/classes/`, { token: staff.access, form: repeated })).status).toBe(400);
    const { name: _, ...noName } = recordedFields();
    const asFile = pictureForm(noName, thumb);
    asFile.append('name', new File(['x'], 'x.txt', { type: 'text/plain' }));
    expect((await s.request(`/api/org/${org}/classes/`, { token: staff.access, form: asFile })).status).toBe(400);
    expect(await mediaFiles(s)).toEqual(before);
  });

  it('updates the fields; a new thumbnail replaces the old file; without one it stays; publishing hides and shows it', async () => {
    const created = consoleClass.parse((await create(recordedFields({ published: 'false' }), await png())).body);
    expect((await s.request(`/api/artist-classes/${created.id}`)).status).toBe(404);
    const oldFile = created.thumbnail!.replace('/media/', '');
    const kept = await update(created.id, recordedFields({ name: 'Renamed', published: 'true', tags: String(tagB) }));
    expect(kept).toMatchObject({ status: 200, body: { name: 'Renamed', thumbnail: created.thumbnail, published: true, tags: [tagB] } });
    expect((await s.request(`/api/artist-classes/${created.id}`)).status).toBe(200);
    const replaced = await update(created.id, liveFields({ name: 'Now live', is_free: 'true', price: '' }), await png());
    expect(replaced).toMatchObject({
      status: 200,
      body: {
        name: 'Now live',
        class_type: 'real_time',
        is_free: true,
        price: 0,
        tags: [],
        video_url: null,
        url: 'https://meet.example.com/sketch',
      },
    });
    const files = await mediaFiles(s);
    expect(files).toContain(replaced.body.thumbnail.replace('/media/', ''));
    expect(files).not.toContain(oldFile);
    expect((await update(created.id, recordedFields({ name: '' }))).status).toBe(400);
    expect((await update(2_000_000_000, recordedFields())).status).toBe(404);
  });

  it('fixes the price once someone signed up (409), other fields stay editable', async () => {
    const id = consoleClass.parse((await create(liveFields(), await png())).body).id;
    expect((await update(id, liveFields({ price: '2000' }))).body.price).toBe(2000);
    const kid = (await family(s, 1)).kids[0]!;
    await signupRow(s, id, kid.id, 'pending', 2000);
    for (const fields of [liveFields({ price: '1000' }), liveFields({ is_free: 'true' })]) {
      expect(await update(id, fields)).toMatchObject({ status: 409, body: { detail: M.classPriceLocked.message } });
    }
    expect(await update(id, liveFields({ price: '2000', name: 'Still editable' }))).toMatchObject({
      status: 200,
      body: { name: 'Still editable', price: 2000, signup_count: 1, confirmed_count: 0 },
    });
  });

  it('deletes a class without sign-ups and its thumbnail; one with sign-ups is 409', async () => {
    const empty = consoleClass.parse((await create(recordedFields(), await png())).body);
    const file = empty.thumbnail!.replace('/media/', '');
    expect(await mediaFiles(s)).toContain(file);
    const del = (id: number) => s.request(`/api/org/${org}/classes/${id}/`, { method: 'DELETE', token: staff.access });
    expect(await del(empty.id)).toMatchObject({ status: 200, body: { message: M.classDeleted.message } });
    expect(await mediaFiles(s)).not.toContain(file);
    expect((await del(empty.id)).status).toBe(404);
    const taken = await classRow(s, org);
    await signupRow(s, taken, (await family(s, 1)).kids[0]!.id, 'pending', 0);
    expect(await del(taken)).toMatchObject({ status: 409, body: { detail: M.classHasSignups.message } });
  });

  it("lists the organization's classes, published or not, newest first, with their counts", async () => {
    const other = await organization(s);
    const otherStaff = await staffOf(s, other);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      ids.push(await classRow(s, other, { published: i % 2 === 0, createdAt: new Date(Date.UTC(2030, 0, 1 + i)) }));
    }
    const f = await family(s, 2);
    await signupRow(s, ids[10]!, f.kids[0]!.id, 'confirmed');
    await signupRow(s, ids[10]!, f.kids[1]!.id, 'pending', 0);
    const first = paged(consoleClass).parse((await s.request(`/api/org/${other}/classes/`, { token: otherStaff.access })).body);
    expect(first.count).toBe(11);
    expect(first.results.map((c) => c.id)).toEqual(ids.slice().reverse().slice(0, 10));
    expect(first.results[0]).toMatchObject({
      signup_count: 2,
      confirmed_count: 1,
      published: true,
      video_url: 'https://video.example.com/lesson.mp4',
    });
    expect(first.results[1]).toMatchObject({ published: false });
    expect(first.next).toBe(`/api/org/${other}/classes/?page=2`);
  });
});

describe('sign-ups and e-mail', () => {
  it("shows each sign-up's username and state, never the family's e-mail or the child's real name", async () => {
    const org = await organization(s);
    const staff = await staffOf(s, org);
    const id = await classRow(s, org, { price: 700 });
    const f = await family(s, 2);
    const [a, b] = f.kids as [Kid, Kid];
    await signupRow(s, id, a.id, 'confirmed', 700);
    await signupRow(s, id, b.id, 'pending', 700);
    const res = await s.request(`/api/org/${org}/classes/${id}/signups/`, { token: staff.access });
    expect(res.status).toBe(200);
    const { results } = consoleSignups.parse(res.body);
    expect(results.map((r) => r.status).sort()).toEqual(['confirmed', 'pending']);
    expect(results.every((r) => r.amount === 700 && r.currency === 'jpy' && /^kid/.test(r.username))).toBe(true);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(await emailOf(s, f.parent));
    expect(text).not.toContain('Real kid');
  });

  it('e-mails the parents of the confirmed sign-ups only (one e-mail a family), logged with the class audience', async () => {
    const org = await organization(s, 'Mail Atelier');
    const staff = await staffOf(s, org);
    const id = await classRow(s, org, { name: 'Clay day' });
    const other = await classRow(s, org);
    const both = await family(s, 2);
    const pendingOnly = await family(s, 1);
    const elsewhere = await family(s, 1);
    await signupRow(s, id, both.kids[0]!.id, 'confirmed');
    await signupRow(s, id, both.kids[1]!.id, 'confirmed');
    await signupRow(s, id, pendingOnly.kids[0]!.id, 'pending', 0);
    await signupRow(s, other, elsewhere.kids[0]!.id, 'confirmed');
    const mail = (classId: number) =>
      s.request(`/api/org/${org}/classes/${classId}/mail/`, {
        token: staff.access,
        json: { subject: 'Bring an apron', body: 'See you Saturday.' },
      });

    const res = await mail(id);
    expect(res).toMatchObject({ status: 201, body: { recipients: 1 } });
    const to = await emailOf(s, both.parent);
    // The parent's address confirmation, sent when the family was made, may come in after it.
    const got = await s.waitForMail(to, 0, /apron/);
    expect(decodeWords(got.subject)).toBe('[Mail Atelier] Bring an apron');
    expect(got.text).toContain('See you Saturday.');
    expect(got.text).toContain('"Clay day"');
    await new Promise((r) => setTimeout(r, 100));
    for (const outsider of [pendingOnly.parent, elsewhere.parent]) {
      const address = await emailOf(s, outsider);
      expect((await s.mails()).filter((m) => m.to === address && decodeWords(m.subject).includes('apron'))).toEqual([]);
    }
    const [logged] = await s.deps.db.select().from(bulkMails).where(eq(bulkMails.id, res.body.id));
    expect(logged).toMatchObject({ audience: 'class', classId: id, organizationId: org, recipients: 1 });
    const log = await s.request(`/api/org/${org}/mail/`, { token: staff.access });
    expect(log.body.results[0]).toMatchObject({ audience: 'class', subject: 'Bring an apron' });

    const nobody = await classRow(s, org);
    expect(await mail(nobody)).toMatchObject({ status: 400 });
    expect((await s.request(`/api/org/${org}/classes/${id}/mail/`, { token: staff.access, json: { subject: '', body: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('a class e-mail after a restart', () => {
  it("resumes after its cursor, to the class's confirmed sign-ups as they are then, with the class's footer", async () => {
    const org = await organization(s, 'Resume Class Atelier');
    const id = await classRow(s, org, { name: 'Resumed class' });
    const families = [await family(s, 1), await family(s, 1), await family(s, 1)];
    for (const f of families) await signupRow(s, id, f.kids[0]!.id, 'confirmed');
    const emails = await Promise.all(families.map((f) => emailOf(s, f.parent)));
    const [first] = await s.deps.db.select({ id: users.id }).from(users).where(eq(users.email, emails[0]!));
    const before = (await s.mails()).length;
    await s.deps.db.insert(bulkMails).values({
      organizationId: org,
      classId: id,
      senderEmail: 'staff@example.com',
      audience: 'class',
      subject: 'Saturday class',
      body: 'Bring an apron.',
      recipients: 3,
      sent: 1,
      language: 'en',
      cursorUserId: first!.id,
      progressAt: new Date(Date.now() - BULK_MAIL_STALL_MS - 1000),
    });
    expect(await sweepBulkMails(s.deps)).toBe(1);
    const after = (await s.mails()).slice(before);
    expect(after.map((m) => m.to).sort()).toEqual([emails[1], emails[2]].sort());
    expect(after[0]!.text).toContain('signed up for its class "Resumed class"');
  });
});
