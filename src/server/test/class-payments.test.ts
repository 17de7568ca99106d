/**
 * Paid artist classes (issue 13) through the local test provider, over HTTP: a paid sign-up waits for its payment
 * intent; the client's "succeeded" is never trusted (confirming before paying, or after a declined card, enrolls
 * nobody); the confirm call plus the same webhook event delivered three times (and a race of confirm calls and
 * deliveries) give one enrollment and one e-mail; a payment for another amount or currency is refused and
 * recorded; another child's intent is not found. Events are built as the local provider builds them and signed with
 * Stripe's own test-header helper and the local webhook secret.
 */
import { randomBytes } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { billingEvents, classSignups, localProviderObjects } from '../db/schema';
import { classMails, classRow, signupOf } from './classes-helpers';
import { organization } from './contests-helpers';
import { PASSWORD, startTestServer, type TestServer } from './harness';
import { emailOf, family, type Kid } from './works-helpers';

let s: TestServer;
let org: number;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  org = await organization(s, 'Paid Atelier');
});
afterAll(() => s.close());

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

const signup = (kid: Kid, artistClass: number) =>
  // The parent's password, typed on the child's device (issue 28; parent-word.test.ts).
  s.request('/api/artist-classes/signup/', { token: kid.access, json: { artist_class: artistClass, parent_password: PASSWORD } });
const confirm = (kid: Kid, intent: string) =>
  s.request('/api/artist-classes/confirm-payment/', { token: kid.access, json: { payment_intent: intent } });
const pay = (clientSecret: string, card: string) =>
  s.request('/api/payments/local/confirm/', { json: { client_secret: clientSecret, card_number: card, exp: '12/40', cvc: '123' } });

/** A payment_intent.succeeded event as the local provider makes it, signed as Stripe signs its deliveries. */
function succeededEvent(intentId: string, eventId = `evt_test_${randomBytes(8).toString('hex')}`) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    // What an event says about the state is not read: the handler retrieves the intent itself.
    data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: s.deps.config.localWebhookSecret }) };
}

async function deliver(event: { payload: string; signature: string }) {
  const res = await fetch(`${s.url}/api/billing/webhook/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature, 'X-Forwarded-For': '10.9.9.9' },
    body: event.payload,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const eventsOf = (signupId: number, kind: string) =>
  s.deps.db
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.kind, kind))
    .then((rows) => rows.filter((r) => (r.detail as { signup_id?: number } | null)?.signup_id === signupId));

/** A new family, a paid class, and the child's pending sign-up. */
async function pendingSignup(price = 1500) {
  const f = await family(s, 1);
  const kid = f.kids[0]!;
  const id = await classRow(s, org, { price, videoUrl: 'https://video.example.com/paid.mp4' });
  const res = await signup(kid, id);
  expect(res.status).toBe(201);
  return {
    kid,
    classId: id,
    parent: f.parent,
    body: res.body as { signup_id: number; payment_intent_id: string; payment_intent_client_secret: string },
  };
}

describe('a paid sign-up', () => {
  it('stays pending with a payment intent for the class price in JPY; signing up again answers the same intent', async () => {
    const f = await family(s, 1);
    const kid = f.kids[0]!;
    const id = await classRow(s, org, { price: 1500 });
    const res = await signup(kid, id);
    expect(res).toMatchObject({
      status: 201,
      body: { message: M.paymentPending.message, artist_class: id, status: 'pending', amount: 1500, currency: 'jpy' },
    });
    expect(res.body.payment_intent_id).toMatch(/^pi_/);
    expect(res.body.payment_intent_client_secret).toMatch(/_secret_/);
    const row = await signupOf(s, id, kid.id);
    expect(row).toMatchObject({
      status: 'pending',
      amount: 1500,
      currency: 'jpy',
      paymentIntentId: res.body.payment_intent_id,
      mailedAt: null,
    });
    const intent = await s.deps.payments.retrievePaymentIntent(res.body.payment_intent_id);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 1500,
      currency: 'jpy',
      metadata: { signup_id: String(row!.id), class_id: String(id), profile_id: String(kid.id) },
    });

    const again = await signup(kid, id);
    expect(again).toMatchObject({ status: 201, body: { signup_id: row!.id, payment_intent_id: res.body.payment_intent_id } });
    expect(again.body.payment_intent_client_secret).toBe(res.body.payment_intent_client_secret);
    expect(await eventsOf(row!.id, 'signup.pending')).toHaveLength(1);
    expect(await eventsOf(row!.id, 'payment.intent_created')).toHaveLength(1);
    // The parent is e-mailed nothing yet, and the detail says pending with no link.
    expect(await classMails(s, await emailOf(s, f.parent), 0)).toEqual([]);
    expect((await s.request(`/api/artist-classes/${id}`, { token: kid.access })).body).toMatchObject({
      url: null,
      member_signup: { is_signed_up: true, status: 'pending' },
    });
  });

  it('a canceled intent is replaced by a new one, which then pays for the sign-up', async () => {
    const { kid, classId, body } = await pendingSignup();
    await s.deps.db.update(localProviderObjects).set({ status: 'canceled' }).where(eq(localProviderObjects.id, body.payment_intent_id));
    const again = await signup(kid, classId);
    expect(again.status).toBe(201);
    expect(again.body.payment_intent_id).not.toBe(body.payment_intent_id);
    expect((await signupOf(s, classId, kid.id))!.paymentIntentId).toBe(again.body.payment_intent_id);
    expect((await pay(again.body.payment_intent_client_secret, CARD_OK)).body.status).toBe('succeeded');
    expect((await signupOf(s, classId, kid.id))!.status).toBe('confirmed');
  });
});

describe("the client's word is never trusted", () => {
  it('confirming before paying (a forged "succeeded") enrolls nobody: 422', async () => {
    const { kid, classId, parent, body } = await pendingSignup();
    expect(await confirm(kid, body.payment_intent_id)).toMatchObject({ status: 422, body: { detail: M.paymentNotSuccessful.message } });
    expect((await signupOf(s, classId, kid.id))!.status).toBe('pending');
    expect(await s.request(`/api/artist-classes/${classId}/video-url/`, { token: kid.access, method: 'POST' })).toMatchObject({
      status: 403,
      body: { detail: M.paymentPending.message },
    });
    // A webhook naming the unpaid intent changes nothing either: the handler asks the provider.
    expect((await deliver(succeededEvent(body.payment_intent_id))).status).toBe(200);
    expect((await signupOf(s, classId, kid.id))!.status).toBe('pending');
    expect(await classMails(s, await emailOf(s, parent), 0)).toEqual([]);
  });

  it('a declined card leaves the sign-up pending (and the failure recorded); confirming it is 422', async () => {
    const { kid, classId, body } = await pendingSignup();
    const declined = await pay(body.payment_intent_client_secret, CARD_DECLINED);
    expect(declined).toMatchObject({
      status: 200,
      body: { status: 'requires_payment_method', error: { code: 'card_declined', message: M.cardDeclined.message } },
    });
    expect((await signupOf(s, classId, kid.id))!.status).toBe('pending');
    expect(await confirm(kid, body.payment_intent_id)).toMatchObject({ status: 422, body: { detail: M.paymentNotSuccessful.message } });
    expect(await eventsOf(body.signup_id, 'payment.failed')).toHaveLength(1);
    // The family can try again with another card.
    expect((await pay(body.payment_intent_client_secret, CARD_OK)).body.status).toBe('succeeded');
    expect(await confirm(kid, body.payment_intent_id)).toMatchObject({ status: 200, body: { status: 'confirmed' } });
  });
});

describe('confirmation is idempotent', () => {
  it('paid with 4242: the confirm call and the same event delivered 3 times give one enrollment and one e-mail', async () => {
    const { kid, classId, parent, body } = await pendingSignup();
    const paid = await pay(body.payment_intent_client_secret, CARD_OK);
    expect(paid).toMatchObject({ status: 200, body: { status: 'succeeded', payment_intent_id: body.payment_intent_id, error: null } });
    expect(await confirm(kid, body.payment_intent_id)).toMatchObject({
      status: 200,
      body: { message: M.paymentConfirmed.message, signup_id: body.signup_id, artist_class: classId, status: 'confirmed' },
    });
    const event = succeededEvent(body.payment_intent_id);
    for (let i = 0; i < 3; i++) expect(await deliver(event)).toMatchObject({ status: 200, body: { received: true } });
    expect(await confirm(kid, body.payment_intent_id)).toMatchObject({ status: 200, body: { status: 'confirmed' } });

    const rows = await s.deps.db
      .select()
      .from(classSignups)
      .where(and(eq(classSignups.classId, classId), eq(classSignups.profileId, kid.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', amount: 1500, paymentIntentId: body.payment_intent_id });
    expect(rows[0]!.mailedAt).not.toBeNull();
    const to = await emailOf(s, parent);
    await classMails(s, to);
    await new Promise((r) => setTimeout(r, 150));
    const mails = await classMails(s, to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toBe('https://video.example.com/paid.mp4');
    const confirmed = await eventsOf(body.signup_id, 'signup.confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ providerId: body.payment_intent_id, amount: 1500, currency: 'jpy', provider: 'local' });
    // Now the link is the child's, and a second sign-up is 409.
    expect((await s.request(`/api/artist-classes/${classId}/video-url/`, { token: kid.access, method: 'POST' })).body.url).toBe(
      'https://video.example.com/paid.mp4',
    );
    expect(await signup(kid, classId)).toMatchObject({ status: 409, body: { detail: M.classAlreadySignedUp.message } });
  });

  it('confirm calls and deliveries at the same moment still enroll once and e-mail once', async () => {
    const { kid, classId, parent, body } = await pendingSignup();
    // Paid at the provider, its own event not delivered yet (as when Stripe's delivery is late).
    await s.deps.db.update(localProviderObjects).set({ status: 'succeeded' }).where(eq(localProviderObjects.id, body.payment_intent_id));
    const results = await Promise.all([
      confirm(kid, body.payment_intent_id),
      confirm(kid, body.payment_intent_id),
      deliver(succeededEvent(body.payment_intent_id)),
      deliver(succeededEvent(body.payment_intent_id)),
      deliver(succeededEvent(body.payment_intent_id)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await signupOf(s, classId, kid.id))!.status).toBe('confirmed');
    expect(await eventsOf(body.signup_id, 'signup.confirmed')).toHaveLength(1);
    const to = await emailOf(s, parent);
    await classMails(s, to);
    await new Promise((r) => setTimeout(r, 150));
    expect(await classMails(s, to)).toHaveLength(1);
  });
});

describe('a payment that does not match', () => {
  for (const [what, change] of [
    ['amount', { amount: 1 }],
    ['currency', { currency: 'usd' }],
  ] as const) {
    it(`for another ${what} is refused (422) and recorded; the sign-up stays pending and nobody is e-mailed`, async () => {
      const { kid, classId, parent, body } = await pendingSignup();
      await s.deps.db.update(classSignups).set(change).where(eq(classSignups.id, body.signup_id));
      // Paid: the provider's own event reaches the handler, which refuses it too.
      expect((await pay(body.payment_intent_client_secret, CARD_OK)).body.status).toBe('succeeded');
      expect(await confirm(kid, body.payment_intent_id)).toMatchObject({ status: 422, body: { detail: M.paymentMismatch.message } });
      expect((await deliver(succeededEvent(body.payment_intent_id))).status).toBe(200);
      expect((await signupOf(s, classId, kid.id))!.status).toBe('pending');
      const recorded = await eventsOf(body.signup_id, 'payment.mismatch');
      expect(recorded.length).toBeGreaterThanOrEqual(2);
      expect(recorded[0]).toMatchObject({ providerId: body.payment_intent_id, amount: 1500, currency: 'jpy' });
      expect(await classMails(s, await emailOf(s, parent), 0)).toEqual([]);
    });
  }
});

describe('whose intent', () => {
  it("another family's child's intent is not found; an unknown one neither; a malformed one is 400", async () => {
    const { body } = await pendingSignup();
    const f = await family(s, 1);
    expect(await confirm(f.kids[0]!, body.payment_intent_id)).toMatchObject({ status: 404, body: { detail: M.notFound.message } });
    expect((await confirm(f.kids[0]!, 'pi_local_doesnotexist')).status).toBe(404);
    for (const bad of ['', 'cs_123', 'pi_x y', 'pi_' + 'a'.repeat(300)]) {
      expect(await confirm(f.kids[0]!, bad)).toMatchObject({ status: 400, body: { payment_intent: [M.paymentSessionInvalid.message] } });
    }
    expect(
      (await s.request('/api/artist-classes/confirm-payment/', { token: f.parent, json: { payment_intent: body.payment_intent_id } }))
        .status,
    ).toBe(403);
  });

  it('a webhook with a bad signature is 400 and changes nothing', async () => {
    const { kid, classId, body } = await pendingSignup();
    await s.deps.db.update(localProviderObjects).set({ status: 'succeeded' }).where(eq(localProviderObjects.id, body.payment_intent_id));
    const event = succeededEvent(body.payment_intent_id);
    const forged = {
      payload: event.payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_wrong' }),
    };
    expect((await deliver(forged)).status).toBe(400);
    expect((await deliver({ payload: event.payload.replace('succeeded', 'succeeded '), signature: event.signature })).status).toBe(400);
    expect((await signupOf(s, classId, kid.id))!.status).toBe('pending');
  });
});
