/** Update, delete, like/unlike and the image count. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { work } from '@contract/works';
import { startTestServer, type TestServer } from './harness';
import { catalog, createWork, family, made, mediaFiles, png, share, workForm, type Kid, type WorkInput } from './works-helpers';

let s: TestServer;
let ids: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  s = await startTestServer({ seed: true });
  ids = await catalog(s);
});
afterAll(() => s.close());

const update = (kid: Kid, id: number, input: WorkInput) =>
  s.request(`/api/artworks/${id}/update/`, { token: kid.access, form: workForm({ title: 'Updated', ...input }) });
const detail = async (kid: Kid, id: number) => work.parse((await s.request(`/api/artworks/${id}`, { token: kid.access })).body);
const fileOf = (url: string) => url.replace(/^\/media\//, '');
const count = async (token: string) => (await s.request('/api/billing/user-image-count/', { token })).body;

describe('update', () => {
  it('keeps, removes and adds images; deletes the removed files; replaces the text fields', async () => {
    const { kids } = await family(s);
    const me = kids[0]!;
    const created = await createWork(s, me, {
      title: 'Before',
      description: 'old',
      category: [ids.category.Clay!],
      tags: [ids.tag.Food!],
      images: [await png(), await png(), await png()],
    });
    const id = created.body.id as number;
    const [one, two, three] = created.body.images_data as { id: number; image_url: string; thumbnail_url: string }[];

    const res = await update(me, id, {
      title: 'After',
      description: 'new',
      is_public: true,
      category: [ids.category.Drawing!],
      tags: [ids.tag.Animals!, ids.tag.Nature!],
      keep_images: [three!.id, one!.id],
      images: [await png()],
    });
    expect(res.status).toBe(200);
    const after = work.parse(res.body);
    expect(after).toMatchObject({ id, title: 'After', description: 'new', is_public: true, category: { name: 'Drawing' } });
    expect(after.tags.map((t) => t.name).sort()).toEqual(['Animals', 'Nature']);
    // Kept in their old order, the new one after them.
    expect(after.images_data.map((i) => i.id).slice(0, 2)).toEqual([one!.id, three!.id]);
    expect(after.images_data).toHaveLength(3);
    const files = await mediaFiles(s);
    expect(files).not.toContain(fileOf(two!.image_url));
    expect(files).not.toContain(fileOf(two!.thumbnail_url));
    expect(files).toContain(fileOf(one!.image_url));
    expect(files).toContain(fileOf(after.images_data[2]!.thumbnail_url));
    expect((await fetch(s.url + two!.image_url)).status).toBe(404);
    expect(await count(me.access)).toEqual({ total_images: 3, limit: 5 });

    // Without keep_images every image stays; without category and tags they are cleared.
    const plain = await update(me, id, { title: 'Plain' });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ title: 'Plain', description: '', is_public: false, category: null, tags: [] });
    expect(plain.body.images_data).toHaveLength(3);
  });

  it('holds the total to 1..5 and the free plan to 5, leaving no files behind', async () => {
    const { kids } = await family(s);
    const me = kids[0]!;
    const created = await createWork(s, me, { images: [await png(), await png()] });
    const id = created.body.id as number;
    const [one] = created.body.images_data as { id: number }[];
    const before = await mediaFiles(s);

    expect(await update(me, id, { keep_images: 'empty' })).toMatchObject({ status: 400, body: { images: [M.imagesMin.message] } });
    const four = await Promise.all([1, 2, 3, 4].map(() => png(8, 8)));
    expect(await update(me, id, { images: four })).toMatchObject({ status: 400, body: { images: [M.imagesMax.message] } });
    expect(await update(me, id, { keep_images: [999999] })).toMatchObject({ status: 400, body: { keep_images: [M.invalidValue.message] } });
    expect(await update(me, id, { title: '' })).toMatchObject({ status: 400, body: { title: [M.titleRequired.message] } });
    expect(await update(me, id, { images: [await png(), { bytes: '<html>', name: 'x.jpg', type: 'image/jpeg' }] })).toMatchObject({
      status: 400,
      body: { images: [M.imageType.message] },
    });
    expect(await mediaFiles(s)).toEqual(before);

    // 2 here + 3 elsewhere = 5: adding is refused, swapping one for one is fine.
    await made(s, me, { images: [await png(), await png(), await png()] });
    const over = await update(me, id, { images: [await png()] });
    expect(over).toMatchObject({ status: 400, body: { images: [M.freePlanLimit.message.replace('{count}', '5')] } });
    expect(await mediaFiles(s)).toHaveLength(before.length + 6);
    const swap = await update(me, id, { keep_images: [one!.id], images: [await png()] });
    expect(swap.status).toBe(200);
    expect(await count(me.access)).toEqual({ total_images: 5, limit: 5 });
    expect(await mediaFiles(s)).toHaveLength(before.length + 6);
  });

  it('is open to the owner and accepted shared users only', async () => {
    const f = await family(s, 3);
    const [owner, friend, other] = f.kids as [Kid, Kid, Kid];
    const stranger = (await family(s)).kids[0]!;
    await share(s, owner, [friend]);
    const priv = await made(s, owner, { title: 'Private' });
    const pub = await made(s, owner, { title: 'Public', is_public: true });

    expect(await update(friend, priv, { title: 'By a friend' })).toMatchObject({
      status: 200,
      body: { title: 'By a friend', member: { id: owner.id } },
    });
    expect((await update(other, priv, {})).status).toBe(404);
    expect((await update(stranger, priv, {})).status).toBe(404);
    expect(await update(stranger, pub, {})).toMatchObject({ status: 403, body: { detail: M.forbidden.message } });
    expect((await update(owner, 99999999, {})).status).toBe(404);
    expect((await s.request(`/api/artworks/${priv}/update/`, { token: f.parent, form: workForm({ title: 'x' }) })).status).toBe(403);
  });
});

describe('delete', () => {
  it('the owner only; rows, likes and files go', async () => {
    const f = await family(s, 2);
    const [owner, friend] = f.kids as [Kid, Kid];
    const stranger = (await family(s)).kids[0]!;
    await share(s, owner, [friend]);
    const created = await createWork(s, owner, { title: 'Doomed', images: [await png(), await png()] });
    const id = created.body.id as number;
    const pub = await made(s, owner, { title: 'Public', is_public: true });
    await s.request(`/api/artworks/${id}/like/`, { method: 'POST', token: friend.access });
    const files = (created.body.images_data as { image_url: string; thumbnail_url: string }[]).flatMap((i) => [
      fileOf(i.image_url),
      fileOf(i.thumbnail_url),
    ]);
    for (const file of files) expect(await mediaFiles(s)).toContain(file);

    const del = (kid: Kid, workId: number) => s.request(`/api/artworks/${workId}/delete/`, { method: 'DELETE', token: kid.access });
    expect(await del(friend, id)).toMatchObject({ status: 403, body: { detail: M.forbidden.message } });
    expect((await del(stranger, id)).status).toBe(404);
    expect((await del(stranger, pub)).status).toBe(403);
    expect((await s.request(`/api/artworks/${id}/delete/`, { method: 'DELETE', token: f.parent })).status).toBe(403);
    expect((await s.request(`/api/artworks/${id}/delete/`, { method: 'DELETE' })).status).toBe(401);

    expect(await del(owner, id)).toMatchObject({ status: 200, body: { message: M.workDeleted.message } });
    expect((await s.request(`/api/artworks/${id}`, { token: owner.access })).status).toBe(404);
    expect((await del(owner, id)).status).toBe(404);
    const left = await mediaFiles(s);
    for (const file of files) expect(left).not.toContain(file);
    expect((await s.request('/api/artworks/my-collection/', { token: friend.access })).body.count).toBe(0);
    expect(await count(owner.access)).toEqual({ total_images: 1, limit: 5 });
  });
});

describe('likes and the image count', () => {
  it('like and unlike are idempotent and report the counts', async () => {
    const { kids } = await family(s, 2);
    const [a, b] = kids as [Kid, Kid];
    const fan = (await family(s)).kids[0]!;
    const id = await made(s, a, { is_public: true });
    const post = (kid: Kid, action: 'like' | 'unlike') =>
      s.request(`/api/artworks/${id}/${action}/`, { method: 'POST', token: kid.access });

    expect((await post(a, 'like')).body).toEqual({ success: true, likes_count: 1, is_liked_by_user: true });
    expect((await post(a, 'like')).body).toEqual({ success: true, likes_count: 1, is_liked_by_user: true });
    expect((await post(fan, 'like')).body).toEqual({ success: true, likes_count: 2, is_liked_by_user: true });
    expect(await detail(a, id)).toMatchObject({ likes_count: 2, is_liked_by_user: true });
    expect(await detail(b, id)).toMatchObject({ likes_count: 2, is_liked_by_user: false });
    expect((await post(a, 'unlike')).body).toEqual({ success: true, likes_count: 1, is_liked_by_user: false });
    expect((await post(a, 'unlike')).body).toEqual({ success: true, likes_count: 1, is_liked_by_user: false });
    expect((await post(b, 'unlike')).body).toEqual({ success: true, likes_count: 1, is_liked_by_user: false });
    expect((await s.request(`/api/artworks/${id}/like/`, { method: 'POST' })).status).toBe(401);
    expect((await s.request('/api/artworks/99999999/like/', { method: 'POST', token: a.access })).status).toBe(404);
    // Concurrent likes of one profile still count once.
    await Promise.all(Array.from({ length: 5 }, () => post(b, 'like')));
    expect(await detail(fan, id)).toMatchObject({ likes_count: 2, is_liked_by_user: true });
  });

  it('user-image-count counts the whole account, for parent and child tokens', async () => {
    const f = await family(s, 2);
    expect(await count(f.parent)).toEqual({ total_images: 0, limit: 5 });
    await made(s, f.kids[0]!, { images: [await png(), await png()] });
    await made(s, f.kids[1]!, { images: [await png()] });
    expect(await count(f.parent)).toEqual({ total_images: 3, limit: 5 });
    expect(await count(f.kids[1]!.access)).toEqual({ total_images: 3, limit: 5 });
    expect((await s.request('/api/billing/user-image-count/')).status).toBe(401);
    // Deleting a profile removes its works and frees its images.
    await s.request(`/api/profiles/${f.kids[0]!.id}/delete/`, { method: 'DELETE', token: f.parent });
    expect(await count(f.parent)).toEqual({ total_images: 1, limit: 5 });
  });
});
