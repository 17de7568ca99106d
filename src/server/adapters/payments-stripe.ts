/**
 * Stripe, through its official SDK (issue 13), as Stripe asks integrations to be built: payment intents with
 * automatic payment methods and an Idempotency-Key on every create, Checkout Sessions in subscription mode (the
 * price given inline, so nothing has to be set up in the dashboard first), and webhook events verified on the raw
 * body with the endpoint's secret. States are always retrieved from Stripe: what an event carries is read only for
 * its ids.
 *
 * Versions: the SDK pins its own API version. Since 2025-03-31 (basil) a subscription's `current_period_end` lives
 * on its items; older versions had it on the subscription: both are read.
 */
import Stripe from 'stripe';

import type { PlanInterval } from '@contract/billing';
import {
  checkoutMetadata,
  type CancelledNow,
  type CheckoutSessionInfo,
  type CheckoutSessionInput,
  type CreatedIntent,
  type IntentStatus,
  type PaymentIntentInfo,
  type PaymentIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscriptionStatus,
  type SubscriptionInfo,
} from './payments';
import { verifyStripeEvent } from './payments-signature';

/** Where the SDK sends its requests: Stripe's API, or a test's fake of it. */
export interface StripeNetwork {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  network?: StripeNetwork;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Stripe answers 404 `resource_missing` for an id it does not know (or of another account): "none". */
function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing');
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly o: StripeProviderOptions) {
    this.stripe = new Stripe(o.secretKey, {
      // Safe: every create carries an idempotency key, so a retried request makes nothing twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Little Museum' },
      ...o.network,
    });
  }

  async createPaymentIntent(input: PaymentIntentInput): Promise<CreatedIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`stripe: payment intent ${intent.id} came without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret, amount: intent.amount, currency: intent.currency };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id);
      const error = intent.last_payment_error;
      return {
        id: intent.id,
        status: intent.status as IntentStatus,
        amount: intent.amount,
        currency: intent.currency,
        metadata: { ...intent.metadata },
        lastError: error ? { code: error.decline_code ?? error.code ?? 'card_error', message: error.message ?? '' } : null,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }> {
    const metadata = checkoutMetadata(input);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.plan.currency,
              unit_amount: input.plan.amount,
              recurring: { interval: input.plan.interval as PlanInterval },
              product_data: { name: input.plan.name },
            },
          },
        ],
        client_reference_id: String(input.userId),
        customer_email: input.email,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
        // The subscription carries them too: its own events then name the account and plan.
        subscription_data: { metadata },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error(`stripe: checkout session ${session.id} came without a URL`);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(id);
      return {
        id: session.id,
        status: (session.status ?? 'open') as CheckoutSessionInfo['status'],
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        clientReferenceId: session.client_reference_id,
        metadata: { ...session.metadata },
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** checkout.sessions.expire, only while open (Stripe refuses the others); paid meanwhile, it answers complete. */
  async expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const session = await this.retrieveCheckoutSession(id);
    if (session?.status !== 'open') return session;
    try {
      await this.stripe.checkout.sessions.expire(id);
    } catch (err) {
      // Completed or expired between the two calls: what it is now is answered below.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
    return this.retrieveCheckoutSession(id);
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    try {
      return subscriptionInfo(await this.stripe.subscriptions.retrieve(id));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo> {
    return subscriptionInfo(await this.stripe.subscriptions.update(id, { cancel_at_period_end: true }));
  }

  /**
   * subscriptions.cancel (no proration, no final invoice), then, with `refund`, refunds.create for each paid payment
   * of its latest invoice (the invoice's payments, as listed since API 2025-03-31). Idempotency keys named after the
   * subscription and the payment make a retry (ours or the SDK's) cancel and refund nothing twice; an already
   * cancelled subscription is not cancelled again.
   */
  async cancelSubscriptionNow(id: string, options: { refund: boolean }): Promise<CancelledNow | null> {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(id);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
      sub = await this.stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false }, { idempotencyKey: `cancel-now-${id}` });
    }
    const invoiceId = idOf(sub.latest_invoice);
    if (!options.refund || !invoiceId) return { subscription: subscriptionInfo(sub), refund: null };

    const refunds: Stripe.Refund[] = [];
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent);
      const charge = idOf(payment.payment.charge);
      if (!intent && !charge) continue;
      try {
        refunds.push(
          await this.stripe.refunds.create(
            { ...(intent ? { payment_intent: intent } : { charge: charge! }), reason: 'duplicate', metadata: { subscription_id: id } },
            { idempotencyKey: `refund-${payment.id}` },
          ),
        );
      } catch (err) {
        // Refunded by an earlier call whose idempotency key has expired: nothing more to do.
        if (!(err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded')) throw err;
      }
    }
    const refund = refunds[0]
      ? { id: refunds[0].id, amount: refunds.reduce((sum, r) => sum + r.amount, 0), currency: refunds[0].currency }
      : null;
    return { subscription: subscriptionInfo(sub), refund };
  }

  async parseWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    return verifyStripeEvent(rawBody, signature, this.o.webhookSecret);
  }
}

/** A subscription's first item carries the price, and (from API 2025-03-31) the period. */
export function subscriptionInfo(sub: Stripe.Subscription): SubscriptionInfo {
  const item = sub.items?.data?.[0];
  const legacyEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  const end = item?.current_period_end ?? legacyEnd;
  return {
    id: sub.id,
    status: sub.status as ProviderSubscriptionStatus,
    customerId: idOf(sub.customer),
    currentPeriodEnd: typeof end === 'number' ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    amount: item?.price?.unit_amount ?? 0,
    currency: sub.currency,
    metadata: { ...sub.metadata },
  };
}
