/**
 * Contests (issue 12) over HTTP: the status at its exact instants (a clock the tests move), who may enter what and
 * when, the console's calls and their isolation between organizations, the winner and its e-mail, thumbnails and
 * their files, the lists' filters, search and paging, and what the entry history shows to whom.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contest as contestSchema, CONTEST_STATUSES, type ContestStatus } from '@contract/contests';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { paged } from '@contract/works';
import { contests } from '../db/schema';
import { translator } from '../i18n';
import { MAIL } from '../mail-messages';
import {
  contestRow,
  decodeWords,
  entryRow,
  expectNotFound,
  expectOutsidersRefused,
  membership,
  organization,
  pictureForm,
  staffOf,
  twoOrganizations,
  type Staff,
} from './contests-helpers';
import { startTestServer, type TestServer } from './harness';
import { emailOf, family, made, mediaFiles, photoWithGps, png, servedCleanWebp, type Kid } from './works-helpers';

const NOW = Date.parse('2030-06-01T03:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
let offset = 0;
/** A moment relative to the tests' "now". */
const at = (ms: number) => new Date(NOW + ms);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false, clock: () => new Date(NOW + offset) });
});
afterAll(() => s.close());

/** Runs with the server's clock moved by `ms` (tokens last 15 minutes: stay within them). */
async function during<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const was = offset;
  offset = ms;
  try {
    return await run();
  } finally {
    offset = was;
  }
}

let tokCounter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++tokCounter}`;

const submit = (token: string | undefined, contestId: number, workId: number, consent: unknown = true) =>
  s.request('/api/contests/submit-work/', { token, json: { contest_id: contestId, work_id: workId, consent } });

const detail = async (id: number, token?: string) => {
  const res = await s.request(`/api/contests/${id}`, { token });
  if (res.status !== 200) throw new Error(`contest ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return contestSchema.parse(res.body);
};

const list = async (path: string, token?: string) => {
  const res = await s.request(path, { token });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return paged(contestSchema).parse(res.body);
};

const running = { startsAt: at(-HOUR), endsAt: at(HOUR) };

const pick = (staff: Staff, orgId: number, contestId: number, entryId: number, query = '') =>
  s.request(`/api/org/${orgId}/contests/${contestId}/winner/${query}`, { token: staff.access, json: { entry_id: entryId } });

const validFields = (extra: Record<string, string> = {}) => ({
  name: 'Summer drawing',
  explanation: 'Draw your summer.',
  eligibility_criteria: 'Ages 4-12\nOne work each',
  start_date: '2030-06-10T10:00',
  end_date: '2030-06-30T18:00',
  ...extra,
});

describe('status', () => {
  it('is scheduled before the start, in session from the start, held from the end, at the exact instants', async () => {
    const org = await organization(s);
    const name = unique('bounds');
    const id = await contestRow(s, org, { name, startsAt: at(10_000), endsAt: at(20_000) });
    const statusAt = (ms: number) =>
      during(ms, async () => {
        const status = (await detail(id)).status;
        // The list's status filter (SQL) agrees with the detail's status at the same instant.
        for (const filter of CONTEST_STATUSES) {
          const ids = (await list(`/api/contests/?search=${name}&status=${filter}`)).results.map((c) => c.id);
          expect(ids, `${filter} at ${ms}`).toEqual(filter === status ? [id] : []);
        }
        return status;
      });
    expect(await statusAt(10_000 - 1)).toBe('scheduled');
    expect(await statusAt(10_000)).toBe('in_session');
    expect(await statusAt(20_000 - 1)).toBe('in_session');
    expect(await statusAt(20_000)).toBe('already_held');
  });

  it('is held once a winner is picked, before its end; entries then stop', async () => {
    const org = await organization(s);
    const staff = await staffOf(s, org);
    const name = unique('decided');
    const id = await contestRow(s, org, { name, ...running });
    const { kids } = await family(s, 1);
    const kid = kids[0]!;
    const [w1, w2] = [await made(s, kid), await made(s, kid)];
    const entered = await submit(kid.access, id, w1);
    expect(entered.status).toBe(201);
    expect(await pick(staff, org, id, entered.body.entry.id)).toMatchObject({ status: 200, body: { status: 'already_held' } });
    expect((await detail(id)).status).toBe('already_held');
    expect((await list(`/api/contests/?search=${name}&status=already_held`)).count).toBe(1);
    expect((await list(`/api/contests/?search=${name}&status=in_session`)).count).toBe(0);
    expect(await submit(kid.access, id, w2)).toMatchObject({ status: 422, body: { detail: M.contestNotInSession.message } });
  });
});

describe('entering a contest', () => {
  let org: number;
  let open: number;
  let kid: Kid;
  let sibling: Kid;
  let parent: string;
  beforeAll(async () => {
    org = await organization(s);
    open = await contestRow(s, org, { name: unique('open'), ...running });
    const f = await family(s, 2);
    [kid, sibling] = f.kids as [Kid, Kid];
    parent = f.parent;
  });

  it('is for a child token only', async () => {
    const work = await made(s, kid);
    expect(await submit(parent, open, work)).toMatchObject({ status: 403, body: { detail: M.childRequired.message } });
    expect((await submit(undefined, open, work)).status).toBe(401);
  });

  it("takes the child's own work only: another family's or a sibling's is not found, like a missing one", async () => {
    const other = (await family(s, 1)).kids[0]!;
    const theirs = await made(s, other, { is_public: true });
    const siblings = await made(s, sibling, { is_public: true });
    for (const work of [theirs, siblings, 2_000_000_000]) {
      expect(await submit(kid.access, open, work)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    }
    const mine = await made(s, kid);
    expect(await submit(kid.access, 2_000_000_000, mine)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    // Ids beyond int4 are refused by the contract (never a database error).
    expect((await submit(kid.access, open, 99_999_999_999)).status).toBe(400);
  });

  it('answers 201 with the entry; the same work twice is 409; the consent is required', async () => {
    const f = await family(s, 1);
    const k = f.kids[0]!;
    const work = await made(s, k, { title: 'My entry' });
    for (const consent of [false, undefined, 'yes']) {
      const res = await s.request('/api/contests/submit-work/', {
        token: k.access,
        json: { contest_id: open, work_id: work, ...(consent === undefined ? {} : { consent }) },
      });
      expect(res).toMatchObject({ status: 400, body: { consent: [M.contestConsentRequired.message] } });
    }
    const res = await submit(k.access, open, work);
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: M.contestSubmitted.message,
        entry: { work_id: work, title: 'My entry', submission_date: at(0).toISOString(), can_view: true },
      },
    });
    expect(res.body.entry.image).toMatch(/^\/media\/works\//);
    expect(await submit(k.access, open, work)).toMatchObject({ status: 409, body: { detail: M.contestAlreadyEntered.message } });
    // Two at once: one entry.
    const again = await Promise.all([submit(k.access, open, work), submit(k.access, open, work)]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    const other = await made(s, k);
    const race = await Promise.all([submit(k.access, open, other), submit(k.access, open, other)]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    // The same work may enter another contest.
    const second = await contestRow(s, org, { ...running });
    expect((await submit(k.access, second, work)).status).toBe(201);
    const view = await detail(open, k.access);
    expect(view.my_entries.sort()).toEqual([work, other].sort());
    expect(view.eligible).toBe(true);
  });

  it('is open only while in session: scheduled and held contests answer 422', async () => {
    const work = await made(s, kid);
    const scheduled = await contestRow(s, org, { startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    const ended = await contestRow(s, org, { startsAt: at(-2 * HOUR), endsAt: at(-HOUR) });
    for (const id of [scheduled, ended]) {
      expect(await submit(kid.access, id, work)).toMatchObject({ status: 422, body: { detail: M.contestNotInSession.message } });
      expect((await detail(id, kid.access)).eligible).toBe(false);
    }
  });

  it('members-only: approved members only (a pending request is not a membership)', async () => {
    const clubName = unique('Club ');
    const club = await organization(s, clubName);
    const id = await contestRow(s, club, { membersOnly: true, ...running });
    const f = await family(s, 3);
    const [outsider, pending, member] = f.kids as [Kid, Kid, Kid];
    await membership(s, pending.id, club, 'pending');
    await membership(s, member.id, club, 'approved');
    // A membership of another organization does not count.
    await membership(s, outsider.id, org, 'approved');
    for (const k of [outsider, pending]) {
      const res = await submit(k.access, id, await made(s, k));
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(M.contestMembersOnly.message.replace('{organization}', clubName));
      expect((await detail(id, k.access)).eligible).toBe(false);
    }
    expect((await detail(id, member.access)).eligible).toBe(true);
    expect((await submit(member.access, id, await made(s, member))).status).toBe(201);
  });
});

describe('the console: who may call it', () => {
  let orgA: number, orgB: number;
  let staffA: Staff, staffB: Staff;
  let contestB: number;
  let entryB: number;
  beforeAll(async () => {
    ({ orgA, orgB, staffA, staffB } = await twoOrganizations(s));
    contestB = await contestRow(s, orgB, { name: 'B contest', ...running });
    const kid = (await family(s, 1)).kids[0]!;
    entryB = (await submit(kid.access, contestB, await made(s, kid))).body.entry.id;
  });

  const calls = async (orgId: number, contestId: number) => [
    { method: 'GET', path: `/api/org/${orgId}/contests/` },
    { method: 'POST', path: `/api/org/${orgId}/contests/`, form: pictureForm(validFields(), await png()) },
    {
      method: 'POST',
      path: `/api/org/${orgId}/contests/${contestId}/update/`,
      form: pictureForm(validFields({ name: 'Taken over' }), await png()),
    },
    { method: 'DELETE', path: `/api/org/${orgId}/contests/${contestId}/` },
    { method: 'GET', path: `/api/org/${orgId}/contests/${contestId}/entries/` },
    { method: 'POST', path: `/api/org/${orgId}/contests/${contestId}/winner/`, json: { entry_id: entryB } },
  ];

  const untouched = async () => {
    const [row] = await s.deps.db.select().from(contests).where(eq(contests.id, contestB));
    expect(row).toMatchObject({ name: 'B contest', winnerEntryId: null, decidedAt: null });
  };

  it("staff of one organization find nothing of another's, by its id or under their own", async () => {
    await expectNotFound(s, await calls(orgB, contestB), staffA.access);
    // Their own organization's path with the other's contest.
    await expectNotFound(s, (await calls(orgA, contestB)).slice(2), staffA.access);
    expect((await list(`/api/org/${orgA}/contests/`, staffA.access)).results.map((c) => c.id)).not.toContain(contestB);
    await untouched();
    // B's own staff do see it.
    expect((await list(`/api/org/${orgB}/contests/`, staffB.access)).results.map((c) => c.id)).toContain(contestB);
    expect(await s.request(`/api/org/${orgB}/contests/${contestB}/entries/`, { token: staffB.access })).toMatchObject({
      status: 200,
      body: { results: [{ id: entryB, is_winner: false }] },
    });
  });

  it('a parent who runs no organization finds nothing; a child token is refused; a visitor must log in', async () => {
    await expectOutsidersRefused(s, await calls(orgB, contestB));
    await untouched();
  });
});

describe('the console: contests and their thumbnails', () => {
  let org: number;
  let staff: Staff;
  beforeAll(async () => {
    org = await organization(s, 'Sakura Test Classroom');
    staff = await staffOf(s, org);
  });

  const create = (fields: Record<string, string>, thumbnail?: Parameters<typeof pictureForm>[1]) =>
    s.request(`/api/org/${org}/contests/`, { token: staff.access, form: pictureForm(fields, thumbnail) });

  it('creates a contest in Japan time with a re-encoded thumbnail (no metadata)', async () => {
    const res = await create(validFields({ members_only: 'true' }), { bytes: await photoWithGps(), name: 'IMG.jpg', type: 'image/jpeg' });
    expect(res).toMatchObject({
      status: 201,
      body: {
        name: 'Summer drawing',
        title: 'Summer drawing',
        organization: { id: org, name: 'Sakura Test Classroom' },
        start_date: '2030-06-10T01:00:00.000Z',
        end_date: '2030-06-30T09:00:00.000Z',
        status: 'scheduled',
        members_only: true,
        eligibility_criteria: 'Ages 4-12\nOne work each',
        entry_count: 0,
        winner: null,
        user: null,
      },
    });
    const [row] = await s.deps.db.select().from(contests).where(eq(contests.id, res.body.id));
    expect(row!.createdBy).toBe(staff.userId);
    expect(res.body.thumbnail).toMatch(/^\/media\/contests\/[0-9a-f]{32}\.webp$/);
    const bytes = await servedCleanWebp(s, res.body.thumbnail);
    expect(bytes.includes(Buffer.from('Secret Home Camera'))).toBe(false);
  });

  it('refuses bad input with 400, never 500: no thumbnail, NUL, long text, impossible dates, end before start', async () => {
    const before = await mediaFiles(s);
    expect(await create(validFields())).toMatchObject({ status: 400, body: { thumbnail: [M.thumbnailRequired.message] } });
    const thumb = await png();
    const cases: [Record<string, string>, string, string][] = [
      [validFields({ name: 'A\u0000B' }), 'name', M.invalidValue.message],
      [validFields({ explanation: 'x\u0000' }), 'explanation', M.invalidValue.message],
      [validFields({ name: '' }), 'name', M.contestNameRequired.message],
      [validFields({ name: 'n'.repeat(101) }), 'name', M.contestNameTooLong.message],
      [validFields({ explanation: 'x'.repeat(60_000) }), 'explanation', M.contestTextTooLong.message],
      [validFields({ start_date: '2030-02-30T10:00' }), 'start_date', M.dateTimeInvalid.message],
      [validFields({ end_date: '2030-06-30T25:00' }), 'end_date', M.dateTimeInvalid.message],
      [validFields({ end_date: '2030-06-10T10:00' }), 'end_date', M.contestEndBeforeStart.message],
      [validFields({ members_only: 'maybe' }), 'members_only', M.invalidValue.message],
    ];
    for (const [fields, field, message] of cases) {
      const res = await create(fields, thumb);
      expect(res.status, field).toBe(400);
      expect(res.body[field], field).toEqual([message]);
    }
    // A repeated field, a file under a text field's name, and a text under the thumbnail's name.
    for (const field of ['name', 'start_date', 'end_date', 'members_only']) {
      const repeated = pictureForm(validFields(), thumb);
      repeated.append(field, validFields()[field as 'name']);
      expect(await s.request(`/api/org/${org}/contests/`, { token: staff.access, form: repeated }), field).toMatchObject({
        status: 400,
        body: { [field]: expect.any(Array) },
      });
      const fields: Record<string, string> = validFields();
      delete fields[field];
      const asFile = pictureForm(fields, thumb);
      asFile.append(field, new File(['2030-06-10T10:00'], 'x.txt', { type: 'text/plain' }));
      expect((await s.request(`/api/org/${org}/contests/`, { token: staff.access, form: asFile })).status, field).toBe(400);
    }
    const textThumb = pictureForm(validFields());
    textThumb.append('thumbnail', 'not a file');
    expect(await s.request(`/api/org/${org}/contests/`, { token: staff.access, form: textThumb })).toMatchObject({
      status: 400,
      body: { thumbnail: [M.imageType.message] },
    });
    expect(await create(validFields(), { bytes: 'plain text', name: 'a.png', type: 'image/png' })).toMatchObject({
      status: 400,
      body: { thumbnail: [M.imageType.message] },
    });
    // Nothing was written.
    expect(await mediaFiles(s)).toEqual(before);
  });

  it('updates the fields; a new thumbnail replaces the old file; without one the old stays', async () => {
    const created = (await create(validFields(), await png())).body;
    const oldFile = created.thumbnail.replace('/media/', '');
    const kept = await s.request(`/api/org/${org}/contests/${created.id}/update/`, {
      token: staff.access,
      form: pictureForm(validFields({ name: 'Renamed', members_only: 'false' })),
    });
    expect(kept).toMatchObject({ status: 200, body: { name: 'Renamed', thumbnail: created.thumbnail, members_only: false } });
    const replaced = await s.request(`/api/org/${org}/contests/${created.id}/update/`, {
      token: staff.access,
      form: pictureForm(validFields({ name: 'Renamed again' }), await png()),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.thumbnail).not.toBe(created.thumbnail);
    const files = await mediaFiles(s);
    expect(files).toContain(replaced.body.thumbnail.replace('/media/', ''));
    expect(files).not.toContain(oldFile);
    // A thumbnail that is not an image: 400, and nothing changes.
    const refused = await s.request(`/api/org/${org}/contests/${created.id}/update/`, {
      token: staff.access,
      form: pictureForm(validFields({ name: 'Not saved' }), { bytes: 'GIF89a no', name: 'x.gif', type: 'image/gif' }),
    });
    expect(refused).toMatchObject({ status: 400, body: { thumbnail: [M.imageType.message] } });
    expect(await mediaFiles(s)).toEqual(files);
    expect((await detail(created.id)).name).toBe('Renamed again');
    expect(
      (
        await s.request(`/api/org/${org}/contests/${created.id}/update/`, {
          token: staff.access,
          form: pictureForm(validFields({ name: '' })),
        })
      ).status,
    ).toBe(400);
    expect(
      (await s.request(`/api/org/${org}/contests/999999/update/`, { token: staff.access, form: pictureForm(validFields()) })).status,
    ).toBe(404);
  });

  it('deletes a contest without entries and its thumbnail; one with entries is 409', async () => {
    const empty = (await create(validFields(), await png())).body;
    const file = empty.thumbnail.replace('/media/', '');
    expect(await mediaFiles(s)).toContain(file);
    expect(await s.request(`/api/org/${org}/contests/${empty.id}/`, { method: 'DELETE', token: staff.access })).toMatchObject({
      status: 200,
      body: { message: M.contestDeleted.message },
    });
    expect(await mediaFiles(s)).not.toContain(file);
    expect((await s.request(`/api/contests/${empty.id}`)).status).toBe(404);
    expect((await s.request(`/api/org/${org}/contests/${empty.id}/`, { method: 'DELETE', token: staff.access })).status).toBe(404);

    const id = await contestRow(s, org, running);
    const kid = (await family(s, 1)).kids[0]!;
    expect((await submit(kid.access, id, await made(s, kid))).status).toBe(201);
    expect(await s.request(`/api/org/${org}/contests/${id}/`, { method: 'DELETE', token: staff.access })).toMatchObject({
      status: 409,
      body: { detail: M.contestHasEntries.message },
    });
    expect((await detail(id)).entry_count).toBe(1);
  });

  it('lists its own contests, newest first, 10 a page', async () => {
    const other = await organization(s);
    const otherStaff = await staffOf(s, other);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await contestRow(s, other, { name: `own ${i}`, createdAt: at(i * 1000), ...running }));
    const first = await list(`/api/org/${other}/contests/`, otherStaff.access);
    expect(first.count).toBe(12);
    expect(first.results.map((c) => c.id)).toEqual(ids.slice().reverse().slice(0, 10));
    expect(first.next).toBe(`/api/org/${other}/contests/?page=2`);
    const second = await list(first.next!, otherStaff.access);
    expect(second.results.map((c) => c.id)).toEqual([ids[1], ids[0]]);
    expect(second.previous).toBe(`/api/org/${other}/contests/?page=1`);
  });
});

describe('the winner', () => {
  it('is an entry of this contest, picked once; the winning child’s parent is e-mailed in the request’s language', async () => {
    const org = await organization(s, 'Winner Org');
    const staff = await staffOf(s, org);
    const id = await contestRow(s, org, { name: 'Big Contest', ...running });
    const other = await contestRow(s, org, running);
    const winnerFamily = await signupFamily();
    const loserFamily = await signupFamily();
    const wk = winnerFamily.kid;
    const win = (await submit(wk.access, id, await made(s, wk, { title: 'Sunflowers' }))).body.entry;
    const lose = (await submit(loserFamily.kid.access, id, await made(s, loserFamily.kid))).body.entry;
    const elsewhere = (await submit(loserFamily.kid.access, other, await made(s, loserFamily.kid))).body.entry;

    expect(await pick(staff, org, id, elsewhere.id)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    expect((await pick(staff, org, id, 2_000_000_000)).status).toBe(404);
    const mailsBefore = (await s.mails()).length;
    const toWinnerBefore = (await s.mails()).filter((m) => m.to === winnerFamily.email).length;
    const res = await pick(staff, org, id, win.id, '?language=ja');
    expect(res).toMatchObject({
      status: 200,
      body: { status: 'already_held', winner: { id: win.id, title: 'Sunflowers' }, user: { username: win.username } },
    });
    expect(await pick(staff, org, id, lose.id)).toMatchObject({ status: 409, body: { detail: M.contestAlreadyDecided.message } });
    expect(await pick(staff, org, id, win.id)).toMatchObject({ status: 409 });

    const mail = await s.waitForMail(winnerFamily.email, toWinnerBefore);
    expect(decodeWords(mail.subject)).toContain(win.username);
    expect(decodeWords(mail.subject)).toContain('Big Contest');
    expect(decodeWords(mail.subject)).toBe(translator('ja')(MAIL.contestWinnerSubject, { username: win.username, contest: 'Big Contest' }));
    expect(mail.text).toContain('Sunflowers');
    expect(mail.text).toContain('Winner Org');
    expect(mail.link).toBe(`http://museum.test/contest-detail?id=${id}`);
    // Only the winner's parent was told.
    const sent = (await s.mails()).slice(mailsBefore);
    expect(sent.map((m) => m.to)).toEqual([winnerFamily.email]);

    const wall = await s.request(`/api/org/${org}/contests/${id}/entries/`, { token: staff.access });
    expect(wall.body.results.map((e: { id: number; is_winner: boolean }) => [e.id, e.is_winner])).toEqual([
      [lose.id, false],
      [win.id, true],
    ]);
  });

  it('two picks at the same moment: one wins, the other is 409', async () => {
    const org = await organization(s);
    const staff = await staffOf(s, org);
    const id = await contestRow(s, org, running);
    const a = await signupFamily();
    const b = await signupFamily();
    const ea = (await submit(a.kid.access, id, await made(s, a.kid))).body.entry.id;
    const eb = (await submit(b.kid.access, id, await made(s, b.kid))).body.entry.id;
    const both = await Promise.all([pick(staff, org, id, ea), pick(staff, org, id, eb)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!.body.winner.id;
    expect((await detail(id)).winner?.id).toBe(winner);
  });

  it('cannot be picked before the start (422); after the end it can', async () => {
    const org = await organization(s);
    const staff = await staffOf(s, org);
    const a = await signupFamily();
    const work = await made(s, a.kid);
    const later = await contestRow(s, org, { startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    // An entry from before an edit moved the start later.
    const early = await entryRow(s, later, work, a.kid.id, at(0));
    expect(await pick(staff, org, later, early)).toMatchObject({ status: 422, body: { detail: M.contestNotStarted.message } });
    const ended = await contestRow(s, org, { startsAt: at(-2 * HOUR), endsAt: at(-HOUR) });
    const late = await entryRow(s, ended, work, a.kid.id, at(-90 * MIN));
    expect((await pick(staff, org, ended, late)).status).toBe(200);
  });
});

async function signupFamily(): Promise<{ email: string; kid: Kid; parent: string }> {
  const f = await family(s, 1);
  return { email: await emailOf(s, f.parent), kid: f.kids[0]!, parent: f.parent };
}

describe('lists', () => {
  it('orders running and scheduled by start, then held by latest end; filters, searches and pages by 10', async () => {
    const tok = unique('list');
    const org = await organization(s, `${tok} Museum`);
    const other = await organization(s, 'Elsewhere');
    const ids: Record<string, number> = {};
    // Two held, three running, two scheduled in `org`; more held to reach a second page.
    ids.held1 = await contestRow(s, org, { name: 'held1', startsAt: at(-5 * HOUR), endsAt: at(-4 * HOUR) });
    ids.held2 = await contestRow(s, org, { name: 'held2', startsAt: at(-5 * HOUR), endsAt: at(-2 * HOUR) });
    ids.run1 = await contestRow(s, org, { name: 'run1', startsAt: at(-3 * HOUR), endsAt: at(HOUR) });
    ids.run2 = await contestRow(s, org, { name: 'run2', startsAt: at(-1 * HOUR), endsAt: at(HOUR) });
    ids.sched1 = await contestRow(s, org, { name: 'sched1', startsAt: at(2 * HOUR), endsAt: at(3 * HOUR) });
    ids.decided = await contestRow(s, org, { name: 'decided', startsAt: at(-HOUR), endsAt: at(HOUR), decidedAt: at(-MIN) });
    for (let i = 0; i < 6; i++) {
      ids[`old${i}`] = await contestRow(s, org, { name: `old${i}`, startsAt: at(-100 * HOUR), endsAt: at(-(50 + i) * HOUR) });
    }
    // Found by its own name rather than the organization's.
    ids.named = await contestRow(s, other, { name: `${tok} by name`, startsAt: at(3 * HOUR), endsAt: at(4 * HOUR) });

    const first = await list(`/api/contests/?search=${tok}`);
    expect(first.count).toBe(13);
    const names = (r: typeof first) => r.results.map((c) => c.name);
    expect(names(first)).toEqual(['run1', 'run2', 'sched1', `${tok} by name`, 'decided', 'held2', 'held1', 'old0', 'old1', 'old2']);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`/api/contests/?search=${tok}&page=2`);
    const second = await list(first.next!);
    expect(names(second)).toEqual(['old3', 'old4', 'old5']);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`/api/contests/?search=${tok}&page=1`);
    expect(first.results.every((c) => c.entry_history.length === 0 && !c.eligible)).toBe(true);

    const byStatus = async (status: ContestStatus) => names(await list(`/api/contests/?search=${tok}&status=${status}`));
    expect(await byStatus('in_session')).toEqual(['run1', 'run2']);
    expect(await byStatus('scheduled')).toEqual(['sched1', `${tok} by name`]);
    expect((await byStatus('already_held')).slice(0, 3)).toEqual(['decided', 'held2', 'held1']);
    // The organization's name, in any case.
    expect((await list(`/api/contests/?search=${tok.toUpperCase()}%20museum`)).count).toBe(12);
    // LIKE wildcards are plain characters.
    expect((await list(`/api/contests/?search=${tok.slice(0, 3)}%25${tok.slice(4)}`)).count).toBe(0);
    expect((await list(`/api/contests/?search=${tok.slice(0, 3)}_${tok.slice(4)}`)).count).toBe(0);
    expect((await s.request(`/api/contests/?status=nope`)).status).toBe(400);
    expect((await s.request(`/api/contests/?search=a%00b`)).status).toBe(400);
    expect((await s.request(`/api/contests/?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it("my contests: only the contests the child entered, and only a child's", async () => {
    const org = await organization(s);
    const tok = unique('mine');
    const a = await contestRow(s, org, { name: `${tok} a`, ...running });
    const b = await contestRow(s, org, { name: `${tok} b`, ...running });
    await contestRow(s, org, { name: `${tok} c`, ...running });
    const f = await family(s, 2);
    const [kid, sibling] = f.kids as [Kid, Kid];
    const w = await made(s, kid);
    expect((await submit(kid.access, a, w)).status).toBe(201);
    expect((await submit(kid.access, b, w)).status).toBe(201);
    expect((await submit(sibling.access, b, await made(s, sibling))).status).toBe(201);
    const mine = await list(`/api/contests/my-contests?search=${tok}`, kid.access);
    expect(mine.results.map((c) => c.id).sort()).toEqual([a, b].sort());
    expect(mine.results.every((c) => c.my_entries.length === 1 && c.my_entries[0] === w)).toBe(true);
    expect((await list(`/api/contests/my-contests?search=${tok}`, sibling.access)).results.map((c) => c.id)).toEqual([b]);
    expect((await s.request('/api/contests/my-contests', { token: f.parent })).status).toBe(403);
    expect((await s.request('/api/contests/my-contests')).status).toBe(401);
  });
});

describe('the entry history', () => {
  it('is hidden from visitors, shown newest first to logged-in families, with can_view by the works’ own rule', async () => {
    const org = await organization(s);
    const id = await contestRow(s, org, running);
    const f1 = await family(s, 2);
    const [kid, sibling] = f1.kids as [Kid, Kid];
    const f2 = await family(s, 1);
    const stranger = f2.kids[0]!;
    const mine = await made(s, kid, { title: 'mine private' });
    const theirs = await made(s, stranger, { title: 'their private' });
    const theirsPublic = await made(s, stranger, { title: 'their public', is_public: true });
    await during(1, () => submit(kid.access, id, mine));
    await during(2, () => submit(stranger.access, id, theirs));
    await during(3, () => submit(stranger.access, id, theirsPublic));

    const visitor = await detail(id);
    expect(visitor.entry_history).toEqual([]);
    expect(visitor.entry_count).toBe(3);
    expect(visitor.eligible).toBe(false);
    expect(visitor.my_entries).toEqual([]);

    const seen = (view: Awaited<ReturnType<typeof detail>>) => view.entry_history.map((e) => [e.title, e.can_view]);
    expect(seen(await detail(id, kid.access))).toEqual([
      ['their public', true],
      ['their private', false],
      ['mine private', true],
    ]);
    expect(seen(await detail(id, stranger.access))).toEqual([
      ['their public', true],
      ['their private', true],
      ['mine private', false],
    ]);
    // A sibling the owner does not share with, and a parent token, see public works only.
    expect(seen(await detail(id, sibling.access)).map(([, v]) => v)).toEqual([true, false, false]);
    expect(seen(await detail(id, f1.parent)).map(([, v]) => v)).toEqual([true, false, false]);
    const entry = (await detail(id, kid.access)).entry_history[2]!;
    expect(entry).toMatchObject({ work_id: mine, username: expect.any(String), submission_date: at(1).toISOString() });
    expect(entry.image).toMatch(/^\/media\/works\//);
  });

  it('survives the deletion of an entered work, profile and account (the entries go with them)', async () => {
    const org = await organization(s);
    const staff = await staffOf(s, org);
    const id = await contestRow(s, org, running);
    const f = await family(s, 2);
    const [kid, sibling] = f.kids as [Kid, Kid];
    const w = await made(s, kid);
    const entry = (await submit(kid.access, id, w)).body.entry.id;
    expect((await submit(sibling.access, id, await made(s, sibling))).status).toBe(201);
    expect((await pick(staff, org, id, entry)).status).toBe(200);

    expect((await s.request(`/api/artworks/${w}/delete/`, { method: 'DELETE', token: kid.access })).status).toBe(200);
    let view = await detail(id);
    // The winner's work is gone: no winner shown, the contest stays held.
    expect(view).toMatchObject({ entry_count: 1, winner: null, user: null, status: 'already_held' });

    const g = await family(s, 1);
    expect((await submit(g.kids[0]!.access, await contestRow(s, org, running), await made(s, g.kids[0]!))).status).toBe(201);
    expect((await s.request(`/api/profiles/${sibling.id}/delete/`, { method: 'DELETE', token: f.parent })).status).toBe(200);
    view = await detail(id);
    expect(view.entry_count).toBe(0);
    expect((await s.request('/api/account/delete/', { method: 'DELETE', token: g.parent })).status).toBe(200);
    expect((await list(`/api/org/${org}/contests/`, staff.access)).results.every((c) => c.entry_count === 0)).toBe(true);
  });

  it('answers 404 for an unknown contest, and for ids that are not ids', async () => {
    expect((await s.request('/api/contests/2000000000')).status).toBe(404);
    expect((await s.request('/api/contests/99999999999')).status).toBe(404);
    expect(LIMITS.pageSizeContests).toBe(10);
  });
});
