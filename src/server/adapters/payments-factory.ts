/**
 * Picks the payment provider (architecture.md "Payments"): Stripe when STRIPE_SECRET_KEY is set (loadConfig has then
 * checked that STRIPE_WEBHOOK_SECRET is too), the local test provider otherwise. `deliver` is how the local provider
 * reaches the webhook handler; Stripe reaches it over HTTP.
 */
import type { Config } from '../config';
import type { Db } from '../db/open';
import type { PaymentProvider } from './payments';
import { LocalPaymentProvider, type DeliverEvent } from './payments-local';
import { StripePaymentProvider, type StripeNetwork } from './payments-stripe';

export function createPaymentProvider(
  config: Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret' | 'localWebhookSecret' | 'publicUrl'>,
  db: Db,
  clock: () => Date,
  deliver: DeliverEvent,
  /** A test's fake Stripe API. */
  stripeNetwork?: StripeNetwork,
): PaymentProvider {
  if (config.stripeSecretKey) {
    return new StripePaymentProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret!,
      network: stripeNetwork,
    });
  }
  return new LocalPaymentProvider({ db, clock, publicUrl: config.publicUrl, webhookSecret: config.localWebhookSecret, deliver });
}
