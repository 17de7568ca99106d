/**
 * Plans and a family's subscription (works spec §3, §7, §9; decisions.md "Plans", "Free plan"; issue 13): the plans
 * list, a checkout at the provider's hosted page, the account's status (which, given the checkout's session id on the
 * payment-completion page, first settles that checkout with the provider, so the page is right even before the
 * webhook arrives), and cancelling at the period's end. Only the parent token reaches these (endpoint table): the
 * plan belongs to the account.
 */
import { randomUUID } from 'node:crypto';

import { and, asc, desc, eq } from 'drizzle-orm';

import type { SubscriptionStatus } from '@contract/billing';
import type { Language } from '@contract/limits';
import { M } from '@contract/messages';
import { checkoutSessions, plans, subscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { recordBillingEvent, recordCancelRequest, type BillingActor } from './billing-events';
import type { Auth } from './sessions';
import { applySubscription, inForceWhere, planView, subscriptionInForce, subscriptionStatusOf, syncSubscription } from './subscriptions';

/** Where Checkout returns: the payment-completion page (which calls the status with the session id), or the plans. */
const SUCCESS_PATH = '/payment-complete?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_PATH = '/plans';

export async function listPlans(deps: AppDeps) {
  const rows = await deps.db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
  return { count: rows.length, next: null, previous: null, results: rows.map(planView) };
}

/**
 * A checkout session at the provider for a family's paid plan, recorded with its account and plan. The free plan
 * needs none (422), the organization plan is arranged through the contact form (422), and an account whose paid plan
 * is in force (also when cancelled, until its period ends) cannot buy a second one (409).
 */
export async function startCheckout(
  deps: AppDeps,
  auth: Auth,
  planId: number,
  language?: Language,
): Promise<{ url: string; session_id: string }> {
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw ValidationError.of('planId', M.invalidValue.id);
  if (plan.amount === 0) throw new ApiError(422, M.planFree);
  if (plan.audience !== 'family') throw new ApiError(422, M.planNotForFamilies);
  const user = auth.user;
  if (await subscriptionInForce(deps.db, user.id, deps.clock())) throw new ApiError(409, M.alreadySubscribed);

  const session = await deps.payments.createCheckoutSession({
    plan: { id: plan.id, code: plan.code, name: plan.name, amount: plan.amount, currency: plan.currency, interval: plan.interval },
    userId: user.id,
    email: user.email,
    successUrl: `${deps.config.publicUrl}${SUCCESS_PATH}`,
    cancelUrl: `${deps.config.publicUrl}${CANCEL_PATH}`,
    // One request, one session: the key makes the SDK's own retries of this create safe.
    idempotencyKey: `checkout-${user.id}-${randomUUID()}`,
    language,
  });
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(checkoutSessions)
      .values({ userId: user.id, planId: plan.id, provider: deps.payments.name, providerSessionId: session.id, createdAt: now })
      .onConflictDoNothing();
    await recordBillingEvent(
      tx,
      {
        userId: user.id,
        kind: 'checkout.created',
        actor: 'user',
        provider: deps.payments.name,
        providerId: session.id,
        amount: plan.amount,
        currency: plan.currency,
        detail: { plan: plan.code },
      },
      now,
    );
  });
  return { url: session.url, session_id: session.id };
}

/**
 * Settles a checkout session with the provider: once complete, its subscription is retrieved and applied to the
 * account that started it. Idempotent (the completion page, the webhook and their replays all end here). Null when
 * neither we nor the provider know the session; `expectUserId` makes another account's session unknown too.
 */
export async function settleCheckout(
  deps: AppDeps,
  sessionId: string,
  actor: BillingActor,
  expectUserId?: number,
): Promise<{ userId: number } | null> {
  const provider = deps.payments.name;
  const [ours] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.providerSessionId, sessionId)));
  if (expectUserId !== undefined && ours && ours.userId !== expectUserId) return null;
  const session = await deps.payments.retrieveCheckoutSession(sessionId);
  if (!session) return null;
  const userId = ours?.userId ?? (/^\d{1,10}$/.test(session.clientReferenceId ?? '') ? Number(session.clientReferenceId) : null);
  if (userId === null || (expectUserId !== undefined && String(expectUserId) !== session.clientReferenceId)) return null;
  if (session.status !== 'complete' || !session.subscriptionId) return { userId };

  const planId = ours?.planId ?? (/^\d{1,10}$/.test(session.metadata.plan_id ?? '') ? Number(session.metadata.plan_id) : null);
  await syncSubscription(deps, session.subscriptionId, { actor, userId, planId });
  if (ours) {
    const now = deps.clock();
    await deps.db.transaction(async (tx) => {
      const [completed] = await tx
        .update(checkoutSessions)
        .set({ status: 'complete', completedAt: now })
        .where(and(eq(checkoutSessions.id, ours.id), eq(checkoutSessions.status, 'open')))
        .returning();
      if (completed) {
        await recordBillingEvent(tx, { userId, kind: 'checkout.completed', actor, provider, providerId: sessionId }, now);
      }
    });
  }
  return { userId };
}

/** The account's plan; with a session id (the payment-completion page), that checkout is settled first (404: not this account's). */
export async function subscriptionStatus(deps: AppDeps, auth: Auth, sessionId: string | undefined): Promise<SubscriptionStatus> {
  if (sessionId !== undefined && !(await settleCheckout(deps, sessionId, 'user', auth.user.id))) {
    throw new ApiError(404, M.notFound);
  }
  return subscriptionStatusOf(deps.db, auth.user.id, deps.clock());
}

/**
 * Cancels at the period's end, at the provider first (its answer is what is recorded): the plan stays in force
 * until then, and the limit applies to new uploads after. Cancelling again answers the same. Whatever is in force is
 * cancelled (the database keeps that to one row; a second one would otherwise renew unseen behind the first).
 */
export async function cancelSubscription(deps: AppDeps, auth: Auth): Promise<{ currentPeriodEnd: Date | null }> {
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(inForceWhere(auth.user.id, deps.clock()))
    .orderBy(desc(subscriptions.currentPeriodEnd));
  if (rows.length === 0) throw new ApiError(409, M.noSubscription);
  let currentPeriodEnd = rows[0]!.currentPeriodEnd;
  for (const row of rows.filter((r) => !r.cancelAtPeriodEnd)) {
    await recordCancelRequest(deps.db, row, 'user', deps.clock());
    const info = await deps.payments.cancelSubscriptionAtPeriodEnd(row.providerSubscriptionId);
    const applied = await applySubscription(deps, info, { actor: 'user', userId: row.userId, planId: row.planId });
    if (row === rows[0]) currentPeriodEnd = applied?.currentPeriodEnd ?? info.currentPeriodEnd;
  }
  return { currentPeriodEnd };
}
