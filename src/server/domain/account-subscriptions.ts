/**
 * Deleting an account ends its subscriptions at the provider first (decisions.md 2026-11-27; issue 27, finding 3):
 * otherwise the provider goes on charging a card for an account that no longer exists. Each one not ended yet is
 * cancelled at once (no refund: the period paid for was the account's), with a ledger row. The ledger outlives the
 * account with its user id set to null (billing_events' foreign key), so the request row also names the account's id
 * in `detail`, and the provider's id ties it to the rest of that subscription's history.
 *
 * A provider that cannot be reached is not the user's fault, and the account must not be deleted under a
 * subscription still running: 503 (the contract's "unavailable for now, try again") with M.paymentProviderUnavailable.
 */
import { and, eq, ne } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { Executor } from '../db/open';
import { checkoutSessions, subscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { errorFields, log } from '../log';
import { settleCheckout } from './billing';
import { recordCancelRequest } from './billing-events';
import { closeHere } from './subscription-guard';
import { applySubscription } from './subscriptions';

/** The account's subscriptions not ended yet (incomplete ones too: a late payment would start them). */
export const liveSubscriptions = (db: Executor, userId: number) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));

/** The provider's call; any failure but our own refusal is the provider out of reach: 503, nothing deleted. */
async function atProvider<T>(userId: number, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    log('error', `account ${userId}: the payment provider could not ${what}`, errorFields(err));
    throw new ApiError(503, M.paymentProviderUnavailable);
  }
}

/**
 * Closes the account's checkouts still open at the provider, so that none can be paid once the account is gone (its
 * subscription would then belong to nobody); one paid meanwhile is settled, so that its subscription is ended below.
 */
async function closeCheckoutsOf(deps: AppDeps, userId: number): Promise<void> {
  const open = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open'), eq(checkoutSessions.provider, deps.payments.name)),
    );
  for (const row of open) {
    await atProvider(userId, `expire ${row.providerSessionId}`, async () => {
      const session = await deps.payments.expireCheckoutSession(row.providerSessionId);
      if (session?.status === 'complete') await settleCheckout(deps, row.providerSessionId, 'user', userId);
    });
  }
}

/**
 * Cancels every live subscription of the account at the provider, now, after closing its open checkouts; 503 when
 * the provider cannot be reached.
 */
export async function endSubscriptionsOf(deps: AppDeps, userId: number): Promise<void> {
  await closeCheckoutsOf(deps, userId);
  for (const row of await liveSubscriptions(deps.db, userId)) {
    // Another provider's (after a switch of keys) cannot be reached from here: it is left to support, as before.
    if (row.provider !== deps.payments.name) {
      log('warn', `account ${userId}: subscription ${row.providerSubscriptionId} is at ${row.provider}, not cancelled`);
      continue;
    }
    await recordCancelRequest(deps.db, row, 'user', deps.clock(), { reason: 'account_deleted', user_id: userId });
    await atProvider(userId, `cancel ${row.providerSubscriptionId}`, async () => {
      const ended = await deps.payments.cancelSubscriptionNow(row.providerSubscriptionId, { refund: false });
      if (ended) await applySubscription(deps, ended.subscription, { actor: 'user', userId, planId: row.planId });
      else await closeHere(deps, row, 'unknown to the provider');
    });
  }
}
