/**
 * Plans and subscriptions (issue 13) over HTTP with the local test provider: the plans, who may start, read and
 * cancel a plan, Premium bought through the local hosted checkout (and a 6th image then uploading), the test cards,
 * cancelling (the plan kept until the period's end, then the free limit again for new uploads, nothing stored
 * touched), the renewal, the ledger, and the local provider's card call.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { localCheckout, planList, subscriptionStatus } from '@contract/billing';
import { M } from '@contract/messages';
import { addInterval } from '../adapters/payments-local-cards';
import { billingEvents, localProviderObjects, subscriptions, users, webhookEvents } from '../db/schema';
import { sweepLocalPayments } from '../domain/local-payments';
import { PASSWORD, startTestServer, type TestServer } from './harness';
import { createWork, emailOf, family, made, mediaFiles, png, type Family } from './works-helpers';

const MONTH_AND_A_DAY = 32 * 24 * 60 * 60 * 1000;
let offset = 0;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false, clock: () => new Date(Date.now() + offset) });
});
afterAll(() => s.close());

const CARD = { card_number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' };
const DECLINED = { ...CARD, card_number: '4000 0000 0000 0002' };
const INSUFFICIENT = { ...CARD, card_number: '4000000000009995' };

let premiumId = 0;
let freeId = 0;
let orgPlanId = 0;

beforeAll(async () => {
  const plans = planList.parse((await s.request('/api/billing/plans/')).body).results;
  premiumId = plans.find((p) => p.code === 'premium')!.id;
  freeId = plans.find((p) => p.code === 'free')!.id;
  orgPlanId = plans.find((p) => p.code === 'organization')!.id;
});

const checkout = (token: string | undefined, planId: number) =>
  s.request('/api/billing/create-checkout-session/', { token, json: { planId } });
const status = (token: string | undefined, sessionId?: string) =>
  s.request(`/api/billing/subscription-status/${sessionId === undefined ? '' : `?session_id=${encodeURIComponent(sessionId)}`}`, { token });
const cancel = (token: string | undefined) => s.request('/api/billing/cancel-subscription/', { token, method: 'POST' });
const pay = (sessionId: string, card: object) => s.request(`/api/payments/local/checkout/${sessionId}/pay/`, { json: card });
const imageCount = async (token: string) => (await s.request('/api/billing/user-image-count/', { token })).body;

/** Premium through the local hosted checkout, as the PWA does it: the checkout URL, the page, the card. */
async function subscribe(f: Family): Promise<string> {
  const started = await checkout(f.parent, premiumId);
  expect(started.status).toBe(200);
  const sessionId = started.body.session_id as string;
  const paid = await pay(sessionId, CARD);
  expect(paid.body).toMatchObject({ status: 'complete', error: null });
  return sessionId;
}

/** The account's ledger, oldest first. */
async function ledger(userId: number) {
  return s.deps.db
    .select({ kind: billingEvents.kind, actor: billingEvents.actor, amount: billingEvents.amount })
    .from(billingEvents)
    .where(eq(billingEvents.userId, userId))
    .orderBy(asc(billingEvents.id));
}

async function userIdOf(token: string): Promise<number> {
  const [user] = await s.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, await emailOf(s, token)));
  return user!.id;
}

describe('plans', () => {
  it('lists Free, Premium and the organization plan to anyone, in integer JPY', async () => {
    const res = await s.request('/api/billing/plans/');
    expect(res.status).toBe(200);
    const plans = planList.parse(res.body).results;
    expect(plans.map((p) => [p.code, p.amount, p.currency, p.interval, p.image_limit, p.audience])).toEqual([
      ['free', 0, 'jpy', 'month', 5, 'family'],
      ['premium', 110, 'jpy', 'month', null, 'family'],
      ['organization', 1980, 'jpy', 'month', null, 'organization'],
    ]);
  });
});

describe("who may call the account's plan", () => {
  it('refuses anonymous callers (401) and child tokens (403) on checkout, status and cancel', async () => {
    const f = await family(s);
    for (const token of [undefined, f.kids[0]!.access]) {
      const expected = token ? 403 : 401;
      expect((await checkout(token, premiumId)).status).toBe(expected);
      expect((await status(token)).status).toBe(expected);
      expect((await cancel(token)).status).toBe(expected);
    }
  });

  it('refuses the free plan and the organization plan (422), and an unknown plan (400)', async () => {
    const f = await family(s);
    expect(await checkout(f.parent, freeId)).toMatchObject({ status: 422, body: { detail: M.planFree.message } });
    expect(await checkout(f.parent, orgPlanId)).toMatchObject({ status: 422, body: { detail: M.planNotForFamilies.message } });
    expect((await checkout(f.parent, 999_999)).status).toBe(400);
    expect((await checkout(f.parent, 'x\u0000' as unknown as number)).status).toBe(400);
    expect((await s.request('/api/billing/create-checkout-session/', { token: f.parent, json: { planId: '9'.repeat(5000) } })).status).toBe(
      400,
    );
  });

  it('answers an account with no plan: the free plan, inactive; cancel is 409', async () => {
    const f = await family(s);
    const res = await status(f.parent);
    expect(subscriptionStatus.parse(res.body)).toMatchObject({
      active: false,
      status: 'none',
      plan: { code: 'free' },
      current_period_end: null,
    });
    expect(await cancel(f.parent)).toMatchObject({ status: 409, body: { detail: M.noSubscription.message } });
  });
});

describe('Premium through the local hosted checkout', () => {
  it('lifts the limit: a 6th image uploads once subscribed', async () => {
    const f = await family(s);
    await made(s, f.kids[0]!, { images: [await png(), await png(), await png(), await png(), await png()] });
    expect((await createWork(s, f.kids[0]!, {})).status).toBe(400);

    const started = await checkout(f.parent, premiumId);
    expect(started.status).toBe(200);
    const sessionId = started.body.session_id as string;
    expect(sessionId).toMatch(/^cs_local_[0-9a-f]{32}$/);
    expect(started.body.url).toBe(`http://museum.test/local-checkout?session=${sessionId}`);
    // Started is not paid.
    expect((await status(f.parent)).body).toMatchObject({ active: false });

    const page = await s.request(`/api/payments/local/checkout/${sessionId}/`);
    expect(localCheckout.parse(page.body)).toMatchObject({
      id: sessionId,
      status: 'open',
      plan: { code: 'premium', amount: 110, currency: 'jpy' },
      cancel_url: 'http://museum.test/plans',
      success_url: `http://museum.test/payment-complete?session_id=${sessionId}`,
    });

    // The test cards: declined and insufficient funds leave the session open, with the payer's message.
    expect((await pay(sessionId, DECLINED)).body).toEqual({
      status: 'open',
      redirect_url: null,
      error: { code: 'card_declined', message: M.cardDeclined.message },
    });
    expect((await pay(sessionId, INSUFFICIENT)).body.error).toEqual({
      code: 'insufficient_funds',
      message: M.cardInsufficientFunds.message,
    });
    expect((await pay(sessionId, { ...CARD, card_number: '4242424242424241' })).body.error.code).toBe('incorrect_number');
    expect((await pay(sessionId, { ...CARD, exp: '01/20' })).body.error.code).toBe('expired_card');
    expect((await status(f.parent)).body.active).toBe(false);

    const paid = await pay(sessionId, CARD);
    expect(paid.body).toEqual({
      status: 'complete',
      redirect_url: `http://museum.test/payment-complete?session_id=${sessionId}`,
      error: null,
    });
    // Paid once: the page cannot be paid again.
    expect(await pay(sessionId, CARD)).toMatchObject({ status: 409 });

    // The completion page's call settles the session (the webhook-style events already did, idempotently).
    const done = subscriptionStatus.parse((await status(f.parent, sessionId)).body);
    expect(done).toMatchObject({ active: true, status: 'active', plan: { code: 'premium', amount: 110 }, cancel_at_period_end: false });
    const periodEnd = Date.parse(done.current_period_end!);
    expect(Math.abs(periodEnd - addInterval(new Date(), 'month').getTime())).toBeLessThan(60_000);

    expect(await imageCount(f.parent)).toEqual({ total_images: 5, limit: null });
    expect((await createWork(s, f.kids[0]!, {})).status).toBe(201);
    expect((await createWork(s, f.kids[0]!, { images: [await png(), await png(), await png()] })).status).toBe(201);
    expect((await imageCount(f.kids[0]!.access)).total_images).toBe(9);

    // A second paid plan is refused while this one is in force.
    expect(await checkout(f.parent, premiumId)).toMatchObject({ status: 409, body: { detail: M.alreadySubscribed.message } });

    const userId = await userIdOf(f.parent);
    expect((await ledger(userId)).map((e) => e.kind)).toEqual(['checkout.created', 'subscription.active', 'checkout.completed']);
    expect((await ledger(userId)).find((e) => e.kind === 'subscription.active')).toMatchObject({ actor: 'webhook', amount: 110 });
  });

  it('makes one subscription of two payments of one session at the same moment', async () => {
    const f = await family(s);
    const sessionId = (await checkout(f.parent, premiumId)).body.session_id as string;
    const answers = await Promise.all([pay(sessionId, CARD), pay(sessionId, CARD)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await s.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, await userIdOf(f.parent)));
    expect(rows).toHaveLength(1);
  });

  it("keeps one family out of another's checkout session (404) and leaves it untouched", async () => {
    const a = await family(s);
    const b = await family(s);
    const sessionId = await subscribe(a);
    expect(await status(b.parent, sessionId)).toMatchObject({ status: 404 });
    expect((await status(b.parent)).body).toMatchObject({ active: false, status: 'none' });
    // An open session of another family cannot be settled by reading it either.
    const open = (await checkout(b.parent, premiumId)).body.session_id as string;
    expect((await status(a.parent, open)).status).toBe(404);
    // Unknown and malformed ids.
    expect((await status(a.parent, `cs_local_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await status(a.parent, 'cs_local_\u0000')).status).toBe(400);
    expect((await status(a.parent, `cs_${'x'.repeat(300)}`)).status).toBe(400);
    expect((await s.request(`/api/payments/local/checkout/cs_local_${'1'.repeat(32)}/`)).status).toBe(404);
    expect((await s.request('/api/payments/local/checkout/%00/pay/', { json: CARD })).status).toBe(404);
  });
});

describe('cancelling', () => {
  it('keeps the plan to the period end, then the free limit refuses new uploads and nothing stored is touched', async () => {
    const f = await family(s);
    await subscribe(f);
    await made(s, f.kids[0]!, { images: [await png(), await png(), await png(), await png(), await png()] });
    await made(s, f.kids[0]!, { images: [await png(), await png()] });

    expect((await cancel(f.kids[0]!.access)).status).toBe(403);
    const cancelled = await cancel(f.parent);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(M.subscriptionCanceled.message);
    const end = cancelled.body.current_period_end as string;
    expect(Date.parse(end)).toBeGreaterThan(Date.now());
    // Cancelling again answers the same.
    expect((await cancel(f.parent)).body.current_period_end).toBe(end);
    expect((await status(f.parent)).body).toMatchObject({
      active: true,
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: end,
    });
    // Still in force until the end.
    expect((await createWork(s, f.kids[0]!, {})).status).toBe(201);

    const stored = await mediaFiles(s);
    const works = (await s.request('/api/artworks/my', { token: f.kids[0]!.access })).body.count as number;
    // The period ends: the local provider's billing clock ends the subscription (Stripe's would send the event).
    offset = MONTH_AND_A_DAY;
    try {
      await sweepLocalPayments(s.deps);
    } finally {
      offset = 0;
    }
    expect(subscriptionStatus.parse((await status(f.parent)).body)).toMatchObject({
      active: false,
      status: 'canceled',
      plan: { code: 'premium' },
    });
    expect(await imageCount(f.parent)).toEqual({ total_images: 8, limit: 5 });
    const refused = await createWork(s, f.kids[0]!, {});
    expect(refused).toMatchObject({ status: 400, body: { images: [M.freePlanLimit.message.replace('{count}', '8')] } });
    expect(await mediaFiles(s)).toEqual(stored);
    expect((await s.request('/api/artworks/my', { token: f.kids[0]!.access })).body.count).toBe(works);
    expect(await cancel(f.parent)).toMatchObject({ status: 409 });

    const userId = await userIdOf(f.parent);
    expect((await ledger(userId)).map((e) => `${e.kind}:${e.actor}`)).toEqual([
      'checkout.created:user',
      'subscription.active:webhook',
      'checkout.completed:webhook',
      'subscription.cancel_requested:user',
      'subscription.cancel_scheduled:webhook',
      'subscription.canceled:webhook',
    ]);
    // The family may subscribe again.
    expect((await checkout(f.parent, premiumId)).status).toBe(200);
  });

  it('applies the limit again once the period has ended, even before any event says so', async () => {
    const f = await family(s);
    await subscribe(f);
    await made(s, f.kids[0]!, { images: [await png(), await png(), await png(), await png(), await png()] });
    expect((await createWork(s, f.kids[0]!, {})).status).toBe(201);
    const userId = await userIdOf(f.parent);
    await s.deps.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, userId));
    expect((await createWork(s, f.kids[0]!, {})).status).toBe(400);
    expect((await status(f.parent)).body.active).toBe(false);
  });
});

describe('renewal', () => {
  it("renews a subscription not cancelled for the next period, as the provider's billing clock does", async () => {
    const f = await family(s);
    await subscribe(f);
    const first = (await status(f.parent)).body.current_period_end as string;
    offset = MONTH_AND_A_DAY;
    try {
      await sweepLocalPayments(s.deps);
      // A second sweep (another instance) renews nothing more.
      await sweepLocalPayments(s.deps);
    } finally {
      offset = 0;
    }
    const renewed = subscriptionStatus.parse((await status(f.parent)).body);
    expect(renewed.active).toBe(true);
    expect(Date.parse(renewed.current_period_end!)).toBeGreaterThan(Date.parse(first) + 20 * 24 * 60 * 60 * 1000);
    const kinds = (await ledger(await userIdOf(f.parent))).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'subscription.renewed')).toHaveLength(1);
    const invoices = await s.deps.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'invoice.paid'));
    expect(invoices.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the local provider: paying a payment intent', () => {
  const confirm = (body: object) => s.request('/api/payments/local/confirm/', { json: body });

  async function intent(amount = 3000) {
    return s.deps.payments.createPaymentIntent({
      amount,
      currency: 'jpy',
      metadata: { test: 'yes' },
      idempotencyKey: `t-${Math.random()}`,
    });
  }

  it('makes unguessable ids, and the same intent for the same idempotency key', async () => {
    const a = await s.deps.payments.createPaymentIntent({ amount: 500, currency: 'jpy', metadata: {}, idempotencyKey: 'same-key' });
    const b = await s.deps.payments.createPaymentIntent({ amount: 500, currency: 'jpy', metadata: {}, idempotencyKey: 'same-key' });
    expect(b).toEqual(a);
    expect(a.id).toMatch(/^pi_local_[0-9a-f]{32}$/);
    expect(a.clientSecret).toMatch(new RegExp(`^${a.id}_secret_[0-9a-f]{32}$`));
    const [row] = await s.deps.db
      .select({ client_secret_hash: localProviderObjects.clientSecretHash })
      .from(localProviderObjects)
      .where(eq(localProviderObjects.id, a.id));
    expect(row!.client_secret_hash).not.toContain(a.clientSecret.split('_secret_')[1]!);
  });

  it('follows the test cards and never trusts the client: the provider keeps the state', async () => {
    const declined = await intent();
    expect((await confirm({ client_secret: declined.clientSecret, ...DECLINED })).body).toEqual({
      status: 'requires_payment_method',
      payment_intent_id: declined.id,
      error: { code: 'card_declined', message: M.cardDeclined.message },
    });
    expect((await s.deps.payments.retrievePaymentIntent(declined.id))!).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined' },
    });

    const poor = await intent();
    expect((await confirm({ client_secret: poor.clientSecret, ...INSUFFICIENT })).body.error.code).toBe('insufficient_funds');
    expect((await confirm({ client_secret: poor.clientSecret, ...CARD, card_number: '4242424242424241' })).body.error.code).toBe(
      'incorrect_number',
    );
    expect((await confirm({ client_secret: poor.clientSecret, ...CARD, exp: '01/21' })).body.error.code).toBe('expired_card');

    const good = await intent(4500);
    const paid = await confirm({ client_secret: good.clientSecret, ...CARD });
    expect(paid.body).toEqual({ status: 'succeeded', payment_intent_id: good.id, error: null });
    expect(await s.deps.payments.retrievePaymentIntent(good.id)).toMatchObject({ status: 'succeeded', amount: 4500, currency: 'jpy' });
    // Its event reached the webhook's handler (recorded as handled; no sign-up has this intent).
    const handled = await s.deps.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'payment_intent.succeeded'));
    expect(handled.length).toBeGreaterThanOrEqual(1);
    // Paying again charges nothing more.
    expect((await confirm({ client_secret: good.clientSecret, ...DECLINED })).body).toMatchObject({ status: 'succeeded', error: null });

    // Another Luhn-valid number pays (other brands' test cards).
    const other = await intent();
    expect((await confirm({ client_secret: other.clientSecret, ...CARD, card_number: '5555 5555 5555 4444' })).body.status).toBe(
      'succeeded',
    );
  });

  it('refuses a wrong, forged or malformed client secret with 400 and never answers 500', async () => {
    const real = await intent();
    const forged = `${real.id}_secret_${'0'.repeat(32)}`;
    for (const client_secret of [forged, 'pi_local_x_secret_y', '\u0000', 'x'.repeat(300), `${real.clientSecret}\u0000`]) {
      const res = await confirm({ client_secret, ...CARD });
      expect(res.status, client_secret).toBe(400);
    }
    expect((await confirm({ client_secret: forged, ...CARD })).body).toEqual({ client_secret: [M.paymentSessionInvalid.message] });
    expect((await confirm({ client_secret: real.clientSecret, ...CARD, card_number: '1234' })).status).toBe(400);
    expect((await confirm({ client_secret: real.clientSecret, ...CARD, exp: '13/40' })).status).toBe(400);
    expect((await confirm({ client_secret: real.clientSecret, ...CARD, cvc: '\u0000\u0000\u0000' })).status).toBe(400);
    expect((await confirm({ client_secret: real.clientSecret, ...CARD, card_number: '4'.repeat(100_000) })).status).toBe(400);
    expect(await s.deps.payments.retrievePaymentIntent(real.id)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('limits card attempts per address (a card-testing flood is refused)', async () => {
    const real = await intent();
    const ip = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < 32; i++) {
      answers.push(
        (await s.request('/api/payments/local/confirm/', { json: { client_secret: real.clientSecret, ...DECLINED }, ip })).status,
      );
    }
    expect(answers.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429]);
  });
});

describe('a fresh login still sees the plan', () => {
  it('reads the status with a new parent token', async () => {
    const f = await family(s);
    await subscribe(f);
    const login = await s.request('/api/login/', { json: { email: await emailOf(s, f.parent), password: PASSWORD } });
    expect((await status(login.body.access)).body.active).toBe(true);
    const rows = await s.deps.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, await userIdOf(f.parent)), eq(subscriptions.status, 'active')));
    expect(rows).toHaveLength(1);
  });
});
