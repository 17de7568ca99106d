/**
 * The provider's webhook (issue 13) over HTTP: the signature is checked over the raw body (signatures made with the
 * Stripe SDK's own test-header helper, as Stripe signs), a bad one is 400 and changes nothing; an event's body is
 * never believed (the object is retrieved again); a delivered event id is ignored; deliveries at the same moment
 * make one change. The app runs the local provider, whose events are signed with its own secret.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { JSON_BODY_LIMIT } from '@contract/uploads';
import { billingEvents, localProviderObjects, subscriptions, webhookEvents } from '../db/schema';
import { startTestServer, type TestServer } from './harness';
import { family } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const CARD = { card_number: '4242424242424242', exp: '12/40', cvc: '123' };
let eventCounter = 0;

function event(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++eventCounter}`): string {
  return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
}

const sign = (payload: string, secret = s.deps.config.localWebhookSecret, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

async function deliver(payload: string, signature: string | undefined, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.9', ...extra };
  if (signature !== undefined) headers['Stripe-Signature'] = signature;
  const res = await fetch(`${s.url}/api/billing/webhook/`, { method: 'POST', headers, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A family with Premium through the local checkout: its subscription's provider id and row. */
async function subscribed() {
  const f = await family(s);
  const planId = ((await s.request('/api/billing/plans/')).body.results as { id: number; code: string }[]).find(
    (p) => p.code === 'premium',
  )!.id;
  const started = await s.request('/api/billing/create-checkout-session/', { token: f.parent, json: { planId } });
  const paid = await s.request(`/api/payments/local/checkout/${started.body.session_id}/pay/`, { json: CARD });
  expect(paid.body.status).toBe('complete');
  const [local] = await s.deps.db
    .select()
    .from(localProviderObjects)
    .where(eq(localProviderObjects.id, (await s.deps.payments.retrieveCheckoutSession(started.body.session_id))!.subscriptionId!));
  const row = async () => (await s.deps.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, local!.id)))[0]!;
  return { f, subscriptionId: local!.id, row };
}

const handled = async (id: string) =>
  s.deps.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, 'local'), eq(webhookEvents.eventId, id)));

const ledgerOf = async (providerId: string, kind: string) =>
  s.deps.db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.providerId, providerId), eq(billingEvents.kind, kind)));

/** Changes the local provider's own record of the subscription, as a change at Stripe's dashboard would. */
async function setCancelAtProvider(id: string, cancel: boolean) {
  const [row] = await s.deps.db.select().from(localProviderObjects).where(eq(localProviderObjects.id, id));
  await s.deps.db
    .update(localProviderObjects)
    .set({ data: { ...row!.data, cancel_at_period_end: cancel } })
    .where(eq(localProviderObjects.id, id));
}

describe('the signature', () => {
  it('refuses a wrong, missing, stale or tampered signature with 400 and changes nothing', async () => {
    const { subscriptionId, row } = await subscribed();
    const before = await row();
    await setCancelAtProvider(subscriptionId, true);
    const id = 'evt_test_forged';
    const payload = event('customer.subscription.updated', { id: subscriptionId, object: 'subscription' }, id);
    const invalid = { status: 400, body: { detail: M.webhookInvalid.message } };

    expect(await deliver(payload, sign(payload, 'whsec_not_the_secret'))).toEqual(invalid);
    expect(await deliver(payload, undefined)).toEqual(invalid);
    expect(await deliver(payload, '')).toEqual(invalid);
    expect(await deliver(payload, 't=1,v1=deadbeef')).toEqual(invalid);
    expect(await deliver(payload, sign(payload, undefined, Math.floor(Date.now() / 1000) - 3600))).toEqual(invalid);
    expect(await deliver(payload.replace('"livemode":false', '"livemode":true'), sign(payload))).toEqual(invalid);
    expect(await deliver(`${payload}\u0000`, sign(payload))).toEqual(invalid);
    // Signed, but not an event.
    expect(await deliver('not json', sign('not json'))).toEqual(invalid);
    expect(await deliver('{}', sign('{}'))).toEqual(invalid);

    expect(await handled(id)).toEqual([]);
    expect(await row()).toEqual(before);
    expect(await ledgerOf(subscriptionId, 'subscription.cancel_scheduled')).toEqual([]);

    // The same event, rightly signed, is handled: the provider's own state is applied.
    expect(await deliver(payload, sign(payload))).toEqual({ status: 200, body: { received: true } });
    expect((await row()).cancelAtPeriodEnd).toBe(true);
    expect(await handled(id)).toHaveLength(1);
  });

  it('refuses a body over the limit with 400 before reading it whole', async () => {
    const payload = event('customer.subscription.updated', { id: 'sub_local_x', pad: 'x'.repeat(JSON_BODY_LIMIT) });
    expect((await deliver(payload, sign(payload))).status).toBe(400);
  });

  it('does not need the CSRF header (the provider sends no cookie)', async () => {
    const payload = event('ping.test', { id: 'x' });
    expect((await deliver(payload, sign(payload))).status).toBe(200);
  });
});

describe("an event's body is never believed", () => {
  it('retrieves the subscription from the provider instead of taking what the event says', async () => {
    const { subscriptionId, row } = await subscribed();
    const payload = event('customer.subscription.deleted', {
      id: subscriptionId,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: 1 }] },
    });
    expect((await deliver(payload, sign(payload))).status).toBe(200);
    expect(await row()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('ignores events about objects we do not know', async () => {
    for (const [type, object] of [
      ['customer.subscription.updated', { id: 'sub_local_unknown' }],
      ['checkout.session.completed', { id: 'cs_local_unknown' }],
      ['payment_intent.succeeded', { id: 'pi_local_unknown' }],
      ['payment_intent.payment_failed', { id: 'pi_local_unknown' }],
      ['invoice.paid', { id: 'in_x', parent: { subscription_details: { subscription: 'sub_local_unknown' } } }],
    ] as const) {
      const payload = event(type, object);
      expect((await deliver(payload, sign(payload))).status, type).toBe(200);
    }
  });
});

describe('duplicates', () => {
  it('ignores an event id already handled: three deliveries, one change, one ledger row', async () => {
    const { subscriptionId, row } = await subscribed();
    await setCancelAtProvider(subscriptionId, true);
    const id = `evt_test_dup_${Date.now()}`;
    const payload = event('customer.subscription.updated', { id: subscriptionId, object: 'subscription' }, id);
    for (let i = 0; i < 3; i++) expect(await deliver(payload, sign(payload))).toEqual({ status: 200, body: { received: true } });
    expect(await handled(id)).toHaveLength(1);
    expect((await row()).cancelAtPeriodEnd).toBe(true);
    expect(await ledgerOf(subscriptionId, 'subscription.cancel_scheduled')).toHaveLength(1);

    // Withdrawn at the provider, then told to us twice with the old id (replayed: ignored) and once anew.
    await setCancelAtProvider(subscriptionId, false);
    expect((await deliver(payload, sign(payload))).status).toBe(200);
    expect((await row()).cancelAtPeriodEnd).toBe(true);
    const fresh = event('customer.subscription.updated', { id: subscriptionId, object: 'subscription' });
    expect((await deliver(fresh, sign(fresh))).status).toBe(200);
    expect((await row()).cancelAtPeriodEnd).toBe(false);
  });

  it('makes one change of deliveries at the same moment, of one event id or of several', async () => {
    const { subscriptionId, row } = await subscribed();
    await setCancelAtProvider(subscriptionId, true);
    const id = `evt_test_race_${Date.now()}`;
    const same = event('customer.subscription.updated', { id: subscriptionId, object: 'subscription' }, id);
    const others = [1, 2, 3].map(() => event('customer.subscription.updated', { id: subscriptionId, object: 'subscription' }));
    const answers = await Promise.all([same, same, same, ...others].map((p) => deliver(p, sign(p))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await handled(id)).toHaveLength(1);
    expect((await row()).cancelAtPeriodEnd).toBe(true);
    expect(await ledgerOf(subscriptionId, 'subscription.cancel_scheduled')).toHaveLength(1);
  });

  it('records one failure of a payment delivered three times at once', async () => {
    const intent = await s.deps.payments.createPaymentIntent({
      amount: 800,
      currency: 'jpy',
      metadata: {},
      idempotencyKey: `wh-${Date.now()}`,
    });
    const id = `evt_test_fail_${Date.now()}`;
    const payload = event('payment_intent.payment_failed', { id: intent.id, object: 'payment_intent' }, id);
    const answers = await Promise.all([1, 2, 3].map(() => deliver(payload, sign(payload))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await handled(id)).toHaveLength(1);
  });
});
