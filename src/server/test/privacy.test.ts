/**
 * Issue 9, "Children's privacy first": each reproduction of the outside attack, as the attacker sent it, and
 * what must happen instead. (Uploads that tie up the server are in upload-limits.test.ts, the
 * Content-Security-Policy in csp.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { PASSWORD, TOKYO, childSession, profileForm, signupVerified, startTestServer, type TestServer } from './harness';
import { family, made, mediaFiles, png, share, workForm } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const me = (token: string) => s.request('/api/user/me/', { token });
const refresh = (token: string) => s.request('/api/token/refresh/', { json: { refresh: token } });

describe('1. a child token acts for its own profile only', () => {
  it('cannot change, delete or read the account, nor delete or log in as a sibling', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'kid');
    const sibling = await childSession(s, parent.access, 'sib');
    const refused = { status: 403, body: { errors: M.parentRequired.message, detail: M.parentRequired.message } };

    expect(await s.request('/api/account-info/', { token: kid.access })).toMatchObject(refused);
    const takeover = { email: `thief-${parent.email}`, password: 'Stolen123', current_password: PASSWORD };
    expect(await s.request('/api/account-info/', { method: 'PATCH', token: kid.access, json: takeover })).toMatchObject(refused);
    expect(await s.request('/api/account/delete/', { method: 'DELETE', token: kid.access })).toMatchObject(refused);
    expect(await s.request(`/api/profiles/${sibling.id}/delete/`, { method: 'DELETE', token: kid.access })).toMatchObject(refused);
    expect(await s.request('/api/profile/login/', { token: kid.access, json: { username: 'sib' } })).toMatchObject(refused);
    expect(await s.request('/api/register-profile/', { token: kid.access, form: profileForm('newkid') })).toMatchObject(refused);

    // Nothing happened: the parent still logs in with its password, the sibling and the account are there.
    expect((await s.request('/api/login/', { json: { email: parent.email, password: PASSWORD } })).status).toBe(200);
    const account = await s.request('/api/account-info/', { token: parent.access });
    expect(account.body.profiles.map((p: { username: string }) => p.username)).toEqual(['kid', 'sib']);
    expect((await me(sibling.access)).status).toBe(200);
    // What a child's pages need: the account's image count, with either token.
    for (const token of [kid.access, parent.access])
      expect((await s.request('/api/billing/user-image-count/', { token })).status).toBe(200);
    // A child may still delete its own profile (as /user-info does), with the parent's password (issue 28).
    const own = `/api/profiles/${kid.id}/delete/`;
    expect((await s.request(own, { method: 'DELETE', token: kid.access, json: { parent_password: PASSWORD } })).status).toBe(200);
  });
});

describe('2. deleting a work, a profile or an account deletes every file it owned', () => {
  it('leaves no file of a deleted work, profile or account in the media folder, and none is served', async () => {
    const parent = await signupVerified(s);
    const withAvatar = profileForm('painter', {
      profile_picture: new File([new Uint8Array(await png(300, 300))], 'me.png', { type: 'image/png' }),
    });
    const created = await s.request('/api/register-profile/', { token: parent.access, form: withAvatar });
    expect(created.status).toBe(201);
    const painter = (await s.request('/api/profile/login/', { token: parent.access, json: { username: 'painter' } })).body;
    const kid = { id: created.body.id as number, access: painter.access as string };
    const other = await family(s, 1);
    const otherWork = await made(s, other.kids[0]!, { images: [await png()] });

    const filesOf = async (workId: number, token: string) => {
      const { body } = await s.request(`/api/artworks/${workId}`, { token });
      return (body.images_data as { image_url: string; thumbnail_url?: string }[]).map((i) => i.image_url);
    };
    const before = new Set(await mediaFiles(s));

    // A work.
    const work = await made(s, kid, { images: [await png(), await png()] });
    const workUrls = await filesOf(work, kid.access);
    const afterWork = (await mediaFiles(s)).filter((f) => !before.has(f));
    expect(afterWork).toHaveLength(4); // two display copies and two thumbnails
    expect((await s.request(`/api/artworks/${work}/delete/`, { method: 'DELETE', token: kid.access })).status).toBe(200);
    expect((await mediaFiles(s)).filter((f) => afterWork.includes(f))).toEqual([]);
    for (const url of workUrls) expect((await fetch(s.url + url)).status).toBe(404);

    // A profile with an avatar and works.
    await made(s, kid, { images: [await png()], is_public: true });
    await made(s, kid, { images: [await png(), await png()] });
    const profileFiles = (await mediaFiles(s)).filter((f) => !before.has(f));
    expect(profileFiles).toHaveLength(6);
    const avatarKey = (created.body.profile_picture as string).replace('/media/', '');
    expect(await mediaFiles(s)).toContain(avatarKey);
    expect((await s.request(`/api/profiles/${kid.id}/delete/`, { method: 'DELETE', token: parent.access })).status).toBe(200);
    expect((await mediaFiles(s)).filter((f) => !before.has(f))).toEqual([]);
    expect(await mediaFiles(s)).not.toContain(avatarKey);

    // An account with two children and their works.
    const fam = await family(s, 2);
    await made(s, fam.kids[0]!, { images: [await png()], is_public: true });
    await made(s, fam.kids[1]!, { images: [await png()] });
    const beforeAccount = new Set(await mediaFiles(s));
    const accountFiles = [...beforeAccount].filter((f) => !before.has(f));
    expect(accountFiles).toHaveLength(4);
    expect((await s.request('/api/account/delete/', { method: 'DELETE', token: fam.parent })).status).toBe(200);
    expect((await mediaFiles(s)).filter((f) => accountFiles.includes(f))).toEqual([]);

    // Another family's files are untouched, and nothing waits for a retry.
    expect((await s.request(`/api/artworks/${otherWork}`, { token: other.kids[0]!.access })).status).toBe(200);
    for (const url of await filesOf(otherWork, other.kids[0]!.access)) expect((await fetch(s.url + url)).status).toBe(200);
    const { fileDeletions } = await import('../db/schema');
    expect(await s.deps.db.select().from(fileDeletions)).toEqual([]);
  });

  it('a file whose delete fails is retried by the sweeper, never forgotten', async () => {
    const { sweepFileDeletions } = await import('../domain/file-deletions');
    const { fileDeletions } = await import('../db/schema');
    const kid = (await family(s, 1)).kids[0]!;
    const work = await made(s, kid, { images: [await png()] });
    const files = new Set(await mediaFiles(s));
    const storage = s.deps.storage;
    const realDelete = storage.delete;
    storage.delete = () => Promise.reject(new Error('storage is down'));
    try {
      expect((await s.request(`/api/artworks/${work}/delete/`, { method: 'DELETE', token: kid.access })).status).toBe(200);
    } finally {
      storage.delete = realDelete;
    }
    const waiting = await s.deps.db.select().from(fileDeletions);
    expect(waiting).toHaveLength(2);
    expect(waiting.every((w) => w.attempts === 1 && w.lastError === 'storage is down')).toBe(true);
    for (const w of waiting) expect(files.has(w.key)).toBe(true);
    // Not due yet: the sweeper leaves them; once due, it deletes them.
    expect(await sweepFileDeletions(s.deps)).toBe(2);
    const later = { ...s.deps, clock: () => new Date(Date.now() + 10 * 60 * 1000) };
    expect(await sweepFileDeletions(later)).toBe(0);
    for (const w of waiting) expect(await mediaFiles(s)).not.toContain(w.key);
  });
});

describe('the e-mail change link, attacked', () => {
  it('answers forged, foreign, malformed and huge links with 400, and is not reachable with a child token', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'curious');
    const confirm = (uid: string, token: string) => s.request(`/api/confirm-email/${uid}/${token}/`, { method: 'POST' });
    for (const [uid, token] of [
      ['00000000-0000-0000-0000-000000000000', 'nope'],
      ['not-a-uuid', 'x'],
      ['%00', '%00'],
      ['00000000-0000-0000-0000-000000000000', 'x'.repeat(4_000)],
    ] as const) {
      expect(await confirm(uid, token)).toMatchObject({ status: 400, body: { detail: M.linkInvalid.message } });
    }
    // Another account's link does not move this one, and a child cannot start a change.
    const other = await signupVerified(s);
    await s.request('/api/account-info/', {
      method: 'PATCH',
      token: other.access,
      json: { email: `moved-${other.email}`, current_password: PASSWORD },
    });
    const { token } = (await import('./harness')).linkParts((await s.waitForMail(`moved-${other.email}`)).link);
    const { body: mine } = await s.request('/api/account-info/', { token: parent.access });
    expect(mine.email).toBe(parent.email);
    const users = (await import('../db/schema')).users;
    const [row] = await s.deps.db
      .select()
      .from(users)
      .where((await import('drizzle-orm')).eq(users.email, parent.email));
    expect(await confirm(row!.uuid, token)).toMatchObject({ status: 400 });
    expect(
      await s.request('/api/account-info/', {
        method: 'PATCH',
        token: kid.access,
        json: { email: `kid-${parent.email}`, current_password: PASSWORD },
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await s.request('/api/account-info/', {
        method: 'PATCH',
        token: parent.access,
        json: { email: 'x@example.com', current_password: 'p'.repeat(10_000) },
      }),
    ).toMatchObject({
      status: 400,
      body: { current_password: [M.currentPasswordWrong.message] },
    });
  });
});

describe('3. a session ends when it is ended', () => {
  it('after logout, neither the access token nor child tokens minted from it work, and none can be minted', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'early');
    await s.request('/api/register-profile/', { token: parent.access, form: profileForm('later') });
    expect((await s.request('/api/logout/', { token: parent.access, json: { refresh: parent.refresh } })).status).toBe(200);

    expect((await me(parent.access)).status).toBe(401);
    expect((await s.request('/api/profile/login/', { token: parent.access, json: { username: 'later' } })).status).toBe(401);
    expect((await me(kid.access)).status).toBe(401);
    expect((await refresh(kid.refresh)).status).toBe(401);
    expect((await refresh(parent.refresh)).status).toBe(401);
  });

  it("a child's logout ends only that child's login", async () => {
    const parent = await signupVerified(s);
    const a = await childSession(s, parent.access, 'a');
    const b = await childSession(s, parent.access, 'b');
    expect((await s.request('/api/logout/', { token: a.access, json: { refresh: a.refresh } })).status).toBe(200);
    expect((await me(a.access)).status).toBe(401);
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await me(b.access)).status).toBe(200);
    expect((await me(parent.access)).status).toBe(200);
  });

  it('a refresh-token replay ends the access tokens of that login and of its children', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'replayed');
    const rotated = await refresh(parent.refresh);
    expect(rotated.status).toBe(200);
    expect((await refresh(parent.refresh)).status).toBe(401); // the replay
    for (const token of [parent.access, rotated.body.access, kid.access]) expect((await me(token)).status).toBe(401);
    expect((await refresh(kid.refresh)).status).toBe(401);
    // Another login of the same parent is untouched.
    const other = await s.request('/api/login/', { json: { email: parent.email, password: PASSWORD } });
    expect((await me(other.body.access)).status).toBe(200);
  });

  it('tokens without a session, or of a deleted profile, are refused', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'gone');
    expect((await s.request(`/api/profiles/${kid.id}/delete/`, { method: 'DELETE', token: parent.access })).status).toBe(200);
    expect((await me(kid.access)).status).toBe(401);
    expect((await refresh(kid.refresh)).status).toBe(401);
  });
});

describe('ended sessions are dropped', () => {
  it('purges expired refresh tokens and the sessions left without any, never a live one', async () => {
    const { purgeEndedSessions } = await import('../domain/sessions');
    const { loginSessions, refreshTokens } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'purged');
    const session = async (token: string) => (await import('../domain/sessions')).authenticate(s.deps, token);
    const parentSession = (await session(parent.access))!.session;
    const kidSession = (await session(kid.access))!.session;
    // Now: everything is alive and stays.
    await purgeEndedSessions(s.deps.db, new Date());
    expect((await me(parent.access)).status).toBe(200);
    expect((await me(kid.access)).status).toBe(200);
    // Eight days later every refresh token has expired: the sessions go with them.
    await purgeEndedSessions(s.deps.db, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    for (const id of [parentSession, kidSession]) {
      expect(await s.deps.db.select().from(loginSessions).where(eq(loginSessions.id, id))).toEqual([]);
      expect(await s.deps.db.select().from(refreshTokens).where(eq(refreshTokens.family, id))).toEqual([]);
    }
    expect((await me(parent.access)).status).toBe(401);
  });
});

describe('4. an organization is joined only with proof of its code', () => {
  it('refuses ids without a code check, even while the check is rate-limited; keeps and removes memberships', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'joiner');
    const { organizations } = await import('../db/schema');
    const [one] = await s.deps.db.insert(organizations).values({ name: 'Hidden Atelier', code: '918273' }).returning();
    const [two] = await s.deps.db.insert(organizations).values({ name: 'Secret Studio', code: '827364' }).returning();
    const patch = (json: unknown, token = kid.access) => s.request('/api/profile/', { method: 'PATCH', token, json });

    expect(await patch({ organizations: [one!.id, two!.id] })).toMatchObject({
      status: 400,
      body: { organizations: [M.orgCodeInvalid.message] },
    });
    for (let i = 0; i < 20; i++) await s.request(`/api/organizations/check/${String(300000 + i)}/`, { token: kid.access });
    expect((await s.request('/api/organizations/check/918273/', { token: kid.access })).status).toBe(429);
    expect(await patch({ organizations: [one!.id] })).toMatchObject({ status: 400, body: { organizations: [M.orgCodeInvalid.message] } });
    expect((await s.request('/api/profile/', { token: kid.access })).body.organizations).toEqual([]);
    expect((await s.request(`/api/organizations/${one!.id}`, { token: kid.access })).status).toBe(404);

    // With the proof: another family's child checks the code and joins; a sibling cannot borrow a proof it never made.
    const sibling = await childSession(s, parent.access, 'sibling2');
    const fresh = await signupVerified(s);
    const other = await childSession(s, fresh.access, 'prover');
    expect((await s.request('/api/organizations/check/918273/', { token: other.access })).status).toBe(200);
    expect((await patch({ organizations: [one!.id] }, other.access)).status).toBe(200);
    expect(await patch({ organizations: [one!.id] }, sibling.access)).toMatchObject({ status: 400 });
    expect((await s.request(`/api/organizations/${one!.id}`, { token: other.access })).body).toEqual({
      id: one!.id,
      name: 'Hidden Atelier',
    });
    // Keeping it needs no new proof; removing it is always allowed.
    expect((await patch({ organizations: [one!.id], first_name: 'Renamed' }, other.access)).status).toBe(200);
    expect((await patch({ organizations: [] }, other.access)).body.organizations).toEqual([]);
  });
});

describe('5. only the owner publishes', () => {
  it('a family member the owner shares with edits the work but cannot make it public', async () => {
    const fam = await family(s, 2);
    const [owner, editor] = fam.kids as [(typeof fam.kids)[0], (typeof fam.kids)[0]];
    await share(s, owner, [editor]);
    const work = await made(s, owner, { title: 'Private drawing', images: [await png()] });
    const edit = await s.request(`/api/artworks/${work}/update/`, {
      token: editor.access,
      form: workForm({ title: 'Renamed by my sister', is_public: true }),
    });
    expect(edit).toMatchObject({ status: 200, body: { title: 'Renamed by my sister', is_public: false } });
    expect((await s.request(`/api/artworks/${work}`)).status).toBe(404);
    // The owner can.
    const own = await s.request(`/api/artworks/${work}/update/`, {
      token: owner.access,
      form: workForm({ title: 'Mine', is_public: true }),
    });
    expect(own).toMatchObject({ status: 200, body: { is_public: true } });
    expect((await s.request(`/api/artworks/${work}`)).status).toBe(200);
    // And an editor's save of the form keeps the owner's choice, public stays public.
    const again = await s.request(`/api/artworks/${work}/update/`, {
      token: editor.access,
      form: workForm({ title: 'Mine too', is_public: false }),
    });
    expect(again).toMatchObject({ status: 200, body: { is_public: true } });
  });
});

describe('7. what a user can send is never a 500', () => {
  it('an empty or non-JSON account patch, NUL bytes, impossible dates and huge rate-limit keys are 400s', async () => {
    const parent = await signupVerified(s);
    const kid = await childSession(s, parent.access, 'nul');
    const account = (json: unknown) => s.request('/api/account-info/', { method: 'PATCH', token: parent.access, json });

    expect(await account({})).toMatchObject({ status: 400, body: { non_field_errors: [M.nothingToChange.message] } });
    const plain = await s.request('/api/account-info/', {
      method: 'PATCH',
      token: parent.access,
      headers: { 'Content-Type': 'text/plain' },
      form: undefined,
    });
    expect(plain).toMatchObject({ status: 400 });
    const text = await fetch(`${s.url}/api/account-info/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${parent.access}`, 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ first_name: 'Sneaky Name' }),
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ non_field_errors: [M.invalidBody.message] });
    expect((await s.request('/api/account-info/', { token: parent.access })).body.first_name).toBe('');

    const login = await s.request('/api/login/', { json: { email: `a\u0000${parent.email}`, password: PASSWORD } });
    expect(login).toMatchObject({ status: 400, body: { email: [M.invalidValue.message] } });
    expect(await s.request('/api/profile/login/', { token: parent.access, json: { username: 'nu\u0000l' } })).toMatchObject({
      status: 400,
      body: { username: [M.invalidValue.message] },
    });
    expect(
      await s.request('/api/register-profile/', { token: parent.access, form: profileForm('named', { first_name: 'Ka\u0000i' }) }),
    ).toMatchObject({
      status: 400,
      body: { first_name: [M.invalidValue.message] },
    });
    expect(await s.request('/api/profile/', { method: 'PATCH', token: kid.access, json: { first_name: 'x\u0000' } })).toMatchObject({
      status: 400,
    });
    expect(await account({ first_name: 'Ke\u0000i', address: TOKYO })).toMatchObject({
      status: 400,
      body: { first_name: [M.invalidValue.message] },
    });

    for (const day of ['2015-02-29', '2016-02-30', '2016-04-31', '2016-13-01', '2016-00-10']) {
      expect(
        await s.request('/api/register-profile/', { token: parent.access, form: profileForm('dated', { date_of_birth: day }) }),
      ).toMatchObject({
        status: 400,
        body: { date_of_birth: [M.dobInvalid.message] },
      });
      expect(await s.request('/api/profile/', { method: 'PATCH', token: kid.access, json: { date_of_birth: day } })).toMatchObject({
        status: 400,
        body: { date_of_birth: [M.dobInvalid.message] },
      });
    }
    expect(
      (await s.request('/api/register-profile/', { token: parent.access, form: profileForm('leap', { date_of_birth: '2016-02-29' }) }))
        .status,
    ).toBe(201);

    const huge = `${'x'.repeat(200_000)}@example.com`;
    expect((await s.request('/api/login/', { json: { email: huge, password: PASSWORD } })).status).toBe(401);
    expect((await s.request('/api/password-reset/', { json: { email: huge } })).status).toBe(400);
  });
});
