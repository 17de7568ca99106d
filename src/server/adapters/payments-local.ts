/**
 * The local test provider (decisions.md "Payment providers"; issue 13): what Stripe does, with no network, so that CI
 * and a machine without keys go through the same lifecycle as production. Its objects (payment intents, checkout
 * sessions, subscriptions) are rows of `local_provider_objects`, so every instance sees them, as every instance sees
 * Stripe's. Ids are unguessable: an id made for an idempotency key is an HMAC of that key under the local webhook
 * secret (so a retried create finds the same object, as Stripe's Idempotency-Key does, and two concurrent creates
 * meet on the primary key); the others are random. A client secret is the capability to pay: it is derived from
 * its intent's id with the same secret and stored only as a hash.
 *
 * Events: every change is told to the app as Stripe tells it, as a JSON event signed with
 * `Stripe.webhooks.generateTestHeaderString` and handed to the very function the webhook route calls (in-process,
 * awaited; a failed delivery is logged, and the status and confirm calls settle the same state from this provider).
 *
 * Test cards (as Stripe's): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (card_declined); 4000 0000
 * 0000 9995 fails with insufficient_funds; any other number with a valid Luhn digit succeeds, as Stripe's other
 * brands' test cards do (nothing is charged here, and the number is never stored: only its last four digits). A
 * wrong Luhn digit (incorrect_number) or an expiry before this month (expired_card) is refused before the intent is
 * touched, as Stripe's card widget refuses them before any request.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';

import type { PlanInterval } from '@contract/billing';
import type { Db } from '../db/open';
import { localProviderObjects } from '../db/schema';
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
import { errorFields, log } from '../log';
import { addInterval, judgeCard, type Card, type CardError } from './payments-local-cards';
import { signStripeEvent, verifyStripeEvent } from './payments-signature';

export type { Card, CardError };

/** Hands a signed event to the webhook handler (the same one Stripe's deliveries reach). */
export type DeliverEvent = (rawBody: string, signature: string) => Promise<unknown>;

export interface LocalConfirmResult {
  status: 'succeeded' | 'requires_payment_method';
  paymentIntentId: string;
  error: CardError | null;
}

export interface LocalCheckoutView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  planId: number;
  successUrl: string;
  cancelUrl: string;
}

export type LocalPayResult =
  | { kind: 'paid'; redirectUrl: string }
  | { kind: 'refused'; error: CardError }
  /** Not open any more (paid already, or expired). */
  | { kind: 'closed' };

/** A local checkout session is open this long, as Stripe's are by default. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const hex = (bytes = 16) => randomBytes(bytes).toString('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

type Row = typeof localProviderObjects.$inferSelect;

interface IntentData {
  metadata: Record<string, string>;
  idempotency_key: string;
  last_error: { code: string; message: string } | null;
  card_last4?: string;
}

interface SessionData {
  plan_id: number;
  interval: PlanInterval;
  product_name: string;
  client_reference_id: string;
  customer_email: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  expires_at: string;
  idempotency_key: string;
  subscription_id: string | null;
  customer_id: string | null;
}

interface SubscriptionData {
  customer_id: string;
  interval: PlanInterval;
  current_period_end: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  /** Set once its payment was refunded (cancelSubscriptionNow). */
  refund?: { id: string; amount: number; currency: string; created: string };
}

/** What each kind of object keeps in its `data` column. */
interface ObjectData {
  payment_intent: IntentData;
  checkout_session: SessionData;
  subscription: SubscriptionData;
}

type Kind = keyof ObjectData;

/** A row read as its kind's object: `data` typed as that kind keeps it. */
type LocalObject<K extends Kind> = Omit<Row, 'kind' | 'data'> & { kind: K; data: ObjectData[K] };

type NewObject<K extends Kind> = Pick<LocalObject<K>, 'id' | 'kind' | 'status' | 'amount' | 'currency' | 'data'> & {
  clientSecretHash?: string;
};

/** The column is untyped jsonb; each kind's shape is the interface above. */
const jsonb = <K extends Kind>(data: ObjectData[K]) => data as unknown as Record<string, unknown>;
const asObject = <K extends Kind>(row: Row) => row as unknown as LocalObject<K>;
const objectRow = <K extends Kind>(object: NewObject<K>) => ({ ...object, data: jsonb<K>(object.data) });

function intentInfo(intent: LocalObject<'payment_intent'>): PaymentIntentInfo {
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    amount: intent.amount,
    currency: intent.currency,
    metadata: intent.data.metadata ?? {},
    lastError: intent.data.last_error ?? null,
  };
}

function subscriptionInfo(sub: LocalObject<'subscription'>): SubscriptionInfo {
  return {
    id: sub.id,
    status: sub.status as ProviderSubscriptionStatus,
    customerId: sub.data.customer_id,
    currentPeriodEnd: new Date(sub.data.current_period_end),
    cancelAtPeriodEnd: sub.data.cancel_at_period_end,
    amount: sub.amount,
    currency: sub.currency,
    metadata: sub.data.metadata,
  };
}

/** Where the browser goes once the session is paid. */
const successUrlOf = (session: LocalObject<'checkout_session'>) => session.data.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

export interface LocalProviderOptions {
  db: Db;
  clock: () => Date;
  publicUrl: string;
  /** config.localWebhookSecret: signs the events, and keys the ids and client secrets. */
  webhookSecret: string;
  deliver: DeliverEvent;
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(private readonly o: LocalProviderOptions) {}

  private keyed(label: string, value: string): string {
    return createHmac('sha256', this.o.webhookSecret).update(`${label}:${value}`).digest('hex').slice(0, 32);
  }

  private clientSecretOf(intentId: string): string {
    return `${intentId}_secret_${this.keyed('client-secret', intentId)}`;
  }

  private async find<K extends Kind>(id: string, kind: K): Promise<LocalObject<K> | null> {
    // Only this provider's own ids are looked up (a path segment may hold anything, NUL bytes included).
    if (!/^(pi|cs|sub)_local_[0-9a-f]{32}$/.test(id)) return null;
    const [row] = await this.o.db
      .select()
      .from(localProviderObjects)
      .where(and(eq(localProviderObjects.id, id), eq(localProviderObjects.kind, kind)));
    return row ? asObject<K>(row) : null;
  }

  /** An object made for an idempotency key: the first create makes it, a retried or concurrent one finds it. */
  private async createOnce<K extends Kind>(object: NewObject<K>): Promise<void> {
    await this.o.db.insert(localProviderObjects).values(objectRow(object)).onConflictDoNothing();
  }

  // ---- payment intents -------------------------------------------------------------------------

  async createPaymentIntent(input: PaymentIntentInput): Promise<CreatedIntent> {
    const id = `pi_local_${this.keyed('payment_intent', input.idempotencyKey)}`;
    const clientSecret = this.clientSecretOf(id);
    await this.createOnce({
      id,
      kind: 'payment_intent',
      status: 'requires_payment_method',
      amount: input.amount,
      currency: input.currency,
      clientSecretHash: sha256(clientSecret),
      data: { metadata: input.metadata, idempotency_key: input.idempotencyKey, last_error: null },
    });
    const row = (await this.find(id, 'payment_intent'))!;
    // Stripe refuses a key reused with other parameters (idempotency_error); so does this provider.
    if (row.amount !== input.amount || row.currency !== input.currency) {
      throw new Error(`local payments: idempotency key reused with other parameters (${id})`);
    }
    return { id, clientSecret, amount: row.amount, currency: row.currency };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    const intent = await this.find(id, 'payment_intent');
    return intent && intentInfo(intent);
  }

  /**
   * As stripe.confirmPayment: pays the intent its client secret names with a test card. Null when the secret names
   * no intent (or is not its secret). An intent already paid answers succeeded again and is not charged twice.
   */
  async confirmIntent(clientSecret: string, card: Card): Promise<LocalConfirmResult | null> {
    const id = /^(pi_local_[0-9a-f]{32})_secret_[0-9a-f]{32}$/.exec(clientSecret)?.[1];
    if (!id) return null;
    const row = await this.find(id, 'payment_intent');
    if (!row?.clientSecretHash || !sameText(row.clientSecretHash, sha256(clientSecret))) return null;
    if (row.status === 'succeeded') return { status: 'succeeded', paymentIntentId: id, error: null };
    if (row.status === 'canceled') return null;

    const refusal = judgeCard(card, this.o.clock());
    // Refused by the card form itself: the intent is not touched and nothing is told (as Stripe.js's widget).
    if (refusal && (refusal.code === 'incorrect_number' || refusal.code === 'expired_card')) {
      return { status: 'requires_payment_method', paymentIntentId: id, error: refusal };
    }
    const status: IntentStatus = refusal ? 'requires_payment_method' : 'succeeded';
    const lastError = refusal ? { code: refusal.code, message: refusal.msg.message } : null;
    const last4 = card.card_number.replace(/\D/g, '').slice(-4);
    // Only an intent not paid yet changes: two confirms at once charge once.
    const [updated] = await this.o.db
      .update(localProviderObjects)
      .set({
        status,
        data: sql`${localProviderObjects.data} || ${JSON.stringify({ last_error: lastError, card_last4: last4 })}::jsonb`,
        updatedAt: this.o.clock(),
      })
      .where(and(eq(localProviderObjects.id, id), sql`${localProviderObjects.status} <> 'succeeded'`))
      .returning();
    if (!updated) return { status: 'succeeded', paymentIntentId: id, error: null };

    const intent = (await this.retrievePaymentIntent(id))!;
    await this.emit(refusal ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', {
      id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      metadata: intent.metadata,
      last_payment_error: lastError,
    });
    return { status: refusal ? 'requires_payment_method' : 'succeeded', paymentIntentId: id, error: refusal };
  }

  // ---- checkout sessions -----------------------------------------------------------------------

  async createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }> {
    const id = `cs_local_${this.keyed('checkout_session', input.idempotencyKey)}`;
    await this.createOnce({
      id,
      kind: 'checkout_session',
      status: 'open',
      amount: input.plan.amount,
      currency: input.plan.currency,
      data: {
        plan_id: input.plan.id,
        interval: input.plan.interval as PlanInterval,
        product_name: input.plan.name,
        client_reference_id: String(input.userId),
        customer_email: input.email,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: checkoutMetadata(input),
        expires_at: new Date(this.o.clock().getTime() + SESSION_LIFETIME_MS).toISOString(),
        idempotency_key: input.idempotencyKey,
        subscription_id: null,
        customer_id: null,
      },
    });
    return { id, url: `${this.o.publicUrl}/local-checkout?session=${encodeURIComponent(id)}` };
  }

  /** An open session past its lifetime reads as expired (as Stripe's expire). */
  private sessionStatus(session: LocalObject<'checkout_session'>): 'open' | 'complete' | 'expired' {
    if (session.status === 'open' && Date.parse(session.data.expires_at) <= this.o.clock().getTime()) return 'expired';
    return session.status as 'open' | 'complete' | 'expired';
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const session = await this.find(id, 'checkout_session');
    if (!session) return null;
    const { data } = session;
    return {
      id: session.id,
      status: this.sessionStatus(session),
      subscriptionId: data.subscription_id,
      customerId: data.customer_id,
      clientReferenceId: data.client_reference_id,
      metadata: data.metadata,
    };
  }

  /** As Stripe's expire: an open session closes (payCheckout locks the row, so a payment and this do not cross). */
  async expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    if (!(await this.find(id, 'checkout_session'))) return null;
    await this.o.db
      .update(localProviderObjects)
      .set({ status: 'expired', updatedAt: this.o.clock() })
      .where(and(eq(localProviderObjects.id, id), eq(localProviderObjects.status, 'open')));
    return this.retrieveCheckoutSession(id);
  }

  /** What the hosted checkout page shows; null for an unknown session. */
  async checkoutView(id: string): Promise<LocalCheckoutView | null> {
    const session = await this.find(id, 'checkout_session');
    if (!session) return null;
    return {
      id: session.id,
      status: this.sessionStatus(session),
      planId: session.data.plan_id,
      successUrl: successUrlOf(session),
      cancelUrl: session.data.cancel_url,
    };
  }

  /**
   * Pays an open session with a test card: a customer and an active subscription whose first period starts now,
   * the session complete, then `checkout.session.completed` and `customer.subscription.created` told to the app.
   * Null for an unknown session.
   */
  async payCheckout(id: string, card: Card): Promise<LocalPayResult | null> {
    const found = await this.find(id, 'checkout_session');
    if (!found) return null;
    if (this.sessionStatus(found) !== 'open') return { kind: 'closed' };
    const refusal = judgeCard(card, this.o.clock());
    if (refusal) return { kind: 'refused', error: refusal };

    const now = this.o.clock();
    const subscriptionId = `sub_local_${hex()}`;
    const customerId = `cus_local_${hex()}`;
    const paid = await this.o.db.transaction(async (tx) => {
      // The session is locked: two payments at once make one subscription.
      const [locked] = await tx.select().from(localProviderObjects).where(eq(localProviderObjects.id, id)).for('update');
      const session = locked && asObject<'checkout_session'>(locked);
      if (!session || this.sessionStatus(session) !== 'open') return null;
      const { data } = session;
      const sub: SubscriptionData = {
        customer_id: customerId,
        interval: data.interval,
        current_period_end: addInterval(now, data.interval).toISOString(),
        cancel_at_period_end: false,
        metadata: data.metadata,
      };
      await tx.insert(localProviderObjects).values(
        objectRow({
          id: subscriptionId,
          kind: 'subscription',
          status: 'active',
          amount: session.amount,
          currency: session.currency,
          data: sub,
        }),
      );
      await tx
        .update(localProviderObjects)
        .set({
          status: 'complete',
          data: jsonb<'checkout_session'>({ ...data, subscription_id: subscriptionId, customer_id: customerId }),
          updatedAt: now,
        })
        .where(eq(localProviderObjects.id, id));
      return session;
    });
    if (!paid) return { kind: 'closed' };

    await this.emit('checkout.session.completed', {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: paid.data.client_reference_id,
      customer: customerId,
      subscription: subscriptionId,
      metadata: paid.data.metadata,
    });
    await this.emitSubscription('customer.subscription.created', subscriptionId);
    return { kind: 'paid', redirectUrl: successUrlOf(paid) };
  }

  // ---- subscriptions ---------------------------------------------------------------------------

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    const sub = await this.find(id, 'subscription');
    return sub && subscriptionInfo(sub);
  }

  async cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo> {
    await this.o.db
      .update(localProviderObjects)
      .set({
        data: sql`${localProviderObjects.data} || '{"cancel_at_period_end": true}'::jsonb`,
        updatedAt: this.o.clock(),
      })
      .where(and(eq(localProviderObjects.id, id), eq(localProviderObjects.kind, 'subscription')));
    const info = await this.retrieveSubscription(id);
    if (!info) throw new Error(`local payments: no subscription ${id}`);
    await this.emitSubscription('customer.subscription.updated', id);
    return info;
  }

  /**
   * As Stripe's subscriptions.cancel (and refunds.create on its payment): ended now, under a row lock so that two
   * calls at once end it once and refund it once; `customer.subscription.deleted` is told when it ends.
   */
  async cancelSubscriptionNow(id: string, options: { refund: boolean }): Promise<CancelledNow | null> {
    const now = this.o.clock();
    const done = await this.o.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(localProviderObjects)
        .where(and(eq(localProviderObjects.id, id), eq(localProviderObjects.kind, 'subscription')))
        .for('update');
      if (!locked) return null;
      const sub = asObject<'subscription'>(locked);
      const ends = sub.status !== 'canceled';
      const refund =
        sub.data.refund ??
        (options.refund ? { id: `re_local_${hex()}`, amount: sub.amount, currency: sub.currency, created: now.toISOString() } : undefined);
      if (ends || refund !== sub.data.refund) {
        await tx
          .update(localProviderObjects)
          .set({ status: 'canceled', data: jsonb<'subscription'>({ ...sub.data, refund }), updatedAt: now })
          .where(eq(localProviderObjects.id, id));
      }
      return { ends, refund };
    });
    if (!done) return null;
    if (done.ends) await this.emitSubscription('customer.subscription.deleted', id);
    const info = (await this.retrieveSubscription(id))!;
    const refund = done.refund ? { id: done.refund.id, amount: done.refund.amount, currency: done.refund.currency } : null;
    return { subscription: info, refund };
  }

  /**
   * Stripe's billing clock: a due subscription not cancelled is renewed (the card always pays here) for the next
   * period (`invoice.paid`, `customer.subscription.updated`); a cancelled one ends at its period's end
   * (`customer.subscription.deleted`). Each change is one conditional update on the period it saw, so two instances
   * sweeping at once renew once. Called from main.ts's sweep.
   */
  async sweep(): Promise<void> {
    const now = this.o.clock();
    const due = await this.o.db
      .select()
      .from(localProviderObjects)
      .where(
        and(
          eq(localProviderObjects.kind, 'subscription'),
          eq(localProviderObjects.status, 'active'),
          sql`(${localProviderObjects.data}->>'current_period_end')::timestamptz <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .limit(500);
    for (const row of due) {
      const { data } = asObject<'subscription'>(row);
      const samePeriod = and(
        eq(localProviderObjects.id, row.id),
        eq(localProviderObjects.status, 'active'),
        sql`${localProviderObjects.data}->>'current_period_end' = ${data.current_period_end}`,
      );
      if (data.cancel_at_period_end) {
        const [ended] = await this.o.db
          .update(localProviderObjects)
          .set({ status: 'canceled', updatedAt: now })
          .where(samePeriod)
          .returning();
        if (ended) await this.emitSubscription('customer.subscription.deleted', row.id);
        continue;
      }
      let end = new Date(data.current_period_end);
      while (end <= now) end = addInterval(end, data.interval);
      // Merged, and only while not cancelled: a cancellation at this moment is neither lost nor renewed over.
      const [renewed] = await this.o.db
        .update(localProviderObjects)
        .set({
          data: sql`${localProviderObjects.data} || ${JSON.stringify({ current_period_end: end.toISOString() })}::jsonb`,
          updatedAt: now,
        })
        .where(and(samePeriod, sql`coalesce((${localProviderObjects.data}->>'cancel_at_period_end')::boolean, false) = false`))
        .returning();
      if (!renewed) continue;
      await this.emit('invoice.paid', {
        id: `in_local_${hex()}`,
        object: 'invoice',
        status: 'paid',
        amount_paid: row.amount,
        currency: row.currency,
        customer: data.customer_id,
        subscription: row.id,
        parent: { type: 'subscription_details', subscription_details: { subscription: row.id, metadata: data.metadata } },
      });
      await this.emitSubscription('customer.subscription.updated', row.id);
    }
  }

  // ---- events ----------------------------------------------------------------------------------

  async parseWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    return verifyStripeEvent(rawBody, signature, this.o.webhookSecret);
  }

  private async emitSubscription(type: string, id: string): Promise<void> {
    const row = await this.find(id, 'subscription');
    if (!row) return;
    const sub = subscriptionInfo(row);
    await this.emit(type, {
      id,
      object: 'subscription',
      status: sub.status,
      customer: sub.customerId,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      currency: sub.currency,
      metadata: sub.metadata,
      items: {
        object: 'list',
        data: [
          {
            object: 'subscription_item',
            current_period_end: unix(sub.currentPeriodEnd!),
            price: { unit_amount: sub.amount, currency: sub.currency, recurring: { interval: row.data.interval } },
          },
        ],
      },
    });
  }

  /** Signs the event as Stripe signs its deliveries and hands it to the webhook handler; a failure is logged. */
  private async emit(type: string, object: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_local_${hex()}`,
      object: 'event',
      type,
      created: unix(this.o.clock()),
      livemode: false,
      data: { object },
    });
    const signature = signStripeEvent(payload, this.o.webhookSecret);
    try {
      await this.o.deliver(payload, signature);
    } catch (err) {
      log('error', `the local payment provider's ${type} event was not handled`, errorFields(err));
    }
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
