/**
 * Stripe's webhook signatures, through the SDK's own functions (no network): `Stripe-Signature: t=…,v1=…`, an
 * HMAC-SHA256 over `timestamp.body` with the endpoint's secret, accepted within 5 minutes of its timestamp. Stripe's
 * deliveries are verified with STRIPE_WEBHOOK_SECRET; the local provider signs and verifies its own events the same
 * way with config.localWebhookSecret, so both reach the handler through one path.
 */
import Stripe from 'stripe';

import { WebhookSignatureError, type ProviderEvent } from './payments';

/** The header Stripe would send with `payload` (the SDK's test-header helper, which signs exactly as Stripe does). */
export function signStripeEvent(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/**
 * Verifies a delivery with the SDK's constructEventAsync and keeps what the handler reads: the event's id, type and
 * object. Any failure (no header, a wrong or stale signature, a body that is not an event) is a
 * WebhookSignatureError.
 */
export async function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string): Promise<ProviderEvent> {
  if (!signature) throw new WebhookSignatureError('no signature');
  let event: { id: string; type: string; data: { object: Record<string, unknown> } };
  try {
    event = (await Stripe.webhooks.constructEventAsync(rawBody, signature, secret)) as unknown as typeof event;
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature');
  }
  const object = event.data?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object || typeof object !== 'object') {
    throw new WebhookSignatureError('not an event');
  }
  return { id: event.id, type: event.type, objectId: typeof object.id === 'string' ? object.id : '', object };
}
