/** Child profiles: registration with a picture, lists, the active profile, sharing, deletion. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { DEMO_ORGANIZATIONS } from '../db/demo-content';
import { childSession, profileForm, signupVerified, startTestServer, type TestServer } from './harness';
import { photoWithGps } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
});
afterAll(() => s.close());

const blob = (bytes: Uint8Array | string, type: string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });

describe('register-profile', () => {
  it('stores a re-encoded picture without any metadata, rotated by EXIF', async () => {
    const p = await signupVerified(s);
    const input = await photoWithGps();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif?.includes(Buffer.from('Secret Home Camera'))).toBe(true);
    expect(inMeta.orientation).toBe(6);

    const form = profileForm('pic', { profile_picture: new File([blob(input, 'image/jpeg')], 'photo.jpg', { type: 'image/jpeg' }) });
    const res = await s.request('/api/register-profile/', { token: p.access, form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'pic',
      first_name: 'Real pic',
      date_of_birth: '2018-05-01',
      is_logged_in: false,
      is_published: false,
      organizations: [],
      shared_users: [],
    });
    expect(res.body.profile_picture).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);

    const served = await fetch(s.url + res.body.profile_picture);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    // An hour, as a work's pictures: a replaced or removed picture's address stops answering at once.
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Home Camera'))).toBe(false);

    // Orientation 6 turns the left (red) half to the top.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(px(128, 20)[0]).toBeGreaterThan(200);
    expect(px(128, 235)[2]).toBeGreaterThan(200);
  });

  it('rejects HTML named .jpg, HEIC-like junk and an empty string part', async () => {
    const p = await signupVerified(s);
    const html = new File([blob('<html><script>alert(1)</script></html>', 'image/jpeg')], 'evil.jpg', { type: 'image/jpeg' });
    const res = await s.request('/api/register-profile/', { token: p.access, form: profileForm('evil', { profile_picture: html }) });
    expect(res).toMatchObject({ status: 400, body: { profile_picture: [M.imageType.message] } });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res2 = await s.request('/api/register-profile/', {
      token: p.access,
      form: profileForm('gif', { profile_picture: new File([blob(gif, 'image/gif')], 'a.gif') }),
    });
    expect(res2).toMatchObject({ status: 400, body: { profile_picture: [M.imageType.message] } });
    const truncated = (await photoWithGps()).subarray(0, 300);
    const res3 = await s.request('/api/register-profile/', {
      token: p.access,
      form: profileForm('cut', { profile_picture: new File([blob(truncated, 'image/jpeg')], 'a.jpg') }),
    });
    expect(res3).toMatchObject({ status: 400, body: { profile_picture: [M.imageUnreadable.message] } });
    // Nothing was created by the failed attempts.
    expect((await s.request('/api/children/', { token: p.access })).body).toEqual([]);
  });

  it('rejects pictures over the size limit', async () => {
    const p = await signupVerified(s);
    const big = new Uint8Array(16 * 1024 * 1024);
    const res = await s.request('/api/register-profile/', {
      token: p.access,
      form: profileForm('big', { profile_picture: new File([blob(big, 'image/jpeg')], 'a.jpg') }),
    });
    expect(res).toMatchObject({ status: 400, body: { profile_picture: [M.imageTooLarge.message] } });
  });

  it('validates the fields and keeps usernames unique in a family only', async () => {
    const p = await signupVerified(s);
    const q = await signupVerified(s);
    const form = new FormData();
    form.append('username', 'bad name!');
    form.append('date_of_birth', '2999-01-01');
    form.append('address', 'Atlantis');
    const res = await s.request('/api/register-profile/', { token: p.access, form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      username: [M.usernameChars.message],
      date_of_birth: [M.dobMinAge.message],
      address: [M.addressInvalid.message],
      first_name: [M.realNameRequired.message],
    });
    expect((await s.request('/api/register-profile/', { token: p.access, form: profileForm('twin') })).status).toBe(201);
    const dup = await s.request('/api/register-profile/', { token: p.access, form: profileForm('twin') });
    expect(dup).toMatchObject({ status: 400, body: { username: [M.usernameTaken.message] } });
    expect((await s.request('/api/register-profile/', { token: q.access, form: profileForm('twin') })).status).toBe(201);
  });

  it('needs a token and a readable multipart body', async () => {
    expect((await s.request('/api/register-profile/', { form: profileForm('anon') })).status).toBe(401);
    expect((await s.request('/api/register-profile/', { form: new FormData() })).status).toBe(401);
    const p = await signupVerified(s);
    const broken = await s.request('/api/register-profile/', {
      token: p.access,
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      json: undefined,
      form: undefined,
      method: 'POST',
    });
    expect(broken.status).toBe(400);
    const garbage = await fetch(`${s.url}/api/register-profile/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${p.access}`, 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nab',
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ non_field_errors: [M.invalidBody.message] });
  });
});

describe('changing a profile picture (issue 28, item 5)', () => {
  const form = (file?: File) => {
    const f = new FormData();
    if (file) f.append('profile_picture', file);
    return f;
  };
  const change = (token: string | undefined, file?: File) => s.request('/api/profile/picture/', { token, form: form(file) });

  it('a child replaces its own picture; the old one stops answering; bad input changes nothing', async () => {
    const p = await signupVerified(s);
    const kid = await childSession(s, p.access, 'painter');
    const photo = new File([blob(await photoWithGps(), 'image/jpeg')], 'me.jpg', { type: 'image/jpeg' });
    const first = await change(kid.access, photo);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: kid.id, username: 'painter' });
    expect(first.body.profile_picture).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const second = await change(kid.access, photo);
    expect(second.status).toBe(200);
    expect(second.body.profile_picture).not.toBe(first.body.profile_picture);
    expect((await fetch(s.url + second.body.profile_picture)).status).toBe(200);
    await expect.poll(async () => (await fetch(s.url + first.body.profile_picture)).status).toBe(404);
    expect((await s.request('/api/profile/', { token: kid.access })).body.profile_picture).toBe(second.body.profile_picture);

    expect(await change(kid.access)).toMatchObject({ status: 400, body: { profile_picture: [M.imageRequired.message] } });
    const html = new File([blob('<html></html>', 'image/jpeg')], 'x.jpg', { type: 'image/jpeg' });
    expect((await change(kid.access, html)).status).toBe(400);
    expect((await change(p.access, photo)).status).toBe(403);
    expect((await change(undefined, photo)).status).toBe(401);
    expect((await s.request('/api/profile/', { token: kid.access })).body.profile_picture).toBe(second.body.profile_picture);
  });
});

describe('Japanese usernames (issue 28, item 5; decisions.md "Japanese usernames")', () => {
  const register = (token: string, username: string) => s.request('/api/register-profile/', { token, form: profileForm(username) });
  const login = (token: string, username: string) => s.request('/api/profile/login/', { token, json: { username } });

  it('accepts hiragana, katakana and kanji as letters; はな and ハナ are two names; a dakuten is a letter', async () => {
    const p = await signupVerified(s);
    for (const name of ['はな', 'ハナ', '花子', 'そら2', 'か\u3099ぜ']) {
      const res = await register(p.access, name);
      expect(res.status, name).toBe(201);
      expect(res.body.username).toBe(name.normalize('NFKC'));
    }
    // Half-width katakana is stored as katakana (NFKC), and then is the same name.
    expect(await register(p.access, 'ﾊﾅ')).toMatchObject({ status: 400, body: { username: [M.usernameTaken.message] } });
    // Logging in as a child finds the profile by its normalised name.
    for (const [typed, stored] of [
      ['はな', 'はな'],
      ['ﾊﾅ', 'ハナ'],
      ['が\u305c', 'がぜ'],
    ] as const) {
      const res = await login(p.access, typed);
      expect(res.status, typed).toBe(200);
      expect((await s.request('/api/profile/', { token: res.body.access })).body.username).toBe(stored);
    }
  });

  it('ｈａｎａ is hana, and collides with an existing Hana (case-insensitive); another family may have it', async () => {
    const p = await signupVerified(s);
    expect((await register(p.access, 'Hana')).status).toBe(201);
    for (const name of ['ｈａｎａ', 'hana', 'HANA']) {
      expect(await register(p.access, name), name).toMatchObject({ status: 400, body: { username: [M.usernameTaken.message] } });
    }
    const q = await signupVerified(s);
    expect(await register(q.access, 'ｈａｎａ')).toMatchObject({ status: 201, body: { username: 'hana' } });
    // The child logs in by any spelling of the name.
    for (const typed of ['Hana', 'hana', 'ｈａｎａ']) {
      const res = await login(p.access, typed);
      expect(res.status, typed).toBe(200);
      expect((await s.request('/api/profile/', { token: res.body.access })).body.username).toBe('Hana');
    }
    // A rename to another child's name in another case is taken; to its own name in another case is not.
    const kid = await childSession(s, p.access, 'sora');
    const patch = (username: string) => s.request('/api/profile/', { method: 'PATCH', token: kid.access, json: { username } });
    expect(await patch('ＨＡＮＡ')).toMatchObject({ status: 400, body: { username: [M.usernameTaken.message] } });
    expect(await patch('SORA')).toMatchObject({ status: 200, body: { username: 'SORA' } });
    expect(await patch('そら')).toMatchObject({ status: 200, body: { username: 'そら' } });
  });

  it("refuses NUL, emoji, spaces and symbols with the spec's message", async () => {
    const p = await signupVerified(s);
    for (const name of ['ha\u0000na', 'はな🎨', '🎨', 'は な', 'は\u3000な', 'hana!', 'はな。', '<b>', 'a\u200bb']) {
      expect(await register(p.access, name), JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { username: [M.usernameChars.message] },
      });
    }
    expect(await register(p.access, 'あ'.repeat(31))).toMatchObject({ status: 400, body: { username: [M.usernameTooLong.message] } });
    expect((await register(p.access, 'あ'.repeat(30))).status).toBe(201);
  });
});

describe('profile lists and the active profile', () => {
  it('lists the family with is_logged_in and shared_users, for the parent and for a child', async () => {
    const p = await signupVerified(s);
    const a = await childSession(s, p.access, 'aki');
    const b = await childSession(s, p.access, 'ben');
    const asParent = await s.request('/api/profiles/', { token: p.access });
    expect(asParent.body.map((x: { username: string; is_logged_in: boolean }) => [x.username, x.is_logged_in])).toEqual([
      ['aki', false],
      ['ben', false],
    ]);
    const asChild = await s.request('/api/profiles/', { token: b.access });
    expect(asChild.body.map((x: { is_logged_in: boolean }) => x.is_logged_in)).toEqual([false, true]);
    expect(asChild.body[0].shared_users).toEqual([{ id: b.id, username: 'ben', profile_picture: null, is_shared: false }]);
    const children = await s.request('/api/children/', { token: a.access });
    expect(children.body).toHaveLength(2);
  });

  it('GET/PATCH /api/profile need a child token', async () => {
    const p = await signupVerified(s);
    const res = await s.request('/api/profile/', { token: p.access });
    expect(res).toMatchObject({ status: 403, body: { errors: M.childRequired.message, detail: M.childRequired.message } });
    expect((await s.request('/api/profile/', { method: 'PATCH', token: p.access, json: {} })).status).toBe(403);
    expect((await s.request('/api/profile/', { method: 'PATCH', token: p.access, json: { username: '!' } })).status).toBe(403);
  });

  it('patches fields, organizations and sharing (arrays replace the sets)', async () => {
    const p = await signupVerified(s);
    const a = await childSession(s, p.access, 'cho');
    const b = await childSession(s, p.access, 'dai');
    const sakura = await s.request('/api/organizations/check/123456/', { token: a.access });
    const res = await s.request('/api/profile/', {
      method: 'PATCH',
      token: a.access,
      json: { first_name: 'Cho Real', is_published: true, organizations: [sakura.body.id], shared_users: [{ id: b.id, is_shared: true }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: a.id,
      first_name: 'Cho Real',
      is_published: true,
      is_logged_in: true,
      organizations: [{ id: sakura.body.id, name: DEMO_ORGANIZATIONS.sakura.name }],
      shared_users: [{ id: b.id, username: 'dai', is_shared: true }],
    });
    const cleared = await s.request('/api/profile/', { method: 'PATCH', token: a.access, json: { organizations: [], shared_users: [] } });
    expect(cleared.body).toMatchObject({ organizations: [], shared_users: [{ id: b.id, is_shared: false }] });
    expect((await s.request('/api/profile/', { token: a.access })).body).toEqual(cleared.body);
  });

  it('rejects unknown organizations, foreign or own share targets, bad types and a taken username', async () => {
    const p = await signupVerified(s);
    const q = await signupVerified(s);
    const a = await childSession(s, p.access, 'eri');
    await childSession(s, p.access, 'fuu');
    const foreign = await childSession(s, q.access, 'gen');
    const patch = (json: unknown) => s.request('/api/profile/', { method: 'PATCH', token: a.access, json });
    expect(await patch({ organizations: [999999] })).toMatchObject({ status: 400, body: { organizations: [M.orgCodeInvalid.message] } });
    expect(await patch({ shared_users: [{ id: foreign.id, is_shared: true }] })).toMatchObject({
      status: 400,
      body: { shared_users: [M.invalidUser.message] },
    });
    expect(await patch({ shared_users: [{ id: a.id, is_shared: true }] })).toMatchObject({
      status: 400,
      body: { shared_users: [M.invalidUser.message] },
    });
    expect(await patch({ is_published: 'yes' })).toMatchObject({ status: 400, body: { is_published: [M.invalidValue.message] } });
    expect(await patch({ shared_users: [{ id: 'x', is_shared: true }] })).toMatchObject({
      status: 400,
      body: { 'shared_users.0.id': [M.invalidValue.message] },
    });
    expect(await patch({ username: 'fuu' })).toMatchObject({ status: 400, body: { username: [M.usernameTaken.message] } });
    const noDob = await patch({ date_of_birth: '' });
    expect(noDob.status).toBe(400);
    expect(noDob.body.date_of_birth[0]).toBe(M.dobRequiredProfile.message);
  });
});

describe('profile deletion', () => {
  it("deletes a family profile and its picture; another family gets 404, another family's child 403", async () => {
    const p = await signupVerified(s);
    const q = await signupVerified(s);
    const input = await photoWithGps();
    const created = await s.request('/api/register-profile/', {
      token: p.access,
      form: profileForm('del', { profile_picture: new File([blob(input, 'image/jpeg')], 'a.jpg') }),
    });
    const path = `/api/profiles/${created.body.id}/delete/`;
    const qChild = await childSession(s, q.access, 'intruder');
    expect(await s.request(path, { method: 'DELETE', token: q.access })).toMatchObject({
      status: 404,
      body: { detail: M.notFound.message },
    });
    // A child token deletes its own profile only, whatever the id names.
    expect(await s.request(path, { method: 'DELETE', token: qChild.access })).toMatchObject({
      status: 403,
      body: { detail: M.parentRequired.message },
    });
    expect((await s.request(path, { method: 'DELETE' })).status).toBe(401);
    const res = await s.request(path, { method: 'DELETE', token: p.access });
    expect(res).toMatchObject({ status: 200, body: { message: M.profileDeleted.message } });
    expect((await fetch(s.url + created.body.profile_picture)).status).toBe(404);
    expect((await s.request(path, { method: 'DELETE', token: p.access })).status).toBe(404);
    for (const bad of ['abc', '0', '99999999999']) {
      expect((await s.request(`/api/profiles/${bad}/delete/`, { method: 'DELETE', token: p.access })).status).toBe(404);
    }
  });
});
