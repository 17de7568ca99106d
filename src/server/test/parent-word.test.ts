/**
 * A parent's word (decisions.md "A parent's word", issue 28), over HTTP: a child token cannot have a paid class's
 * payment intent or delete its own profile without the parent (403 "Ask a grown-up", and the attempt waits for the
 * parent); the parent's password typed on the child's device lets the call proceed (and no token comes back); a
 * wrong one is 400 on `parent_password`, counted per account (429 after a few, even for the right one); the parent
 * sees the waiting requests and approves (the deletion is done, the payment's intent answered to the parent) or
 * declines them; a child token and another family cannot; free sign-ups stay one call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { RATE_LIMITS } from '@contract/rate-limits';
import { profiles } from '../db/schema';
import { classRow, signupOf } from './classes-helpers';
import { organization } from './contests-helpers';
import { PASSWORD, startTestServer, type TestServer } from './harness';
import { family, type Kid } from './works-helpers';

let s: TestServer;
let org: number;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  org = await organization(s, 'Parent Word Atelier');
});
afterAll(() => s.close());

const signup = (kid: Kid, artistClass: number, parentPassword?: string) =>
  s.request('/api/artist-classes/signup/', {
    token: kid.access,
    json: { artist_class: artistClass, ...(parentPassword === undefined ? {} : { parent_password: parentPassword }) },
  });
const deleteProfile = (token: string, id: number, parentPassword?: string) =>
  s.request(`/api/profiles/${id}/delete/`, {
    method: 'DELETE',
    token,
    json: parentPassword === undefined ? {} : { parent_password: parentPassword },
  });
const requests = (token: string) => s.request('/api/parent-requests/', { token });
const approve = (token: string, id: number) => s.request(`/api/parent-requests/${id}/approve/`, { method: 'POST', token });
const decline = (token: string, id: number) => s.request(`/api/parent-requests/${id}/decline/`, { method: 'POST', token });
const profileExists = async (id: number) => (await s.deps.db.select().from(profiles).where(eq(profiles.id, id))).length === 1;

describe("a child's paid class needs the parent", () => {
  it('refuses a child token without the parent (403 "Ask a grown-up"): no payment intent, no sign-up', async () => {
    const { kids } = await family(s);
    const paid = await classRow(s, org, { price: 1200, name: 'Oil pastels' });
    const res = await signup(kids[0]!, paid);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: M.askGrownUp.message, detail: M.askGrownUp.message });
    expect(JSON.stringify(res.body)).not.toMatch(/pi_|secret/);
    expect(await signupOf(s, paid, kids[0]!.id)).toBeNull();
  });

  it("proceeds with the parent's password: the payment intent, and no token in the answer", async () => {
    const { kids } = await family(s);
    const paid = await classRow(s, org, { price: 1500 });
    const res = await signup(kids[0]!, paid, PASSWORD);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', amount: 1500, currency: 'jpy' });
    expect(res.body.payment_intent_client_secret).toEqual(expect.any(String));
    expect(Object.keys(res.body)).not.toContain('access');
    expect(Object.keys(res.body)).not.toContain('refresh');
    // Approved once: the payment page asks again after a reload without the password.
    const again = await signup(kids[0]!, paid);
    expect(again.status).toBe(201);
    expect(again.body.payment_intent_id).toBe(res.body.payment_intent_id);
    // Approved for this class only.
    const other = await classRow(s, org, { price: 900 });
    expect((await signup(kids[0]!, other)).status).toBe(403);
  });

  it('a wrong password is 400 on parent_password, counted per account: 429 after a few, even for the right one', async () => {
    const { kids } = await family(s, 2);
    const paid = await classRow(s, org, { price: 800 });
    const max = RATE_LIMITS.parentWordUser.max;
    for (let i = 0; i < max; i++) {
      const res = await signup(kids[i % 2]!, paid, `Wrong${i}pass`);
      expect(res.status).toBe(400);
      expect(res.body.parent_password).toEqual([M.parentPasswordWrong.message]);
    }
    // The account's count: the sibling's device, and the deletion, are held too.
    expect((await signup(kids[1]!, paid, PASSWORD)).status).toBe(429);
    expect((await deleteProfile(kids[0]!.access, kids[0]!.id, PASSWORD)).status).toBe(429);
    expect(await profileExists(kids[0]!.id)).toBe(true);
    // Another family is not slowed by it.
    const other = await family(s);
    expect((await signup(other.kids[0]!, paid, PASSWORD)).status).toBe(201);
  });

  it('a right password gives its attempt back (only failures count)', async () => {
    const { kids } = await family(s);
    const max = RATE_LIMITS.parentWordUser.max;
    for (let i = 0; i < max + 2; i++) {
      const paid = await classRow(s, org, { price: 700 + i });
      expect((await signup(kids[0]!, paid, PASSWORD)).status).toBe(201);
    }
  });

  it('a NUL byte or a huge password is 400 on parent_password; no token is 401', async () => {
    const { kids } = await family(s);
    const paid = await classRow(s, org, { price: 650 });
    for (const bad of [`${PASSWORD}\u0000`, 'x'.repeat(10_000), '']) {
      const res = await signup(kids[0]!, paid, bad);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['parent_password']);
    }
    expect((await s.request('/api/parent-requests/')).status).toBe(401);
    expect((await s.request('/api/parent-requests/1/approve/', { method: 'POST' })).status).toBe(401);
  });

  it('a free class stays one call for a child', async () => {
    const { kids } = await family(s);
    const free = await classRow(s, org, { name: 'Free crayons' });
    const res = await signup(kids[0]!, free);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('confirmed');
    expect((await requests((await family(s)).parent)).body.results).toEqual([]);
  });
});

describe("a child's profile deletion needs the parent", () => {
  it('refuses a child token without the parent (403) and deletes nothing', async () => {
    const { kids } = await family(s);
    const res = await deleteProfile(kids[0]!.access, kids[0]!.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: M.askGrownUp.message, detail: M.askGrownUp.message });
    expect(await profileExists(kids[0]!.id)).toBe(true);
  });

  it("deletes with the parent's password; a wrong one is 400 and deletes nothing", async () => {
    const { kids } = await family(s);
    const wrong = await deleteProfile(kids[0]!.access, kids[0]!.id, 'NotTheParent1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.parent_password).toEqual([M.parentPasswordWrong.message]);
    expect(await profileExists(kids[0]!.id)).toBe(true);
    const res = await deleteProfile(kids[0]!.access, kids[0]!.id, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.profileDeleted.message);
    expect(await profileExists(kids[0]!.id)).toBe(false);
  });

  it('the parent token deletes as before, with no password', async () => {
    const { parent, kids } = await family(s);
    expect((await deleteProfile(parent, kids[0]!.id)).status).toBe(200);
    expect(await profileExists(kids[0]!.id)).toBe(false);
  });
});

describe("the parent's list of waiting requests", () => {
  it("shows a child's attempts to its parent only; approve deletes, or answers the payment's intent", async () => {
    const { parent, kids } = await family(s, 2);
    const paid = await classRow(s, org, { price: 1100, name: 'Watercolour mornings' });
    expect((await signup(kids[0]!, paid)).status).toBe(403);
    expect((await signup(kids[0]!, paid)).status).toBe(403); // asking twice waits once
    expect((await deleteProfile(kids[1]!.access, kids[1]!.id)).status).toBe(403);

    const list = await requests(parent);
    expect(list.status).toBe(200);
    expect(list.body.results).toHaveLength(2);
    const [pay, del] = list.body.results;
    expect(pay).toMatchObject({
      kind: 'class_payment',
      profile: { id: kids[0]!.id },
      artist_class: { id: paid, name: 'Watercolour mornings', price: 1100, currency: 'jpy' },
    });
    expect(del).toMatchObject({ kind: 'profile_delete', profile: { id: kids[1]!.id }, artist_class: null });

    // A child token cannot see or answer them; another family finds nothing.
    expect((await requests(kids[0]!.access)).status).toBe(403);
    expect((await approve(kids[0]!.access, pay.id)).status).toBe(403);
    expect((await decline(kids[1]!.access, del.id)).status).toBe(403);
    const other = await family(s);
    expect((await requests(other.parent)).body.results).toEqual([]);
    expect((await approve(other.parent, pay.id)).status).toBe(404);
    expect((await decline(other.parent, del.id)).status).toBe(404);
    expect(await profileExists(kids[1]!.id)).toBe(true);

    // Approve the payment: the sign-up waits for its payment, and the parent gets the intent to pay here.
    const paying = await approve(parent, pay.id);
    expect(paying.status).toBe(200);
    expect(paying.body).toMatchObject({ kind: 'class_payment', payment: { status: 'pending', amount: 1100, artist_class: paid } });
    expect(paying.body.payment.payment_intent_client_secret).toEqual(expect.any(String));
    expect((await signupOf(s, paid, kids[0]!.id))?.status).toBe('pending');
    // The child's device may now go on to the same intent.
    expect((await signup(kids[0]!, paid)).body.payment_intent_id).toBe(paying.body.payment.payment_intent_id);

    // Approve the deletion: done as the parent.
    const deleted = await approve(parent, del.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.kind).toBe('profile_delete');
    expect(await profileExists(kids[1]!.id)).toBe(false);
    expect((await requests(parent)).body.results).toEqual([]);
    expect((await approve(parent, del.id)).status).toBe(404);
  });

  it('decline removes the request and does nothing else', async () => {
    const { parent, kids } = await family(s);
    const paid = await classRow(s, org, { price: 600 });
    await signup(kids[0]!, paid);
    await deleteProfile(kids[0]!.access, kids[0]!.id);
    const [first, second] = (await requests(parent)).body.results;
    expect((await decline(parent, first.id)).status).toBe(200);
    expect((await decline(parent, second.id)).status).toBe(200);
    expect((await requests(parent)).body.results).toEqual([]);
    expect(await profileExists(kids[0]!.id)).toBe(true);
    expect(await signupOf(s, paid, kids[0]!.id)).toBeNull();
    expect((await decline(parent, first.id)).status).toBe(404);
    // Declined is not approved: the child asks again.
    expect((await signup(kids[0]!, paid)).status).toBe(403);
  });
});
