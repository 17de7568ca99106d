/**
 * One paid subscription in force per account (decisions.md 2026-11-27; issue 27, finding 1). The hosted page and
 * startCheckout refuse a second checkout while a plan is in force, but a provider can still take two payments (two
 * Stripe Checkout pages open, then both paid). So whenever a subscription is about to hold the account's place (a
 * paid row active or past_due: the rows of the database's partial unique index), the account's other rows holding
 * it are looked at first:
 * - one in force: the newcomer is a duplicate, cancelled at the provider and refunded at once, with a ledger row;
 * - one whose period has ended but which still reads active (the provider's word has not come): synced from the
 *   provider, and if it is still active there with its period over, cancelled there now (it cannot be in force any
 *   more, and must not renew behind the new one).
 * Two newcomers at the same moment both find the place free; the database lets one in, and the other's write fails
 * on the index and is refunded the same way. No provider call is made inside a transaction.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';

import type { SubscriptionInfo } from '../adapters/payments';
import { billingEvents, subscriptions, type SubscriptionRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { log } from '../log';
import { recordBillingEvent, recordCancelRequest } from './billing-events';
// A cycle with subscriptions.ts, used only inside functions: applySubscription calls this file, which applies what
// the provider says of the other rows through it.
import { applySubscription as apply, isInForce, rowStatus, type SyncContext } from './subscriptions';

/** Whether this state of the subscription holds the account's one place (the index's predicate). */
export const holdsPlace = (status: SubscriptionRow['status'], amount: number) =>
  (status === 'active' || status === 'past_due') && amount > 0;

/**
 * Clears the account's place for `info`: the row in force that keeps it (the newcomer is then a duplicate), or null
 * when the place is free. Lapsed rows are synced, and closed at the provider when they still claim to run.
 */
export async function makeRoom(deps: AppDeps, userId: number, info: SubscriptionInfo): Promise<SubscriptionRow | null> {
  const others = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'past_due']),
        ne(subscriptions.providerSubscriptionId, info.id),
      ),
    );
  for (const row of others) {
    if (row.amount <= 0) continue;
    if (isInForce(row, deps.clock())) return row;
    const ctx: SyncContext = { actor: 'system', userId: row.userId, planId: row.planId };
    const fresh = row.provider === deps.payments.name ? await deps.payments.retrieveSubscription(row.providerSubscriptionId) : null;
    if (fresh && holdsPlace(rowStatus(fresh.status), fresh.amount)) {
      const synced = await apply(deps, fresh, ctx);
      if (synced && isInForce(synced, deps.clock())) return synced;
      // Still running at the provider with its period over (a renewal not paid, or an end not yet applied): ended
      // there now, so that it neither renews behind the new subscription nor holds its place.
      await recordCancelRequest(deps.db, row, 'system', deps.clock(), { reason: 'lapsed', replaced_by: info.id });
      const ended = await deps.payments.cancelSubscriptionNow(row.providerSubscriptionId, { refund: false });
      if (ended) await apply(deps, ended.subscription, ctx);
    } else if (fresh) {
      await apply(deps, fresh, ctx);
    }
    // Unknown to the provider (or another provider's, after a switch): it cannot run, so it is closed here.
    if (!fresh) await closeHere(deps, row);
  }
  return null;
}

/** A row whose subscription the provider does not know: nothing runs there, so it is ended here, with its ledger row. */
export async function closeHere(deps: AppDeps, row: SubscriptionRow, reason = 'lapsed and unknown to the provider'): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(eq(subscriptions.id, row.id), ne(subscriptions.status, 'canceled')))
      .returning();
    if (!closed) return;
    await recordBillingEvent(
      tx,
      {
        userId: row.userId,
        kind: 'subscription.canceled',
        actor: 'system',
        provider: row.provider,
        providerId: row.providerSubscriptionId,
        amount: row.amount,
        currency: row.currency,
        detail: { reason },
      },
      now,
    );
  });
}

/**
 * The duplicate `info` ended and refunded at the provider, then written as the provider now sees it (cancelled),
 * with one `subscription.refunded` ledger row however many deliveries get here (the row is locked while checked).
 */
export async function refundDuplicate(
  deps: AppDeps,
  info: SubscriptionInfo,
  ctx: SyncContext,
  kept: Pick<SubscriptionRow, 'providerSubscriptionId'> | null,
): Promise<SubscriptionRow | null> {
  log('warn', `subscription ${info.id} would be a second one in force for its account: cancelled and refunded`);
  const done = await deps.payments.cancelSubscriptionNow(info.id, { refund: true });
  if (!done) return null;
  if (holdsPlace(rowStatus(done.subscription.status), done.subscription.amount)) {
    throw new Error(`subscription ${info.id}: the provider did not end it`);
  }
  const row = await apply(deps, done.subscription, ctx);
  const refund = done.refund;
  if (!row || !refund) return row;
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, row.id)).for('update');
    const [recorded] = await tx
      .select({ id: billingEvents.id })
      .from(billingEvents)
      .where(and(eq(billingEvents.kind, 'subscription.refunded'), eq(billingEvents.providerId, info.id)));
    if (recorded) return;
    await recordBillingEvent(
      tx,
      {
        userId: row.userId,
        kind: 'subscription.refunded',
        actor: 'system',
        provider: deps.payments.name,
        providerId: info.id,
        amount: refund.amount,
        currency: refund.currency,
        detail: { reason: 'second subscription in force', kept: kept?.providerSubscriptionId ?? null, refund_id: refund.id },
      },
      deps.clock(),
    );
  });
  return row;
}
