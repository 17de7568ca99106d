/**
 * The payment provider's events (issue 13), from Stripe over HTTP (POST /api/billing/webhook/) or from the local
 * provider in-process: both arrive here as a raw body and its Stripe-Signature header.
 *
 * 1. The signature is verified over the exact raw body (a bad one is 400 M.webhookInvalid, and nothing changes).
 * 2. An event id already handled is answered `received` and ignored (Stripe delivers at least once, and replays).
 * 3. The event is handled by retrieving its object again from the provider: an event says what to look at, never
 *    what its state is. Every handler is idempotent, so two deliveries of one event at the same moment (both not
 *    yet recorded) still make one change: the sign-up's confirmation is one conditional UPDATE, a subscription is
 *    upserted under a row lock, a checkout is completed by a conditional UPDATE. A payment failure, whose only effect
 *    is its ledger row, claims its event id first instead.
 * 4. The event id is recorded (INSERT … ON CONFLICT DO NOTHING). A handler that fails (the provider unreachable)
 *    records nothing and answers 500, so Stripe delivers it again later.
 */
import { and, eq } from 'drizzle-orm';

import { M } from '@contract/messages';
import { WebhookSignatureError, type ProviderEvent } from '../adapters/payments';
import { webhookEvents } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { log } from '../log';
import { settleCheckout } from './billing';
import { confirmSignupPayment, recordSignupPaymentFailed } from './class-signups';
import { syncSubscription } from './subscriptions';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'invoice.payment_succeeded']);

/** An invoice's subscription: `subscription` before API 2025-03-31, `parent.subscription_details.subscription` since. */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const idOf = (v: unknown) =>
    typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v && typeof v.id === 'string' ? v.id : null;
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

async function alreadyHandled(deps: AppDeps, event: ProviderEvent): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, deps.payments.name), eq(webhookEvents.eventId, event.id)));
  return row !== undefined;
}

/** Records the event id; false when another delivery recorded it first. */
async function markHandled(deps: AppDeps, event: ProviderEvent): Promise<boolean> {
  const rows = await deps.db
    .insert(webhookEvents)
    .values({ provider: deps.payments.name, eventId: event.id, type: event.type.slice(0, 100), receivedAt: deps.clock() })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** A payment intent's success: the sign-up it pays is confirmed (if the provider agrees). Not ours: noted, done. */
async function paymentSucceeded(deps: AppDeps, intentId: string): Promise<void> {
  try {
    await confirmSignupPayment(deps, intentId, { actor: 'webhook' });
  } catch (err) {
    // No sign-up has this intent, it has not succeeded after all, or it is for another amount (recorded): nothing
    // a redelivery would change, so the event is done with.
    if (err instanceof ApiError) log('warn', `payment_intent.succeeded ${intentId}: ${err.msg.message}`);
    else throw err;
  }
}

async function handle(deps: AppDeps, event: ProviderEvent): Promise<void> {
  if (event.type === 'payment_intent.succeeded') return paymentSucceeded(deps, event.objectId);
  if (event.type === 'checkout.session.completed') {
    await settleCheckout(deps, event.objectId, 'webhook');
    return;
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    await syncSubscription(deps, event.objectId, { actor: 'webhook' });
    return;
  }
  if (INVOICE_EVENTS.has(event.type)) {
    const subscriptionId = invoiceSubscriptionId(event.object);
    if (subscriptionId) await syncSubscription(deps, subscriptionId, { actor: 'webhook' });
  }
  // Any other type: nothing to do (Stripe sends what the endpoint subscribes to; extra ones are harmless).
}

/** POST /api/billing/webhook/ and the local provider's deliveries. */
export async function handleWebhook(deps: AppDeps, rawBody: string, signature: string | undefined): Promise<{ received: true }> {
  let event: ProviderEvent;
  try {
    event = await deps.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new ApiError(400, M.webhookInvalid);
    throw err;
  }
  if (await alreadyHandled(deps, event)) return { received: true };

  if (event.type === 'payment_intent.payment_failed') {
    if (!(await markHandled(deps, event))) return { received: true };
    try {
      await recordSignupPaymentFailed(deps, event.objectId, 'webhook');
    } catch (err) {
      // Released, so that the provider's next delivery records it.
      await deps.db.delete(webhookEvents).where(and(eq(webhookEvents.provider, deps.payments.name), eq(webhookEvents.eventId, event.id)));
      throw err;
    }
    return { received: true };
  }

  await handle(deps, event);
  await markHandled(deps, event);
  return { received: true };
}
