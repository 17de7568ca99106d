/**
 * The account's payment history (issue 28, item 2; contract/payments.ts), read from the payment ledger alone
 * (`billing_events`, one row per change), so it answers "did I pay?" for every payment the app has taken or tried:
 * - a class: `signup.confirmed` with an amount (paid; a free sign-up is no payment), `payment.failed` (the card was
 *   refused), and `signup.pending` while that sign-up is still waiting for its payment;
 * - a plan: `subscription.active` (its first payment, or a renewal paid after a failure) and `subscription.renewed`
 *   (paid), `subscription.past_due` (a renewal the card did not pay), `subscription.refunded` (a second subscription
 *   the provider took, given back at once: issue 27).
 * Newest first (ties by the row's id), LIMITS.pageSizePayments a page. Only the account's own rows: the caller is the
 * parent token (endpoint table), whose user id is the only filter.
 */
import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';

import { LIMITS } from '@contract/limits';
import type { PaymentHistoryPage, PaymentItem, PaymentStatus } from '@contract/payments';
import type { Executor } from '../db/open';
import { artistClasses, billingEvents, classSignups, plans, profiles, subscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { pageLinks, type ListLinks } from './lists';
import type { Auth } from './sessions';

/** Each ledger kind the history shows, and the status it reads as. */
const STATUS_OF: Record<string, PaymentStatus> = {
  'signup.confirmed': 'paid',
  'signup.pending': 'pending',
  'payment.failed': 'failed',
  'subscription.active': 'paid',
  'subscription.renewed': 'paid',
  'subscription.past_due': 'failed',
  'subscription.refunded': 'refunded',
};

/** The kinds that are a payment of a subscription that costs something. */
export const PLAN_PAYMENT_KINDS = ['subscription.active', 'subscription.renewed'] as const;

const signupIdOf = sql`(${billingEvents.detail} ->> 'signup_id')::int`;
const isPlanRow = sql`${billingEvents.kind} like 'subscription.%'`;

/** The rows of the history, of any account (the caller adds whose). */
const shown: SQL = or(
  and(eq(billingEvents.kind, 'signup.confirmed'), gt(billingEvents.amount, 0)),
  eq(billingEvents.kind, 'payment.failed'),
  // Only while it waits: once paid, its `signup.confirmed` row tells the payment.
  and(eq(billingEvents.kind, 'signup.pending'), eq(classSignups.status, 'pending'), gt(billingEvents.amount, 0)),
  and(inArray(billingEvents.kind, ['subscription.active', 'subscription.renewed', 'subscription.past_due']), gt(billingEvents.amount, 0)),
  eq(billingEvents.kind, 'subscription.refunded'),
)!;

/** The ledger rows with what they are about: the sign-up and its class, the child, the subscription and its plan. */
function historyRows(db: Executor) {
  return db
    .select({
      id: billingEvents.id,
      userId: billingEvents.userId,
      kind: billingEvents.kind,
      createdAt: billingEvents.createdAt,
      amount: billingEvents.amount,
      currency: billingEvents.currency,
      detail: billingEvents.detail,
      classId: sql<number | null>`coalesce((${billingEvents.detail} ->> 'class_id')::int, ${classSignups.classId})`,
      classTitle: artistClasses.name,
      profileId: profiles.id,
      username: profiles.username,
      planCode: plans.code,
      planName: plans.name,
      planInterval: plans.interval,
    })
    .from(billingEvents)
    .leftJoin(classSignups, and(sql`${billingEvents.kind} not like 'subscription.%'`, eq(classSignups.id, signupIdOf)))
    .leftJoin(artistClasses, eq(artistClasses.id, sql`coalesce((${billingEvents.detail} ->> 'class_id')::int, ${classSignups.classId})`))
    .leftJoin(profiles, eq(profiles.id, billingEvents.profileId))
    .leftJoin(
      subscriptions,
      and(
        isPlanRow,
        eq(subscriptions.provider, billingEvents.provider),
        eq(subscriptions.providerSubscriptionId, billingEvents.providerId),
      ),
    )
    .leftJoin(plans, eq(plans.id, subscriptions.planId));
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyRows>['where']>>[number];

const failureOf = (detail: Record<string, unknown> | null): string | null => {
  const error = detail?.error as { code?: unknown } | null | undefined;
  return typeof error?.code === 'string' ? error.code.slice(0, 64) : null;
};

export function paymentItem(row: HistoryRow): PaymentItem {
  const status = STATUS_OF[row.kind] ?? 'paid';
  const isPlan = row.kind.startsWith('subscription.');
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    status,
    amount: row.amount ?? 0,
    currency: row.currency ?? 'jpy',
    artist_class: !isPlan && row.classId !== null ? { id: Number(row.classId), title: row.classTitle ?? null } : null,
    plan:
      isPlan && row.planCode && row.planName && row.planInterval
        ? { code: row.planCode, name: row.planName, interval: row.planInterval }
        : null,
    profile: row.profileId !== null && row.username !== null ? { id: row.profileId, username: row.username } : null,
    failure: status === 'failed' ? failureOf(row.detail) : null,
  };
}

/** One ledger row as the history shows it (a receipt reads it so); null when it is no payment of the history. */
export async function paymentOfEvent(db: Executor, eventId: number): Promise<(PaymentItem & { userId: number | null }) | null> {
  const [row] = await historyRows(db).where(and(eq(billingEvents.id, eventId), shown));
  return row ? { ...paymentItem(row), userId: row.userId } : null;
}

/** GET /api/billing/payments/: the account's payments, newest first. */
export async function paymentHistory(deps: AppDeps, auth: Auth, page: number, links: ListLinks): Promise<PaymentHistoryPage> {
  const size = LIMITS.pageSizePayments;
  const mine = and(eq(billingEvents.userId, auth.user.id), shown);
  const [rows, [total]] = await Promise.all([
    historyRows(deps.db)
      .where(mine)
      .orderBy(desc(billingEvents.createdAt), desc(billingEvents.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db
      .select({ n: count() })
      .from(billingEvents)
      .leftJoin(classSignups, and(sql`${billingEvents.kind} not like 'subscription.%'`, eq(classSignups.id, signupIdOf)))
      .where(mine),
  ]);
  const n = total?.n ?? 0;
  return { count: n, ...pageLinks(links, page, size, n), results: rows.map(paymentItem) };
}
