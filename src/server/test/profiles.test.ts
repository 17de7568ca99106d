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
