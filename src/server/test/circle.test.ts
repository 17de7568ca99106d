/**
 * The family circle (issue 32), over HTTP: an invitation's life (made by a parent, previewed by anyone holding the
 * link, used once, cancelled, expired); a fan sees exactly the circle works (shared with the circle, or public) of the
 * children they follow and nothing else of the family; removing a fan ends what they see on the next request, on
 * another instance too; a work taken out of the circle moves its pictures; bad input is a 400 in the contract's shape.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CIRCLE_ERRORS } from '@contract/circle';
import { LIMITS } from '@contract/limits';
import { CIRCLE } from '../circle-messages';
import { circleFans, circleFollows, circleInvitations, circleStamps } from '../db/schema';
import { download, readArchive } from './export-helpers';
import { signupVerified, startTwoInstances, type TestServer } from './harness';
import { createWork, family, made, workForm, type Family } from './works-helpers';

let s: TestServer;
let other: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  const two = await startTwoInstances();
  s = two.a;
  other = two.b;
  close = two.close;
});
afterAll(() => close());

const invite = (parent: string, json: Record<string, unknown>) =>
  s.request('/api/circle/invitations/', { method: 'POST', token: parent, json });
const join = (token: string, fan: string, on: TestServer = s) => on.request(`/api/circle/join/${token}/`, { method: 'POST', token: fan });
const worksOf = (fan: string, child: number, on: TestServer = s) => on.request(`/api/fan/children/${child}/works/`, { token: fan });
const titles = (body: { results: { title: string }[] }) => body.results.map((w) => w.title).sort();

async function circleWork(fam: Family, kid: number, title: string, input: { is_public?: boolean; is_circle?: boolean }) {
  const k = fam.kids[kid]!;
  const id = await made(s, k, { title, is_public: input.is_public ?? false });
  if (input.is_circle) {
    const res = await s.request(`/api/artworks/${id}/update/`, {
      method: 'POST',
      token: k.access,
      form: workForm({ title, is_public: input.is_public ?? false, is_circle: true }),
    });
    expect(res.status).toBe(200);
    expect(res.body.is_circle).toBe(true);
  }
  return id;
}

describe('the family circle', () => {
  let fam: Family;
  let gran: { access: string; email: string };
  let token: string;

  beforeAll(async () => {
    fam = await family(s, 2);
    gran = await signupVerified(s);
  });

  it('a parent invites with a link that anyone holding it can preview, and that works once', async () => {
    const made = await invite(fam.parent, { role: 'grandma', children: [fam.kids[0]!.id], needs_approval: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ role: 'grandma', needs_approval: true, children: [{ id: fam.kids[0]!.id }] });
    token = made.body.token;
    expect(made.body.url).toMatch(new RegExp(`/circle/join/${token}$`));
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only the hash is stored.
    const rows = await s.deps.db.select().from(circleInvitations).where(eq(circleInvitations.id, made.body.id));
    expect(rows[0]!.tokenHash).not.toContain(token);

    const preview = await s.request(`/api/circle/join/${token}/`);
    expect(preview.status).toBe(200);
    expect(preview.body.children.map((c: { id: number }) => c.id)).toEqual([fam.kids[0]!.id]);
    // Nothing of the family's private data: no real name, birth date or address.
    expect(Object.keys(preview.body.children[0]).sort()).toEqual(['id', 'profile_picture', 'username']);

    const listed = await s.request('/api/circle/', { token: fam.parent });
    expect(listed.body.invitations.map((i: { id: number }) => i.id)).toContain(made.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    // The inviting family cannot join its own circle.
    expect(await join(token, fam.parent)).toMatchObject({ status: 400, body: { detail: CIRCLE.ownFamily.message } });
    // A child token never joins anything.
    expect((await join(token, fam.kids[1]!.access)).status).toBe(403);

    const joined = await join(token, gran.access);
    expect(joined.status).toBe(200);
    expect(joined.body.children.map((c: { id: number }) => c.id)).toEqual([fam.kids[0]!.id]);
    // Used up: a second use, by anyone, is refused, and the preview is gone too.
    const other = await signupVerified(s);
    expect(await join(token, other.access)).toMatchObject({ status: 404, body: { detail: CIRCLE.invitationInvalid.message } });
    expect((await s.request(`/api/circle/join/${token}/`)).status).toBe(404);

    const circle = await s.request('/api/circle/', { token: fam.parent });
    expect(circle.body.fans).toHaveLength(1);
    expect(circle.body.fans[0]).toMatchObject({ role: 'grandma', needs_approval: true, children: [{ id: fam.kids[0]!.id }] });
    expect(circle.body.invitations.map((i: { id: number }) => i.id)).not.toContain(made.body.id);
  });

  it('two people using one link at once: one joins, the other is told it was used', async () => {
    const made = await invite(fam.parent, { role: 'uncle', children: [fam.kids[1]!.id] });
    const [a, b] = [await signupVerified(s), await signupVerified(s)];
    const answers = await Promise.all([join(made.body.token, a.access), join(made.body.token, b.access, other)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('a cancelled or expired link answers as an unknown one', async () => {
    const cancelled = await invite(fam.parent, { role: 'aunt', children: [fam.kids[0]!.id] });
    expect((await s.request(`/api/circle/invitations/${cancelled.body.id}/`, { method: 'DELETE', token: fam.parent })).status).toBe(200);
    // Another family cannot cancel it (it does not exist for them), nor can the family twice.
    const stranger = await family(s);
    const expired = await invite(fam.parent, { role: 'cousin', children: [fam.kids[0]!.id] });
    expect((await s.request(`/api/circle/invitations/${expired.body.id}/`, { method: 'DELETE', token: stranger.parent })).status).toBe(404);
    await s.deps.db
      .update(circleInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(circleInvitations.id, expired.body.id));
    const late = await signupVerified(s);
    for (const t of [cancelled.body.token, expired.body.token, 'x'.repeat(43), 'not-a-token']) {
      expect(await join(t, late.access)).toMatchObject({ status: 404, body: { detail: CIRCLE.invitationInvalid.message } });
      expect((await s.request(`/api/circle/join/${t}/`)).status).toBe(404);
    }
  });

  it('a fan sees exactly the circle works of the children it follows, and nothing else of the family', async () => {
    const fam2 = await family(s, 2);
    const [hana, sora] = fam2.kids as [(typeof fam2.kids)[0], (typeof fam2.kids)[0]];
    await circleWork(fam2, 0, 'Hana circle cat', { is_circle: true });
    await circleWork(fam2, 0, 'Hana public sun', { is_public: true });
    const secret = await circleWork(fam2, 0, 'Hana secret diary', {});
    await circleWork(fam2, 1, 'Sora circle boat', { is_circle: true });
    const grandpa = await signupVerified(s);
    const link = await invite(fam2.parent, { role: 'other', role_label: 'ひいおばあちゃん', children: [hana.id] });
    expect(link.status).toBe(201);
    expect((await join(link.body.token, grandpa.access)).status).toBe(200);

    const kids = await s.request('/api/fan/children/', { token: grandpa.access });
    expect(kids.body.results).toHaveLength(1);
    expect(kids.body.results[0]).toMatchObject({ id: hana.id, role: 'other', role_label: 'ひいおばあちゃん', works_count: 2 });
    const text = JSON.stringify(kids.body);
    expect(text).not.toMatch(/first_name|date_of_birth|address|Real/);

    const works = await worksOf(grandpa.access, hana.id);
    expect(works.status).toBe(200);
    expect(titles(works.body)).toEqual(['Hana circle cat', 'Hana public sun']);
    expect(works.body.results.every((w: { can_edit: boolean }) => w.can_edit === false)).toBe(true);
    // A page past the last has no rows to carry the follow: it is read alone (200, the count, no works), and a child
    // not followed is 404 on any page.
    const past = await s.request(`/api/fan/children/${hana.id}/works/?page=9`, { token: grandpa.access });
    expect(past).toMatchObject({ status: 200, body: { count: 2, results: [] } });
    // Every page, those with a statement of their own (circle.ts, CIRCLE_WRITTEN_PAGES) and after them: each circle work
    // once, newest first; the private ones never.
    await s.database.db.execute(
      sql`insert into artworks (profile_id, title, in_circle, is_public, created_at)
          select ${hana.id}, 'walk ' || g, g % 3 <> 0, false, now() - g * interval '1 second' from generate_series(1, 90) g`,
    );
    const truth = (
      (await s.database.db.execute(
        sql`select title from artworks where profile_id = ${hana.id} and (in_circle or is_public) order by created_at desc, id desc`,
      )) as unknown as { rows: { title: string }[] }
    ).rows.map((r) => r.title);
    expect(truth.length).toBeGreaterThan(4 * LIMITS.pageSizeWorks);
    const walked: string[] = [];
    for (let page = 1; page <= Math.ceil(truth.length / LIMITS.pageSizeWorks); page += 1) {
      const res = await s.request(`/api/fan/children/${hana.id}/works/?page=${page}`, { token: grandpa.access });
      expect(res.body.count).toBe(truth.length);
      walked.push(...res.body.results.map((w: { title: string }) => w.title));
    }
    expect(walked).toEqual(truth);
    await s.database.db.execute(sql`delete from artworks where profile_id = ${hana.id} and title like 'walk %'`);
    expect((await s.request(`/api/fan/children/${sora.id}/works/?page=9`, { token: grandpa.access })).status).toBe(404);
    // The sibling it does not follow, a private work by id, another family's child: not found.
    expect((await worksOf(grandpa.access, sora.id)).status).toBe(404);
    expect((await s.request(`/api/artworks/${secret}`, { token: grandpa.access })).status).toBe(404);
    expect((await worksOf(grandpa.access, fam.kids[0]!.id)).status).toBe(404);
    // The fan's visit shows in the parent's list.
    const circle = await s.request('/api/circle/', { token: fam2.parent });
    expect(circle.body.fans[0].last_seen).not.toBeNull();

    // The parent lets the fan follow the sibling too: seen on the next request, on the other instance.
    const fanId = circle.body.fans[0].id as number;
    const patched = await s.request(`/api/circle/fans/${fanId}/`, {
      method: 'PATCH',
      token: fam2.parent,
      json: { children: [hana.id, sora.id], needs_approval: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.fans[0]).toMatchObject({ needs_approval: false });
    expect(titles((await worksOf(grandpa.access, sora.id, other)).body)).toEqual(['Sora circle boat']);

    // Removed: nothing on the very next request, on either instance.
    expect((await s.request(`/api/circle/fans/${fanId}/`, { method: 'DELETE', token: fam2.parent })).status).toBe(200);
    expect((await worksOf(grandpa.access, hana.id, other)).status).toBe(404);
    expect((await worksOf(grandpa.access, hana.id)).status).toBe(404);
    expect((await other.request('/api/fan/children/', { token: grandpa.access })).body.results).toEqual([]);
    expect(await s.deps.db.select().from(circleFollows).where(eq(circleFollows.fanId, fanId))).toEqual([]);
  });

  it('a work taken out of the circle moves its pictures: the addresses a fan saw stop answering', async () => {
    const fam3 = await family(s, 1);
    const fan = await signupVerified(s);
    const id = await circleWork(fam3, 0, 'Leaving the circle', { is_circle: true });
    const link = await invite(fam3.parent, { role: 'grandpa', children: [fam3.kids[0]!.id] });
    await join(link.body.token, fan.access);
    const seen = (await worksOf(fan.access, fam3.kids[0]!.id)).body.results[0].images_data[0].image_url as string;
    const path = new URL(seen, s.url).pathname;
    expect((await fetch(`${s.url}${path}`)).status).toBe(200);

    const res = await s.request(`/api/artworks/${id}/update/`, {
      method: 'POST',
      token: fam3.kids[0]!.access,
      form: workForm({ title: 'Leaving the circle', is_public: false, is_circle: false }),
    });
    expect(res.status).toBe(200);
    expect(res.body.is_circle).toBe(false);
    expect(res.body.images_data[0].image_url).not.toBe(seen);
    expect((await fetch(`${s.url}${path}`)).status).toBe(404);
    expect((await worksOf(fan.access, fam3.kids[0]!.id)).body.results).toEqual([]);
    // The owner still sees its work, at the new address.
    const own = await s.request(`/api/artworks/${id}`, { token: fam3.kids[0]!.access });
    expect((await fetch(new URL(own.body.images_data[0].image_url, s.url))).status).toBe(200);
  });

  it("new works follow the family's choice, and an edit that leaves is_circle out keeps it", async () => {
    const fam4 = await family(s, 1);
    const set = await s.request('/api/circle/', { method: 'PATCH', token: fam4.parent, json: { circle_by_default: true } });
    expect(set).toMatchObject({ status: 200, body: { circle_by_default: true } });
    const id = await made(s, fam4.kids[0]!, { title: 'By default' });
    const work = await s.request(`/api/artworks/${id}`, { token: fam4.kids[0]!.access });
    expect(work.body.is_circle).toBe(true);
    const edited = await s.request(`/api/artworks/${id}/update/`, {
      method: 'POST',
      token: fam4.kids[0]!.access,
      form: workForm({ title: 'Renamed', is_public: false }),
    });
    expect(edited.body).toMatchObject({ title: 'Renamed', is_circle: true });
    // An explicit choice wins over the family's.
    const chosen = await createWork(s, fam4.kids[0]!, { title: 'Only mine', is_circle: false });
    expect(chosen).toMatchObject({ status: 201, body: { is_circle: false } });
  });

  it('bad input is a 400 on its field, in both languages, and nothing is stored', async () => {
    const fam5 = await family(s, 1);
    const stranger = await family(s, 1);
    const kid = fam5.kids[0]!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'other', children: [kid] }, 'role_label'],
      [{ role: 'other', role_label: '<b>x</b>', children: [kid] }, 'role_label'],
      [{ role: 'other', role_label: 'a'.repeat(31), children: [kid] }, 'role_label'],
      [{ role: 'other', role_label: 'gr\u0000an', children: [kid] }, 'role_label'],
      [{ role: 'king', children: [kid] }, 'role'],
      [{ role: 'grandma', children: [] }, 'children'],
      [{ role: 'grandma', children: [stranger.kids[0]!.id] }, 'children'],
      [{ role: 'grandma', children: [2_147_483_648] }, 'children'],
      [{ role: 'grandma', children: 'all' }, 'children'],
    ];
    for (const [json, field] of cases) {
      const res = await invite(fam5.parent, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(
        Object.keys(res.body).some((k) => k === field || k.startsWith(`${field}.`)),
        JSON.stringify(res.body),
      ).toBe(true);
    }
    const ja = await s.request('/api/circle/invitations/?language=ja', {
      method: 'POST',
      token: fam5.parent,
      json: { role: 'grandma', children: [] },
    });
    expect(ja.body.children[0]).not.toBe(CIRCLE.childrenRequired.message);
    expect((await s.request('/api/circle/', { token: fam5.parent })).body.invitations).toEqual([]);
    // The fan list of another family's id: not found; a huge id: not found, not a 500.
    expect((await s.request('/api/circle/fans/2147483647/', { method: 'DELETE', token: fam5.parent })).status).toBe(404);
    expect((await s.request('/api/circle/fans/99999999999/', { method: 'DELETE', token: fam5.parent })).status).toBe(404);
  });

  it('stickers, 「みたよ」 and comments: a comment waits for the parent, unseen by the child and the other fans until approved', async () => {
    const fam8 = await family(s, 1);
    const kid = fam8.kids[0]!;
    const work = await circleWork(fam8, 0, 'Rainbow fish', { is_circle: true });
    const privateWork = await circleWork(fam8, 0, 'Not for the circle', {});
    const [gran, uncle] = [await signupVerified(s), await signupVerified(s)];
    await join((await invite(fam8.parent, { role: 'grandma', children: [kid.id] })).body.token, gran.access);
    await join((await invite(fam8.parent, { role: 'uncle', children: [kid.id], needs_approval: false })).body.token, uncle.access);
    const react = (token: string, id: number, what: string, json?: unknown) =>
      s.request(`/api/fan/works/${id}/${what}/`, { method: 'POST', token, ...(json === undefined ? {} : { json }) });

    // Stickers: one per fan, replaced, counted; 「みたよ」 kept once.
    expect((await react(gran.access, work, 'stamp', { stamp: 'sugoi' })).body).toMatchObject({ my_stamp: 'sugoi' });
    const replaced = await react(gran.access, work, 'stamp', { stamp: 'hanamaru' });
    expect(replaced.body).toMatchObject({ my_stamp: 'hanamaru', stamps: [{ stamp: 'hanamaru', count: 1 }] });
    await react(uncle.access, work, 'stamp', { stamp: 'hanamaru' });
    expect((await react(gran.access, work, 'seen')).status).toBe(200);
    expect((await react(gran.access, work, 'seen')).status).toBe(200);
    // Not on a private work, a made-up sticker, or someone else's family.
    expect((await react(gran.access, privateWork, 'stamp', { stamp: 'sugoi' })).status).toBe(404);
    expect((await react(gran.access, work, 'stamp', { stamp: '<script>' })).status).toBe(400);
    const stranger = await signupVerified(s);
    expect((await react(stranger.access, work, 'seen')).status).toBe(404);
    expect((await react(stranger.access, work, 'comments', { body: 'hi' })).status).toBe(404);

    // Grandma's comment waits; the uncle's (no approval asked) is on the work at once.
    const waiting = await react(gran.access, work, 'comments', { body: '  <b>すごい!</b> https://example.com  ' });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ role: 'grandma', body: '<b>すごい!</b> https://example.com', pending: true, mine: true });
    const through = await react(uncle.access, work, 'comments', { body: 'Nice colours' });
    expect(through.body).toMatchObject({ pending: false });
    for (const body of [' ', 'x'.repeat(201), 'a\u0000b', 42]) {
      const bad = await react(gran.access, work, 'comments', { body });
      expect(bad.status, String(body)).toBe(400);
      expect(Object.keys(bad.body)).toContain('body');
    }

    const childView = async () => (await s.request(`/api/artworks/${work}/circle/`, { token: kid.access })).body;
    const seenByChild = await childView();
    expect(seenByChild.comments.map((c: { body: string }) => c.body)).toEqual(['Nice colours']);
    expect(seenByChild.seen_by).toEqual([expect.objectContaining({ role: 'grandma' })]);
    expect(seenByChild.stamps.map((x: { stamp: string; role: string }) => `${x.role}:${x.stamp}`).sort()).toEqual([
      'grandma:hanamaru',
      'uncle:hanamaru',
    ]);
    expect(JSON.stringify(seenByChild)).not.toMatch(/@example\.com/);
    const uncleSees = async () => (await worksOf(uncle.access, kid.id)).body.results.find((w: { id: number }) => w.id === work).circle;
    expect((await uncleSees()).comments.map((c: { body: string }) => c.body)).toEqual(['Nice colours']);
    // The author sees its own waiting comment.
    const granSees = (await worksOf(gran.access, kid.id)).body.results.find((w: { id: number }) => w.id === work).circle;
    expect(granSees.comments.map((c: { pending: boolean }) => c.pending)).toEqual([true, false]);
    // A comment on the page (read as JSON with the page) is the one its author was answered with, to the millisecond.
    expect(granSees.comments[0]).toEqual(waiting.body);
    expect(granSees.comments[1]).toEqual({ ...through.body, mine: false });
    // Another child's token, or the parent's, cannot read the child's circle view.
    expect((await s.request(`/api/artworks/${work}/circle/`, { token: fam.kids[0]!.access })).status).toBe(404);
    expect((await s.request(`/api/artworks/${work}/circle/`, { token: fam8.parent })).status).toBe(403);

    // The parent's queue: grandma's comment; another family cannot approve it; the parent approves.
    const queue = await s.request('/api/circle/comments/', { token: fam8.parent });
    expect(queue.body.results).toEqual([
      expect.objectContaining({ id: waiting.body.id, role: 'grandma', child: { id: kid.id, username: expect.any(String) } }),
    ]);
    expect((await s.request('/api/circle/comments/', { token: fam.parent })).body.results).toEqual([]);
    expect((await s.request(`/api/circle/comments/${waiting.body.id}/approve/`, { method: 'POST', token: fam.parent })).status).toBe(404);
    expect((await s.request(`/api/circle/comments/${waiting.body.id}/approve/`, { method: 'POST', token: kid.access })).status).toBe(403);
    expect((await s.request(`/api/circle/comments/${waiting.body.id}/approve/`, { method: 'POST', token: fam8.parent })).status).toBe(200);
    expect((await childView()).comments.map((c: { body: string }) => c.body)).toEqual([
      '<b>すごい!</b> https://example.com',
      'Nice colours',
    ]);
    expect((await uncleSees()).comments).toHaveLength(2);
    // The child answers with a sticker only; the relatives see it on the comment.
    const reply = (id: number, stamp: string | null, token = kid.access) =>
      s.request(`/api/artworks/${work}/circle/comments/${id}/reply/`, { method: 'POST', token, json: { stamp } });
    expect((await reply(waiting.body.id, 'daisuki')).body.comments[0]).toMatchObject({ reply: 'daisuki' });
    expect((await reply(waiting.body.id, 'words')).status).toBe(400);
    expect((await reply(waiting.body.id, 'sugoi', fam.kids[0]!.access)).status).toBe(404);
    expect((await uncleSees()).comments[0]).toMatchObject({ reply: 'daisuki' });
    // Removed by the parent: gone for everyone; removing twice is 404.
    expect((await s.request(`/api/circle/comments/${through.body.id}/`, { method: 'DELETE', token: fam8.parent })).status).toBe(200);
    expect((await s.request(`/api/circle/comments/${through.body.id}/`, { method: 'DELETE', token: fam8.parent })).status).toBe(404);
    expect((await childView()).comments).toHaveLength(1);

    // The family's export holds the approved comments and the stickers, by role: never a relative's address.
    const archive = readArchive((await download(s, fam8.parent)).bytes);
    const exported = archive.children[0]!.works.find((w) => w.id === work)!;
    expect(exported.visibility).toBe('circle');
    expect(exported.circle).toEqual({
      stamps: [
        expect.objectContaining({ stamp: 'hanamaru', role: 'grandma' }),
        expect.objectContaining({ stamp: 'hanamaru', role: 'uncle' }),
      ],
      comments: [expect.objectContaining({ role: 'grandma', body: '<b>すごい!</b> https://example.com' })],
    });
    expect(JSON.stringify(archive.children)).not.toMatch(/grandma.*@example\.com|Nice colours/);

    // A removed fan's stickers, 「みたよ」 and comments go with them; a deleted work takes its own.
    const granId = (await s.request('/api/circle/', { token: fam8.parent })).body.fans.find(
      (f: { role: string }) => f.role === 'grandma',
    ).id;
    await s.request(`/api/circle/fans/${granId}/`, { method: 'DELETE', token: fam8.parent });
    const after = await childView();
    expect(after).toMatchObject({ seen_by: [], comments: [] });
    expect(after.stamps.map((x: { role: string }) => x.role)).toEqual(['uncle']);
    expect((await s.request(`/api/artworks/${work}/delete/`, { method: 'DELETE', token: kid.access })).status).toBe(200);
    expect(await s.deps.db.select().from(circleStamps).where(eq(circleStamps.artworkId, work))).toEqual([]);
  });

  it("every field error of the circle's forms has its text in the server's catalog", () => {
    const known = new Map(Object.values(CIRCLE).map((m) => [m.id, m.message]));
    for (const id of Object.values(CIRCLE_ERRORS)) expect(known.get(id), id).toBeTruthy();
  });

  it('at most 20 invitations wait at once', async () => {
    const fam6 = await family(s, 1);
    for (let i = 0; i < 20; i++) expect((await invite(fam6.parent, { role: 'cousin', children: [fam6.kids[0]!.id] })).status).toBe(201);
    const refused = await invite(fam6.parent, { role: 'cousin', children: [fam6.kids[0]!.id] });
    expect(refused).toMatchObject({ status: 409, body: { detail: CIRCLE.tooManyInvitations.message } });
  });

  it("deleting the family or the fan's account takes the circle with it", async () => {
    const fam7 = await family(s, 1);
    const fan = await signupVerified(s);
    const link = await invite(fam7.parent, { role: 'grandma', children: [fam7.kids[0]!.id] });
    await join(link.body.token, fan.access);
    const [row] = await s.deps.db
      .select()
      .from(circleFans)
      .where(eq(circleFans.id, (await s.request('/api/circle/', { token: fam7.parent })).body.fans[0].id));
    expect(row).toBeDefined();
    expect((await s.request('/api/account/delete/', { method: 'DELETE', token: fam7.parent })).status).toBeLessThan(300);
    expect(await s.deps.db.select().from(circleFans).where(eq(circleFans.id, row!.id))).toEqual([]);
    expect((await s.request('/api/fan/children/', { token: fan.access })).body.results).toEqual([]);
  });
});
