/**
 * The Stripe provider (issue 13) without Stripe: the app runs with STRIPE_SECRET_KEY set and the official SDK pointed
 * at a small fake of Stripe's API in this file (a fake of the third party; our own server is the real one), which
 * records the SDK's requests and answers minimal JSON. It proves the requests' shapes (amounts, currency, the
 * Idempotency-Key header, the inline recurring price, client_reference_id, cancel_at_period_end), that states are
 * retrieved from Stripe, that webhooks are verified with STRIPE_WEBHOOK_SECRET (signed by the SDK's own test-header
 * helper), and that the local provider's calls do not exist. Nothing here reaches Stripe's real API.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { subscriptionStatus } from '@contract/billing';
import { M } from '@contract/messages';
import { subscriptionInfo } from '../adapters/payments-stripe';
import { billingEvents, subscriptions, users } from '../db/schema';
import { startTestServer, TEST_STRIPE_WEBHOOK_SECRET, type TestServer } from './harness';
import { family } from './works-helpers';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

const requests: Recorded[] = [];
const PERIOD_END = Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60;
const sessions = new Map<string, Record<string, unknown>>();
const subs = new Map<string, Record<string, unknown>>();
let sessionCounter = 0;

function stripeError(status: number, code: string) {
  return { status, body: { error: { type: 'invalid_request_error', code, message: `No such object (${code})` } } };
}

/** Just enough of Stripe's API for the calls the adapter makes. */
function answer(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
  let m: RegExpExecArray | null;
  if (method === 'POST' && path === '/v1/payment_intents') {
    return {
      status: 200,
      body: {
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        status: 'requires_payment_method',
        client_secret: 'pi_test_1_secret_abc',
        metadata: {},
      },
    };
  }
  if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
    if (m[1] !== 'pi_test_1') return stripeError(404, 'resource_missing');
    return {
      status: 200,
      body: {
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: 3000,
        currency: 'jpy',
        status: 'requires_payment_method',
        metadata: { signup_id: '7' },
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      },
    };
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const id = `cs_test_${++sessionCounter}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      client_reference_id: form.client_reference_id,
      metadata: { plan_id: form['metadata[plan_id]'], user_id: form['metadata[user_id]'] },
      subscription: null,
      customer: null,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }
  if (method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
    const session = sessions.get(m[1]!);
    if (!session) return stripeError(404, 'resource_missing');
    if (session.status !== 'open') return stripeError(400, 'checkout_session_not_open');
    session.status = 'expired';
    return { status: 200, body: session };
  }
  if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
    const session = sessions.get(m[1]!);
    return session ? { status: 200, body: session } : stripeError(404, 'resource_missing');
  }
  if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
    const sub = subs.get(m[1]!);
    if (!sub) return stripeError(404, 'resource_missing');
    if (method === 'POST' && form.cancel_at_period_end) sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
    // subscriptions.cancel: ended now.
    if (method === 'DELETE') sub.status = 'canceled';
    return { status: 200, body: sub };
  }
  // An invoice's payments (API 2025-03-31 and later): each paid subscription invoice `in_<sub>` by `pi_<sub>`.
  if (method === 'GET' && path === '/v1/invoice_payments') {
    const invoice = form.invoice ?? '';
    const paid = [...subs.values()].some((sub) => sub.latest_invoice === invoice);
    const data = paid
      ? [
          {
            id: `inpay_${invoice}`,
            object: 'invoice_payment',
            invoice,
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
          },
        ]
      : [];
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
  }
  if (method === 'POST' && path === '/v1/refunds') {
    return {
      status: 200,
      body: {
        id: `re_${form.payment_intent}`,
        object: 'refund',
        amount: 110,
        currency: 'jpy',
        payment_intent: form.payment_intent,
        status: 'succeeded',
      },
    };
  }
  return stripeError(404, 'unknown_path');
}

let fake: Server;
let s: TestServer;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? `${url.search.slice(1)}&${raw}` : raw),
      );
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const { status, body } = answer(req.method ?? '', url.pathname, form);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  s = await startTestServer({ seed: false, stripe: { network: { host: '127.0.0.1', port, protocol: 'http' } } });
});
afterAll(async () => {
  await s.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});
beforeEach(() => {
  requests.length = 0;
});

const CARD = { card_number: '4242424242424242', exp: '12/40', cvc: '123' };

async function premiumId(): Promise<number> {
  return ((await s.request('/api/billing/plans/')).body.results as { id: number; code: string }[]).find((p) => p.code === 'premium')!.id;
}

async function userIdOf(token: string): Promise<number> {
  const me = await s.request('/api/user/me/', { token });
  return (
    await s.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, me.body.email as string))
  )[0]!.id;
}

function deliver(payload: string, signature: string) {
  return fetch(`${s.url}/api/billing/webhook/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
}

describe('the Stripe provider', () => {
  it('is chosen when STRIPE_SECRET_KEY is set', () => {
    expect(s.deps.payments.name).toBe('stripe');
  });

  it('creates a payment intent with the amount, currency, metadata, automatic payment methods and the idempotency key', async () => {
    const created = await s.deps.payments.createPaymentIntent({
      amount: 3000,
      currency: 'jpy',
      metadata: { signup_id: '7' },
      idempotencyKey: 'class-signup-7-1',
    });
    expect(created).toEqual({ id: 'pi_test_1', clientSecret: 'pi_test_1_secret_abc', amount: 3000, currency: 'jpy' });
    const [req] = requests;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      form: { amount: '3000', currency: 'jpy', 'metadata[signup_id]': '7', 'automatic_payment_methods[enabled]': 'true' },
    });
    expect(req!.headers['idempotency-key']).toBe('class-signup-7-1');
    expect(req!.headers.authorization).toBe('Bearer sk_test_littlemuseum');

    expect(await s.deps.payments.retrievePaymentIntent('pi_test_1')).toEqual({
      id: 'pi_test_1',
      status: 'requires_payment_method',
      amount: 3000,
      currency: 'jpy',
      metadata: { signup_id: '7' },
      lastError: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(await s.deps.payments.retrievePaymentIntent('pi_missing')).toBeNull();
  });

  it('starts Checkout in subscription mode with the inline monthly price, settles it on return, and cancels at the period end', async () => {
    const a = await family(s);
    const b = await family(s);
    const userId = await userIdOf(a.parent);
    const planId = await premiumId();

    const started = await s.request('/api/billing/create-checkout-session/', { token: a.parent, json: { planId } });
    expect(started.status).toBe(200);
    const sessionId = started.body.session_id as string;
    expect(started.body.url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const create = requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '110',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Premium',
      client_reference_id: String(userId),
      'metadata[plan_id]': String(planId),
      'metadata[user_id]': String(userId),
      'subscription_data[metadata][user_id]': String(userId),
      success_url: 'http://museum.test/payment-complete?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://museum.test/plans',
    });
    expect(create.headers['idempotency-key']).toMatch(/^checkout-\d+-/);

    // Paid at Stripe's hosted page (the fake's state), before any webhook.
    subs.set('sub_test_1', {
      id: 'sub_test_1',
      object: 'subscription',
      status: 'active',
      customer: 'cus_test_1',
      cancel_at_period_end: false,
      currency: 'jpy',
      metadata: { plan_id: String(planId), user_id: String(userId) },
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END, price: { unit_amount: 110, currency: 'jpy' } }] },
    });
    Object.assign(sessions.get(sessionId)!, { status: 'complete', subscription: 'sub_test_1', customer: 'cus_test_1' });

    // Another family cannot read or settle it.
    expect((await s.request(`/api/billing/subscription-status/?session_id=${sessionId}`, { token: b.parent })).status).toBe(404);
    expect((await s.request('/api/billing/subscription-status/', { token: b.parent })).body.active).toBe(false);

    requests.length = 0;
    const settled = await s.request(`/api/billing/subscription-status/?session_id=${sessionId}`, { token: a.parent });
    expect(subscriptionStatus.parse(settled.body)).toEqual({
      active: true,
      status: 'active',
      plan: expect.objectContaining({ code: 'premium' }),
      current_period_end: new Date(PERIOD_END * 1000).toISOString(),
      cancel_at_period_end: false,
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      'GET /v1/subscriptions/sub_test_1',
    ]);
    expect((await s.request('/api/billing/user-image-count/', { token: a.parent })).body.limit).toBeNull();

    requests.length = 0;
    const cancelled = await s.request('/api/billing/cancel-subscription/', { token: a.parent, method: 'POST' });
    expect(cancelled.body).toEqual({
      message: M.subscriptionCanceled.message,
      current_period_end: new Date(PERIOD_END * 1000).toISOString(),
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_test_1', form: { cancel_at_period_end: 'true' } });
    expect((await s.request('/api/billing/subscription-status/', { token: a.parent })).body).toMatchObject({
      active: true,
      cancel_at_period_end: true,
    });
  });

  it('verifies webhooks with STRIPE_WEBHOOK_SECRET, and then retrieves the object from Stripe', async () => {
    const a = await family(s);
    const userId = await userIdOf(a.parent);
    subs.set('sub_test_2', {
      id: 'sub_test_2',
      object: 'subscription',
      status: 'active',
      customer: 'cus_test_2',
      cancel_at_period_end: false,
      currency: 'jpy',
      metadata: { plan_id: String(await premiumId()), user_id: String(userId) },
      items: { object: 'list', data: [{ id: 'si_2', current_period_end: PERIOD_END, price: { unit_amount: 110, currency: 'jpy' } }] },
    });
    const payload = JSON.stringify({
      id: 'evt_stripe_1',
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { id: 'sub_test_2', object: 'subscription', status: 'canceled' } },
    });
    const local = Stripe.webhooks.generateTestHeaderString({ payload, secret: s.deps.config.localWebhookSecret });
    expect(await deliver(payload, local)).toEqual({ status: 400, body: { detail: M.webhookInvalid.message } });
    expect((await s.request('/api/billing/subscription-status/', { token: a.parent })).body.active).toBe(false);

    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET });
    expect(await deliver(payload, signed)).toEqual({ status: 200, body: { received: true } });
    expect(requests.some((r) => r.path === '/v1/subscriptions/sub_test_2')).toBe(true);
    // Stripe's state (active), not the event's (canceled).
    expect((await s.request('/api/billing/subscription-status/', { token: a.parent })).body).toMatchObject({
      active: true,
      status: 'active',
    });
    // Delivered again: ignored without asking Stripe.
    requests.length = 0;
    expect((await deliver(payload, signed)).status).toBe(200);
    expect(requests).toEqual([]);
  });

  it("answers 404 on the local provider's calls", async () => {
    expect((await s.request('/api/payments/local/confirm/', { json: { client_secret: 'pi_local_x_secret_y', ...CARD } })).status).toBe(404);
    expect((await s.request(`/api/payments/local/checkout/cs_local_${'0'.repeat(32)}/`)).status).toBe(404);
    expect((await s.request(`/api/payments/local/checkout/cs_local_${'0'.repeat(32)}/pay/`, { json: CARD })).status).toBe(404);
  });
});

/** A subscription as the fake's Stripe keeps it: active, paid by its latest invoice. */
function stripeSubscription(id: string, userId: number, planId: number) {
  subs.set(id, {
    id,
    object: 'subscription',
    status: 'active',
    customer: `cus_${id}`,
    cancel_at_period_end: false,
    currency: 'jpy',
    latest_invoice: `in_${id}`,
    metadata: { plan_id: String(planId), user_id: String(userId) },
    items: { object: 'list', data: [{ id: `si_${id}`, current_period_end: PERIOD_END, price: { unit_amount: 110, currency: 'jpy' } }] },
  });
}

describe('one subscription in force per account, with Stripe (issue 27)', () => {
  it('cancels at once and refunds a second subscription when two Checkout pages were paid', async () => {
    const a = await family(s);
    const userId = await userIdOf(a.parent);
    const planId = await premiumId();
    const start = async () =>
      (await s.request('/api/billing/create-checkout-session/', { token: a.parent, json: { planId } })).body.session_id as string;
    const first = await start();
    const second = await start();
    // Both pages paid at Stripe before either returned.
    for (const [sessionId, subId] of [
      [first, 'sub_dup_1'],
      [second, 'sub_dup_2'],
    ] as const) {
      stripeSubscription(subId, userId, planId);
      Object.assign(sessions.get(sessionId)!, { status: 'complete', subscription: subId, customer: `cus_${subId}` });
    }
    const settle = (sessionId: string) => s.request(`/api/billing/subscription-status/?session_id=${sessionId}`, { token: a.parent });
    expect((await settle(first)).body).toMatchObject({ active: true, status: 'active' });

    requests.length = 0;
    expect((await settle(second)).body).toMatchObject({ active: true, status: 'active', cancel_at_period_end: false });
    const calls = requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain('DELETE /v1/subscriptions/sub_dup_2');
    expect(calls).not.toContain('DELETE /v1/subscriptions/sub_dup_1');
    const cancelled = requests.find((r) => r.method === 'DELETE')!;
    expect(cancelled.form).toMatchObject({ prorate: 'false', invoice_now: 'false' });
    expect(cancelled.headers['idempotency-key']).toBe('cancel-now-sub_dup_2');
    expect(requests.find((r) => r.path === '/v1/invoice_payments')!.form).toMatchObject({ invoice: 'in_sub_dup_2', status: 'paid' });
    const refund = requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.form).toMatchObject({ payment_intent: 'pi_in_sub_dup_2', reason: 'duplicate', 'metadata[subscription_id]': 'sub_dup_2' });
    expect(refund.headers['idempotency-key']).toBe('refund-inpay_in_sub_dup_2');
    expect(subs.get('sub_dup_1')!.status).toBe('active');

    const rows = await s.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(rows.map((r) => [r.providerSubscriptionId, r.status]).sort()).toEqual([
      ['sub_dup_1', 'active'],
      ['sub_dup_2', 'canceled'],
    ]);
    const refunds = await s.deps.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.userId, userId), eq(billingEvents.kind, 'subscription.refunded')));
    expect(refunds).toMatchObject([
      { providerId: 'sub_dup_2', amount: 110, actor: 'system', detail: { kept: 'sub_dup_1', refund_id: 're_pi_in_sub_dup_2' } },
    ]);

    // Settled again (the page reloaded, a webhook): nothing more is cancelled or refunded.
    requests.length = 0;
    expect((await settle(second)).status).toBe(200);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('expires open Checkout sessions and cancels the subscription at Stripe, without a refund, before deleting the account', async () => {
    const a = await family(s);
    const userId = await userIdOf(a.parent);
    const open = (await s.request('/api/billing/create-checkout-session/', { token: a.parent, json: { planId: await premiumId() } })).body
      .session_id as string;
    stripeSubscription('sub_gone_1', userId, await premiumId());
    const payload = JSON.stringify({
      id: 'evt_gone_1',
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { id: 'sub_gone_1', object: 'subscription' } },
    });
    expect((await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET }))).status).toBe(
      200,
    );
    expect((await s.request('/api/billing/subscription-status/', { token: a.parent })).body.active).toBe(true);

    requests.length = 0;
    expect((await s.request('/api/account/delete/', { method: 'DELETE', token: a.parent })).status).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${open}`,
      `POST /v1/checkout/sessions/${open}/expire`,
      `GET /v1/checkout/sessions/${open}`,
      'GET /v1/subscriptions/sub_gone_1',
      'DELETE /v1/subscriptions/sub_gone_1',
    ]);
    expect(sessions.get(open)!.status).toBe('expired');
    expect(subs.get('sub_gone_1')!.status).toBe('canceled');
    expect(await s.deps.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  });
});

describe('reading a Stripe subscription', () => {
  const base = {
    id: 'sub_x',
    object: 'subscription',
    status: 'active',
    customer: { id: 'cus_x' },
    cancel_at_period_end: true,
    currency: 'jpy',
    metadata: {},
  };

  it('takes the period end from the item (API 2025-03-31 and later) or from the subscription (before)', () => {
    const current = subscriptionInfo({
      ...base,
      items: { data: [{ current_period_end: 1_900_000_000, price: { unit_amount: 110 } }] },
    } as never);
    expect(current).toMatchObject({
      currentPeriodEnd: new Date(1_900_000_000_000),
      amount: 110,
      customerId: 'cus_x',
      cancelAtPeriodEnd: true,
    });
    const legacy = subscriptionInfo({
      ...base,
      current_period_end: 1_800_000_000,
      items: { data: [{ price: { unit_amount: 110 } }] },
    } as never);
    expect(legacy.currentPeriodEnd).toEqual(new Date(1_800_000_000_000));
  });
});

describe('configuration', () => {
  it('refuses to start with STRIPE_SECRET_KEY but no STRIPE_WEBHOOK_SECRET', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ DATA_DIR: s.dataDir, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const a = loadConfig({ DATA_DIR: s.dataDir, JWT_SECRET: 'a'.repeat(40) });
    const b = loadConfig({ DATA_DIR: s.dataDir, JWT_SECRET: 'a'.repeat(40) });
    const c = loadConfig({ DATA_DIR: s.dataDir, JWT_SECRET: 'b'.repeat(40) });
    // Every instance of one deployment signs the local provider's events alike; another deployment does not.
    expect(a.localWebhookSecret).toBe(b.localWebhookSecret);
    expect(a.localWebhookSecret).not.toBe(c.localWebhookSecret);
  });
});
