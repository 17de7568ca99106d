/**
 * The card payment provider behind one interface (architecture.md "Payments", issue 13): Stripe when
 * STRIPE_SECRET_KEY is set (./payments-stripe.ts, the official SDK), or else the local test provider
 * (./payments-local.ts), which follows the same lifecycle with no network: client secrets, a confirm step with test
 * cards, webhook-style events signed as Stripe signs them and delivered to the same handler, and a hosted checkout
 * page for subscriptions. The domain only ever trusts what it retrieves through this interface (or a verified
 * webhook event), never what a client says it paid.
 */

/** Stripe's payment intent statuses (the local provider uses the same names). */
export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export interface PaymentIntentInfo {
  id: string;
  status: IntentStatus;
  /** In the currency's smallest unit (yen). */
  amount: number;
  /** Lower case, as Stripe writes it: `jpy`. */
  currency: string;
  metadata: Record<string, string>;
  /** The last decline's code and message, when the provider gave one. */
  lastError: { code: string; message: string } | null;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
}

export interface CheckoutSessionInfo {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** The subscription it started, once complete. */
  subscriptionId: string | null;
  customerId: string | null;
  /** Our user id, as given when the session was created. */
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

export type ProviderSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface SubscriptionInfo {
  id: string;
  status: ProviderSubscriptionStatus;
  customerId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** A subscription ended at once (no renewal, no proration), and the refund of its latest payment when one was asked. */
export interface CancelledNow {
  subscription: SubscriptionInfo;
  /** The refund, also when an earlier call made it (the same one: a retry refunds nothing twice); null when none. */
  refund: { id: string; amount: number; currency: string } | null;
}

/** A verified event: its id (for de-duplication), type, and the id of the object it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  objectId: string;
  /** The object as the event carried it (read only for ids and metadata; states are retrieved again). */
  object: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {}

export interface PaymentIntentInput {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** Sent as Stripe's Idempotency-Key: a retried create makes no second intent. */
  idempotencyKey: string;
}

export interface CheckoutSessionInput {
  plan: { id: number; code: string; name: string; amount: number; currency: string; interval: string };
  userId: number;
  email: string;
  /** May contain `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** The payer's language (ja or en): kept in the metadata, so that each payment's receipt is written in it. */
  language?: string;
}

/** The metadata a checkout session and its subscription carry: which account took which plan. */
export const checkoutMetadata = (input: CheckoutSessionInput): Record<string, string> => ({
  plan_id: String(input.plan.id),
  user_id: String(input.userId),
  ...(input.language ? { language: input.language } : {}),
});

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createPaymentIntent(input: PaymentIntentInput): Promise<CreatedIntent>;
  /** Null when the provider has no such intent. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /** Closes an open session so that it can no longer be paid; answers its state after (complete: paid meanwhile). */
  expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  /** Cancels at the end of the paid period; the subscription stays active until then. */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo>;
  /**
   * Ends the subscription now; with `refund`, its latest paid invoice is refunded in full (a second subscription the
   * account should never have had: issue 27). Safe to repeat. Null when the provider has no such subscription; a
   * provider that cannot be reached throws.
   */
  cancelSubscriptionNow(id: string, options: { refund: boolean }): Promise<CancelledNow | null>;
  /** Verifies the signature over the exact raw body and parses the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
}
