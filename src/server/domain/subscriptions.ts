/**
 * An account's subscriptions as the provider last told us (issue 13). A row is written only from what this server
 * retrieved from the provider, or what a verified event named and the provider then confirmed: never from what a
 * browser says. The rule that matters (works spec §4, decisions.md "Free plan"): a subscription is in force while its
 * status is active (or past_due, Stripe's grace while it retries a card), its period has not ended, and its amount
 * is not zero; cancelling keeps it in force until the period's end.
 *
 * Syncing is idempotent: the row is upserted on (provider, provider id), and locked while it is compared, so a
 * webhook, its replays and the payment-completion page's own retrieve, arriving together, write one change and one
 * ledger row.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';

import type { Plan, SubscriptionState, SubscriptionStatus } from '@contract/billing';
import type { ProviderSubscriptionStatus, SubscriptionInfo } from '../adapters/payments';
import type { Executor } from '../db/open';
import { isUniqueViolation } from '../db/errors';
import { plans, subscriptions, users, type PlanRow, type SubscriptionRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { log } from '../log';
import { recordBillingEvent, type BillingActor } from './billing-events';
import { PLAN_PAYMENT_KINDS } from './payment-history';
import { sendReceipt } from './receipts';
import { holdsPlace, makeRoom, refundDuplicate } from './subscription-guard';

type RowStatus = SubscriptionRow['status'];

/** Stripe's eight statuses, as the four the app acts on. */
export function rowStatus(status: ProviderSubscriptionStatus): RowStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'incomplete_expired':
    case 'canceled':
    case 'paused':
      return 'canceled';
  }
}

export function isInForce(row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'amount'>, now: Date): boolean {
  return (
    (row.status === 'active' || row.status === 'past_due') && row.amount > 0 && row.currentPeriodEnd !== null && row.currentPeriodEnd > now
  );
}

/** The SQL twin of isInForce. */
export const inForceWhere = (userId: number, now: Date) =>
  and(
    eq(subscriptions.userId, userId),
    inArray(subscriptions.status, ['active', 'past_due']),
    gt(subscriptions.currentPeriodEnd, now),
    gt(subscriptions.amount, 0),
  );

/** The account's subscription in force (the one paid furthest ahead), or null. */
export async function subscriptionInForce(db: Executor, userId: number, now: Date): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(inForceWhere(userId, now))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
}

export const planView = (row: PlanRow): Plan => ({
  id: row.id,
  code: row.code,
  name: row.name,
  amount: row.amount,
  currency: row.currency,
  interval: row.interval,
  image_limit: row.imageLimit,
  audience: row.audience,
});

/**
 * What the account's pages show: the subscription in force, else the newest one (ended, cancelled, incomplete),
 * else the free plan with status `none`. A period that has ended before the provider said so reads `canceled` when it
 * was cancelled, else `past_due` (its renewal not paid yet).
 */
export async function subscriptionStatusOf(db: Executor, userId: number, now: Date): Promise<SubscriptionStatus> {
  const row =
    (await subscriptionInForce(db, userId, now)) ??
    (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id)).limit(1))[0] ??
    null;
  if (!row) {
    const [free] = await db.select().from(plans).where(eq(plans.code, 'free'));
    return { active: false, status: 'none', plan: free ? planView(free) : null, current_period_end: null, cancel_at_period_end: false };
  }
  const [plan] = await db.select().from(plans).where(eq(plans.id, row.planId));
  const active = isInForce(row, now);
  // Its period over with no word from the provider yet: ended if it was cancelled, else a renewal not yet paid.
  const lapsed = !active && (row.status === 'active' || row.status === 'past_due');
  const state: SubscriptionState = lapsed ? (row.cancelAtPeriodEnd ? 'canceled' : 'past_due') : row.status;
  return {
    active,
    status: state,
    plan: plan ? planView(plan) : null,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
  };
}

export interface SyncContext {
  actor: BillingActor;
  /** Known from our own checkout row; otherwise read from the subscription's metadata (set by our checkout). */
  userId?: number | null;
  planId?: number | null;
}

const idFrom = (value: string | undefined): number | null => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

/** Retrieves the subscription from the provider and applies it; null when the provider or we cannot place it. */
export async function syncSubscription(deps: AppDeps, providerSubscriptionId: string, ctx: SyncContext): Promise<SubscriptionRow | null> {
  const info = await deps.payments.retrieveSubscription(providerSubscriptionId);
  return info ? applySubscription(deps, info, ctx) : null;
}

/**
 * Applies the provider's view of a subscription, keeping one in force per account (subscription-guard.ts): a
 * subscription about to hold the account's place while another one is in force is cancelled and refunded at the
 * provider instead, also when the database refuses it because another took the place at the same moment.
 */
export async function applySubscription(deps: AppDeps, info: SubscriptionInfo, ctx: SyncContext): Promise<SubscriptionRow | null> {
  if (!holdsPlace(rowStatus(info.status), info.amount)) return writeSubscription(deps, info, ctx);
  const [known] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, deps.payments.name), eq(subscriptions.providerSubscriptionId, info.id)));
  if (known && holdsPlace(known.status, known.amount)) return writeSubscription(deps, info, ctx);
  const userId = known?.userId ?? ctx.userId ?? idFrom(info.metadata.user_id);
  const kept = userId === null ? null : await makeRoom(deps, userId, info);
  if (kept) return refundDuplicate(deps, info, ctx, kept);
  try {
    return await writeSubscription(deps, info, ctx);
  } catch (err) {
    if (!isUniqueViolation(err) || userId === null) throw err;
    // Another subscription of this account took the place meanwhile (two payments at the same moment).
    return refundDuplicate(deps, info, ctx, await subscriptionInForce(deps.db, userId, deps.clock()));
  }
}

/**
 * Writes the provider's view of a subscription and a ledger row for each change it makes: `subscription.<status>`
 * when it starts or its status changes, `subscription.renewed` when a new period is paid,
 * `subscription.cancel_scheduled` (or `…cancel_withdrawn`) when its cancellation at the period's end changes
 * (the user's own request is a row of its own: billing.ts's cancelSubscription). Throws a unique violation when it
 * would be the account's second subscription in force.
 */
async function writeSubscription(deps: AppDeps, info: SubscriptionInfo, ctx: SyncContext): Promise<SubscriptionRow | null> {
  const provider = deps.payments.name;
  const now = deps.clock();
  const status = rowStatus(info.status);
  const values = {
    status,
    providerCustomerId: info.customerId,
    amount: info.amount,
    currency: info.currency,
    currentPeriodEnd: info.currentPeriodEnd,
    cancelAtPeriodEnd: info.cancelAtPeriodEnd,
  };
  // The ledger rows of payments this write records: each gets its receipt once the transaction has committed.
  const paid: number[] = [];
  const written = await deps.db.transaction(async (tx) => {
    const event = async (kind: string, userId: number, detail?: Record<string, unknown>) => {
      const id = await recordBillingEvent(
        tx,
        { userId, kind, actor: ctx.actor, provider, providerId: info.id, amount: info.amount, currency: info.currency, detail },
        now,
      );
      if ((PLAN_PAYMENT_KINDS as readonly string[]).includes(kind) && info.amount > 0) paid.push(id);
    };
    const byId = and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, info.id));
    let [row] = await tx.select().from(subscriptions).where(byId).for('update');
    if (!row) {
      const userId = ctx.userId ?? idFrom(info.metadata.user_id);
      const planId = ctx.planId ?? idFrom(info.metadata.plan_id);
      if (userId === null || planId === null) {
        log('warn', `subscription ${info.id} names no account or plan of ours: ignored`);
        return null;
      }
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
      if (!user || !plan) {
        log('warn', `subscription ${info.id}: account ${userId} or plan ${planId} is gone: ignored`);
        return null;
      }
      const [inserted] = await tx
        .insert(subscriptions)
        .values({ userId, planId, provider, providerSubscriptionId: info.id, ...values, createdAt: now, updatedAt: now })
        // Only a delivery of the same subscription is met here: the one-in-force index must still refuse.
        .onConflictDoNothing({ target: [subscriptions.provider, subscriptions.providerSubscriptionId] })
        .returning();
      if (inserted) {
        await event(`subscription.${status}`, userId, { period_end: info.currentPeriodEnd?.toISOString() ?? null });
        return inserted;
      }
      // Another delivery inserted it meanwhile: compare with theirs.
      [row] = await tx.select().from(subscriptions).where(byId).for('update');
      if (!row) return null;
    }

    const kinds: string[] = [];
    if (row.status !== status) kinds.push(`subscription.${status}`);
    else if (status === 'active' && (info.currentPeriodEnd?.getTime() ?? 0) > (row.currentPeriodEnd?.getTime() ?? 0)) {
      kinds.push('subscription.renewed');
    }
    if (row.cancelAtPeriodEnd !== info.cancelAtPeriodEnd) {
      kinds.push(info.cancelAtPeriodEnd ? 'subscription.cancel_scheduled' : 'subscription.cancel_withdrawn');
    }
    const changed =
      kinds.length > 0 ||
      row.currentPeriodEnd?.getTime() !== info.currentPeriodEnd?.getTime() ||
      row.amount !== info.amount ||
      row.providerCustomerId !== info.customerId;
    if (!changed) return row;
    const [updated] = await tx
      .update(subscriptions)
      .set({ ...values, updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning();
    for (const kind of kinds) await event(kind, row.userId, { period_end: info.currentPeriodEnd?.toISOString() ?? null });
    return updated ?? row;
  });
  const lang = info.metadata.language === 'en' ? 'en' : 'ja';
  for (const id of paid) await sendReceipt(deps, id, lang);
  return written;
}
