/**
 * Artist classes (issue 13) over HTTP, the family's side without payments: the lists (published only, newest
 * first, 10 a page, the free word, the price and class type filters, each class once), my classes, one class with
 * the child's sign-up and the links only a confirmed sign-up gets, the free sign-up and its one e-mail, and the
 * video link refused to those without a confirmed sign-up of that class. Payments: class-payments.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { artistClass as classSchema } from '@contract/classes';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { paged } from '@contract/works';
import { DEMO_CLASSES, DEMO_FAMILY, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '../db/demo-content';
import { classMails, classRow, signupOf, signupRow } from './classes-helpers';
import { organization } from './contests-helpers';
import { PASSWORD, startTestServer, type TestServer } from './harness';
import { emailOf, family, type Kid } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}q${++counter}`;
const DAY = 86_400_000;
const BASE = Date.parse('2030-01-01T00:00:00Z');

const list = async (path: string, token?: string) => {
  const res = await s.request(path, { token });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return paged(classSchema).parse(res.body);
};

const detail = (id: number, token?: string) => s.request(`/api/artist-classes/${id}`, { token });
const signup = (token: string | undefined, artistClass: number, member?: number) =>
  s.request('/api/artist-classes/signup/', {
    token,
    // A paid class needs the parent's word (issue 28; parent-word.test.ts): the parent's password, typed on the device.
    json: { artist_class: artistClass, parent_password: PASSWORD, ...(member === undefined ? {} : { member }) },
  });
const videoUrl = (token: string | undefined, id: number) => s.request(`/api/artist-classes/${id}/video-url/`, { token, method: 'POST' });

describe('the public list', () => {
  let word: string;
  let org: number;
  const ids: number[] = [];
  beforeAll(async () => {
    word = unique('pastel');
    org = await organization(s, unique('Atelier '));
    // 12 published classes, a day apart (newest last); one unpublished, newest of all.
    for (let i = 0; i < 12; i++) {
      ids.push(
        await classRow(s, org, {
          name: `${word} class ${i}`,
          isFree: i % 2 === 0,
          price: i % 2 === 0 ? 0 : 500 + i,
          classType: i % 3 === 0 ? 'real_time' : 'recorded',
          createdAt: new Date(BASE + i * DAY),
        }),
      );
    }
    await classRow(s, org, { name: `${word} hidden`, published: false, createdAt: new Date(BASE + 30 * DAY) });
  });

  it('shows published classes only, newest first, 10 a page, with links; a page past the end is empty', async () => {
    const first = await list(`/api/artist-classes/?search=${word}`);
    expect(LIMITS.pageSizeClasses).toBe(10);
    expect(first.count).toBe(12);
    expect(first.results.map((c) => c.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`/api/artist-classes/?search=${word}&page=2`);
    const second = await list(first.next!);
    expect(second.results.map((c) => c.id)).toEqual([ids[1], ids[0]]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`/api/artist-classes/?search=${word}&page=1`);
    const past = await list(`/api/artist-classes/?search=${word}&page=5`);
    expect(past).toMatchObject({ count: 12, results: [], next: null });
    // Each class once, across the pages.
    const all = [...first.results, ...second.results].map((c) => c.id);
    expect(new Set(all).size).toBe(12);
  });

  it('filters by price and class type, together with the free word', async () => {
    const free = await list(`/api/artist-classes/?search=${word}&is_free=true`);
    expect(free.count).toBe(6);
    expect(free.results.every((c) => c.is_free && c.price === 0)).toBe(true);
    const paid = await list(`/api/artist-classes/?search=${word}&is_free=false`);
    expect(paid.count).toBe(6);
    expect(paid.results.every((c) => !c.is_free && c.price > 0 && c.currency === 'jpy')).toBe(true);
    const live = await list(`/api/artist-classes/?search=${word}&class_type=real_time`);
    expect(live.results.map((c) => c.id).sort()).toEqual([ids[0], ids[3], ids[6], ids[9]].sort());
    const livePaid = await list(`/api/artist-classes/?search=${word}&class_type=real_time&is_free=false`);
    expect(livePaid.results.map((c) => c.id).sort()).toEqual([ids[3], ids[9]].sort());
    for (const bad of ['is_free=maybe', 'class_type=podcast', 'page=0', 'page=x']) {
      expect((await s.request(`/api/artist-classes/?${bad}`)).status, bad).toBe(400);
    }
  });

  it('searches the name and the description; % and _ match themselves', async () => {
    const note = unique('crayonnote');
    const a = await classRow(s, org, { name: 'Plain', description: `Bring ${note} paper` });
    const percent = await classRow(s, org, { name: `${note} 100% fun` });
    await classRow(s, org, { name: `${note} 100 fun` });
    expect((await list(`/api/artist-classes/?search=${note}%20paper`)).results.map((c) => c.id)).toEqual([a]);
    expect((await list(`/api/artist-classes/?search=${encodeURIComponent(`${note} 100%`)}`)).results.map((c) => c.id)).toEqual([percent]);
    expect((await list(`/api/artist-classes/?search=${encodeURIComponent(`${note}_`)}`)).count).toBe(0);
    expect((await list(`/api/artist-classes/?search=${note.toUpperCase()}`)).count).toBe(3);
  });

  it('shows a class as the contract says, without its links or video to a visitor', async () => {
    const name = unique('Shapes ');
    const id = await classRow(s, org, {
      name,
      classType: 'real_time',
      meetingUrl: 'https://meet.example.com/secret-room',
      videoUrl: 'https://video.example.com/secret.mp4',
      startsAt: new Date('2030-07-01T01:00:00Z'),
    });
    const res = await detail(id);
    expect(res.status).toBe(200);
    expect(classSchema.parse(res.body)).toMatchObject({
      id,
      name,
      class_type: 'real_time',
      start_at: '2030-07-01T01:00:00.000Z',
      url: null,
      has_video: true,
      member_signup: { is_signed_up: false, status: null, signup_id: null },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret-room|secret\.mp4/);
    expect(JSON.stringify(await list(`/api/artist-classes/?search=${encodeURIComponent(name)}`))).not.toMatch(/secret/);
  });

  it('answers 404 for an unpublished or unknown class, and for ids that are not ids', async () => {
    const hidden = await classRow(s, org, { published: false });
    for (const id of [hidden, 2_000_000_000]) expect(await detail(id)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    for (const path of ['/api/artist-classes/abc', '/api/artist-classes/-1', '/api/artist-classes/99999999999']) {
      expect((await s.request(path)).status, path).toBe(404);
    }
  });
});

describe('a child and its classes', () => {
  let org: number;
  let kid: Kid;
  let sibling: Kid;
  let parent: string;
  let word: string;
  beforeAll(async () => {
    org = await organization(s, unique('Club '));
    const f = await family(s, 2);
    [kid, sibling] = f.kids as [Kid, Kid];
    parent = f.parent;
    word = unique('mine');
  });

  it("my classes: the child's sign-ups in any state (also of a class unpublished since), with the same filters", async () => {
    const pending = await classRow(s, org, { name: `${word} paid`, price: 800, createdAt: new Date(BASE + 3 * DAY) });
    const confirmed = await classRow(s, org, { name: `${word} free`, classType: 'real_time', createdAt: new Date(BASE + 2 * DAY) });
    const unpublished = await classRow(s, org, { name: `${word} gone`, createdAt: new Date(BASE + DAY) });
    const siblings = await classRow(s, org, { name: `${word} sibling` });
    await classRow(s, org, { name: `${word} none` });
    await signupRow(s, pending, kid.id, 'pending', 800);
    await signupRow(s, confirmed, kid.id, 'confirmed');
    await signupRow(s, unpublished, kid.id, 'confirmed');
    await signupRow(s, siblings, sibling.id, 'confirmed');
    const { db } = s.deps;
    const { artistClasses } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(artistClasses).set({ published: false }).where(eq(artistClasses.id, unpublished));

    const mine = await list(`/api/artist-classes/my-classes?search=${word}`, kid.access);
    expect(mine.results.map((c) => c.id)).toEqual([pending, confirmed, unpublished]);
    expect(mine.results.map((c) => c.member_signup.status)).toEqual(['pending', 'confirmed', 'confirmed']);
    expect((await list(`/api/artist-classes/my-classes?search=${word}&is_free=false`, kid.access)).results.map((c) => c.id)).toEqual([
      pending,
    ]);
    expect((await list(`/api/artist-classes/my-classes?search=${word}&class_type=real_time`, kid.access)).results.map((c) => c.id)).toEqual(
      [confirmed],
    );
    expect((await list(`/api/artist-classes/my-classes?search=${word}`, sibling.access)).results.map((c) => c.id)).toEqual([siblings]);
    // A child's call: a parent token is refused, a visitor must log in.
    expect(await s.request('/api/artist-classes/my-classes', { token: parent })).toMatchObject({ status: 403 });
    expect((await s.request('/api/artist-classes/my-classes')).status).toBe(401);
    // The unpublished class stays readable by the child signed up for it, and only by it.
    expect((await detail(unpublished, kid.access)).status).toBe(200);
    expect((await detail(unpublished, sibling.access)).status).toBe(404);
    expect((await detail(unpublished, parent)).status).toBe(404);
  });

  it("the detail shows the child's own sign-up; the meeting link only once it is confirmed", async () => {
    const live = await classRow(s, org, { classType: 'real_time', meetingUrl: 'https://meet.example.com/room-42' });
    const paid = await classRow(s, org, { classType: 'real_time', price: 1200, meetingUrl: 'https://meet.example.com/room-43' });
    const confirmedId = await signupRow(s, live, kid.id, 'confirmed');
    const pendingId = await signupRow(s, paid, kid.id, 'pending', 1200);
    expect((await detail(live, kid.access)).body).toMatchObject({
      url: 'https://meet.example.com/room-42',
      member_signup: { is_signed_up: true, status: 'confirmed', signup_id: confirmedId },
    });
    expect((await detail(paid, kid.access)).body).toMatchObject({
      url: null,
      member_signup: { is_signed_up: true, status: 'pending', signup_id: pendingId },
    });
    // A sibling, a parent and a visitor see no sign-up and no link.
    for (const token of [sibling.access, parent, undefined]) {
      expect((await detail(live, token)).body).toMatchObject({ url: null, member_signup: { is_signed_up: false, status: null } });
    }
  });
});

describe('signing up for a free class', () => {
  let org: number;
  beforeAll(async () => {
    org = await organization(s, unique('Free '));
  });

  it('confirms at once and e-mails the video link to the parent, once; a second sign-up is 409', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const name = unique('Clay animals ');
    const id = await classRow(s, org, { name, videoUrl: 'https://video.example.com/clay.mp4' });
    const res = await signup(kid.access, id, kid.id);
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: M.classSignupSuccessful.message,
        artist_class: id,
        status: 'confirmed',
        payment_intent_client_secret: null,
        payment_intent_id: null,
        amount: 0,
        currency: 'jpy',
      },
    });
    const row = await signupOf(s, id, kid.id);
    expect(row).toMatchObject({ id: res.body.signup_id, status: 'confirmed', amount: 0 });
    expect(row!.mailedAt).not.toBeNull();
    const to = await emailOf(s, f.parent);
    const [mail] = await classMails(s, to);
    expect(mail!.subject).toBe(`Little Museum: the link to the class "${name}"`);
    expect(mail!.link).toBe('https://video.example.com/clay.mp4');
    expect(mail!.text).toContain('http://museum.test/my-artist-classes');

    expect(await signup(kid.access, id)).toMatchObject({ status: 409, body: { detail: M.classAlreadySignedUp.message } });
    // Two at once after that: both 409; still one sign-up and one e-mail.
    const again = await Promise.all([signup(kid.access, id), signup(kid.access, id)]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await classMails(s, to)).toHaveLength(1);
    expect((await detail(id, kid.access)).body.member_signup).toMatchObject({ is_signed_up: true, status: 'confirmed' });
  });

  it('a live class e-mails its meeting link and its start in Japan time', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const id = await classRow(s, org, {
      classType: 'real_time',
      meetingUrl: 'https://meet.example.com/live-room',
      startsAt: new Date('2030-07-01T01:00:00Z'),
      videoUrl: null,
    });
    expect((await signup(kid.access, id)).status).toBe(201);
    const [mail] = await classMails(s, await emailOf(s, f.parent));
    expect(mail!.link).toBe('https://meet.example.com/live-room');
    // 10:00 in Japan (English e-mail by default: the request had no language).
    expect(mail!.text).toMatch(/10:00/);
  });

  it('two sign-ups of one child at once make one sign-up and one e-mail', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const id = await classRow(s, org);
    const both = await Promise.all([signup(kid.access, id), signup(kid.access, id)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const to = await emailOf(s, f.parent);
    await classMails(s, to);
    await new Promise((r) => setTimeout(r, 150));
    expect(await classMails(s, to)).toHaveLength(1);
  });

  it("is for the child's own profile only: another family's or a sibling's is 404; unknown or unpublished classes 404", async () => {
    const f = await family(s, 2);
    const [kid, sibling] = f.kids as [Kid, Kid];
    const stranger = (await family(s, 1)).kids[0]!;
    const id = await classRow(s, org);
    for (const member of [sibling.id, stranger.id, 2_000_000_000]) {
      expect(await signup(kid.access, id, member)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    }
    expect(await signupOf(s, id, sibling.id)).toBeNull();
    const hidden = await classRow(s, org, { published: false });
    for (const target of [hidden, 2_000_000_000]) expect((await signup(kid.access, target)).status).toBe(404);
    expect(await signup(f.parent, id)).toMatchObject({ status: 403, body: { detail: M.childRequired.message } });
    expect((await signup(undefined, id)).status).toBe(401);
    for (const body of [{}, { artist_class: 'x' }, { artist_class: 99_999_999_999 }, { artist_class: id, member: -1 }]) {
      expect((await s.request('/api/artist-classes/signup/', { token: kid.access, json: body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the video link', () => {
  let org: number;
  beforeAll(async () => {
    org = await organization(s, unique('Video '));
  });

  it('is given and e-mailed to a confirmed sign-up of that class only', async () => {
    const f = await family(s, 2);
    const [kid, sibling] = f.kids as [Kid, Kid];
    const recorded = await classRow(s, org, { videoUrl: 'https://video.example.com/mine.mp4' });
    const live = await classRow(s, org, { classType: 'real_time', price: 900, meetingUrl: 'https://meet.example.com/x', videoUrl: null });
    const other = await classRow(s, org, { videoUrl: 'https://video.example.com/other.mp4' });
    await signupRow(s, recorded, kid.id, 'confirmed');
    await signupRow(s, live, kid.id, 'pending', 900);
    const to = await emailOf(s, f.parent);

    const res = await videoUrl(kid.access, recorded);
    expect(res).toMatchObject({
      status: 200,
      body: { message: M.classVideoSent.message, url: 'https://video.example.com/mine.mp4', meeting_url: null, start_at: null },
    });
    expect((await classMails(s, to))[0]!.link).toBe('https://video.example.com/mine.mp4');

    // Pending: the payment first. Not signed up (another class's sign-up gives nothing): sign up first.
    expect(await videoUrl(kid.access, live)).toMatchObject({ status: 403, body: { detail: M.paymentPending.message } });
    expect(await videoUrl(kid.access, other)).toMatchObject({ status: 403, body: { detail: M.classNotSignedUp.message } });
    expect(await videoUrl(sibling.access, recorded)).toMatchObject({ status: 403, body: { detail: M.classNotSignedUp.message } });
    for (const r of [await videoUrl(kid.access, other), await videoUrl(sibling.access, recorded)]) {
      expect(JSON.stringify(r.body)).not.toContain('video.example.com');
    }
    expect((await videoUrl(kid.access, 2_000_000_000)).status).toBe(404);
    expect((await videoUrl(f.parent, recorded)).status).toBe(403);
    expect((await videoUrl(undefined, recorded)).status).toBe(401);
  });
});

describe("the class's e-mail (issue 28, item 7)", () => {
  let org: number;
  beforeAll(async () => {
    org = await organization(s, unique('Mail '));
  });
  const open = (token: string, id: number, json?: unknown) =>
    s.request(`/api/artist-classes/${id}/video-url/`, { token, method: 'POST', ...(json === undefined ? {} : { json }) });
  const settle = () => new Promise((r) => setTimeout(r, 150));

  it('goes once per sign-up however many times the link is opened', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const id = await classRow(s, org, { videoUrl: 'https://video.example.com/once.mp4' });
    expect((await signup(kid.access, id)).status).toBe(201);
    const to = await emailOf(s, f.parent);
    await s.waitForMail(to);
    for (const body of [undefined, {}, { resend: false }, undefined, undefined]) {
      expect(await open(kid.access, id, body)).toMatchObject({
        status: 200,
        body: { message: M.classVideoSent.message, url: 'https://video.example.com/once.mp4' },
      });
    }
    await settle();
    expect(await classMails(s, to)).toHaveLength(1);
  });

  it('a live class reads its meeting link, and says the meeting link was sent', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const id = await classRow(s, org, { classType: 'real_time', meetingUrl: 'https://meet.example.com/room', videoUrl: null });
    expect((await signup(kid.access, id)).status).toBe(201);
    const to = await emailOf(s, f.parent);
    await s.waitForMail(to);
    expect(await open(kid.access, id)).toMatchObject({
      status: 200,
      body: { message: M.classMeetingSent.message, url: null, meeting_url: 'https://meet.example.com/room' },
    });
    await settle();
    expect(await classMails(s, to)).toHaveLength(1);
  });

  it('"Send the link again" sends one e-mail each time, 3 per hour per sign-up, then 429 with its message', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const [first, second] = [await classRow(s, org), await classRow(s, org)];
    for (const id of [first, second]) expect((await signup(kid.access, id)).status).toBe(201);
    const to = await emailOf(s, f.parent);
    expect(await classMails(s, to, 2)).toHaveLength(2);
    for (let i = 0; i < 3; i++) {
      expect(await open(kid.access, first, { resend: true })).toMatchObject({
        status: 200,
        body: { message: M.classLinkSentAgain.message },
      });
    }
    expect(await open(kid.access, first, { resend: true })).toMatchObject({
      status: 429,
      body: { detail: M.classLinkResendLimited.message },
    });
    // Reading still works, and another sign-up has its own count.
    expect((await open(kid.access, first)).status).toBe(200);
    expect((await open(kid.access, second, { resend: true })).status).toBe(200);
    await settle();
    expect(await classMails(s, to, 6)).toHaveLength(6);
    // Only a confirmed sign-up's own child asks: a parent, a stranger, or a bad flag change nothing.
    const stranger = (await family(s, 1)).kids[0]!;
    expect((await open(stranger.access, first, { resend: true })).status).toBe(403);
    expect((await open(f.parent, first, { resend: true })).status).toBe(403);
    for (const body of [{ resend: 'yes' }, { resend: 1 }, { resend: '\u0000' }]) {
      expect((await open(kid.access, second, body)).status, JSON.stringify(body)).toBe(400);
    }
    await settle();
    expect(await classMails(s, to)).toHaveLength(6);
  });
});

describe('the demo', () => {
  it('has free, paid, live and recorded classes with thumbnails in both organizations; hana is signed up for one', async () => {
    const demo = await startTestServer();
    try {
      const all = paged(classSchema).parse((await demo.request('/api/artist-classes/')).body);
      const names = all.results.map((c) => c.name);
      expect(names).not.toContain(DEMO_CLASSES.draft);
      expect(all.count).toBe(Object.keys(DEMO_CLASSES).length - 1);
      expect(new Set(all.results.map((c) => c.organization.name))).toEqual(
        new Set([DEMO_ORGANIZATIONS.sakura.name, DEMO_ORGANIZATIONS.aozora.name]),
      );
      for (const [isFree, type] of [
        [true, 'recorded'],
        [true, 'real_time'],
        [false, 'recorded'],
        [false, 'real_time'],
      ] as const) {
        expect(
          all.results.some((c) => c.is_free === isFree && c.class_type === type),
          `${isFree} ${type}`,
        ).toBe(true);
      }
      for (const c of all.results) {
        expect(c.thumbnail).toMatch(/^\/media\/classes\//);
        expect(c.tags.length).toBeGreaterThan(0);
        if (c.class_type === 'real_time') expect(Date.parse(c.start_at!)).toBeGreaterThan(Date.now());
        expect((await fetch(demo.url + c.thumbnail)).status).toBe(200);
      }
      const login = await demo.request('/api/login/', { json: { email: DEMO_FAMILY.email, password: DEMO_PASSWORD } });
      const hana = await demo.request('/api/profile/login/', { token: login.body.access, json: { username: DEMO_FAMILY.hana.username } });
      const mine = paged(classSchema).parse((await demo.request('/api/artist-classes/my-classes', { token: hana.body.access })).body);
      expect(mine.results.map((c) => [c.name, c.member_signup.status])).toEqual([[DEMO_CLASSES.watercolor, 'confirmed']]);
    } finally {
      await demo.close();
    }
  });
});
