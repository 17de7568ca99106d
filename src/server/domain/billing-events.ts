/**
 * The payment ledger (issue 13: "every state change of a payment or subscription is kept as a row"): one
 * `billing_events` row per change, saying who (account, profile), what (`kind`), when, through which provider object,
 * for how much and who caused it, so that support can answer "did I pay?" from the database alone. Written in the
 * transaction of the change it records, where there is one.
 */
import { billingEvents, type SubscriptionRow } from '../db/schema';
import type { Executor } from '../db/open';

export type BillingActor = (typeof billingEvents.$inferInsert)['actor'];

export interface BillingEvent {
  userId: number | null;
  profileId?: number | null;
  /** e.g. `checkout.created`, `subscription.active`, `subscription.renewed`, `subscription.cancel_requested`, `payment.failed`. */
  kind: string;
  actor: BillingActor;
  /** The provider and its object (intent, session, subscription); none for a change without one (a free sign-up). */
  provider?: string | null;
  providerId?: string | null;
  amount?: number | null;
  currency?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes the row; answers its id (a receipt names its payment's row). */
export async function recordBillingEvent(db: Executor, event: BillingEvent, at: Date): Promise<number> {
  const [row] = await db
    .insert(billingEvents)
    .values({
      userId: event.userId,
      profileId: event.profileId ?? null,
      kind: event.kind,
      actor: event.actor,
      provider: event.provider ?? null,
      providerId: event.providerId ?? null,
      amount: event.amount ?? null,
      currency: event.currency ?? null,
      detail: event.detail ?? null,
      createdAt: at,
    })
    .returning({ id: billingEvents.id });
  return row!.id;
}

/**
 * Who asked for a subscription to end, as a row of its own written before the provider is asked (a failure there
 * leaves the request on record); the state change itself is recorded by whoever applies the provider's answer.
 */
export const recordCancelRequest = (
  db: Executor,
  row: Pick<SubscriptionRow, 'userId' | 'provider' | 'providerSubscriptionId' | 'amount' | 'currency'>,
  actor: BillingActor,
  at: Date,
  detail?: Record<string, unknown>,
): Promise<number> =>
  recordBillingEvent(
    db,
    {
      userId: row.userId,
      kind: 'subscription.cancel_requested',
      actor,
      provider: row.provider,
      providerId: row.providerSubscriptionId,
      amount: row.amount,
      currency: row.currency,
      detail,
    },
    at,
  );
