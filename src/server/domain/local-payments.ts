/**
 * The local test provider's own calls (`/api/payments/local/…`), which stand where Stripe.js's confirmPayment and
 * Stripe's hosted checkout page stand when Stripe is configured: pay an intent with a test card, show and pay a
 * checkout session. With Stripe configured they do not exist (404). They need no token: the unguessable client
 * secret or session id is the capability, as at Stripe. Their answers say what the provider did; what the app
 * grants is decided by the events they cause (domain/webhooks.ts) and the server's own retrieve, never by them.
 */
import { eq } from 'drizzle-orm';

import type { LocalCheckout } from '@contract/billing';
import { M } from '@contract/messages';
import { LocalPaymentProvider, type Card, type CardError, type LocalConfirmResult } from '../adapters/payments-local';
import { plans } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { planView, subscriptionInForce } from './subscriptions';

export type { CardError };

function localProvider(deps: AppDeps): LocalPaymentProvider {
  if (!(deps.payments instanceof LocalPaymentProvider)) throw new ApiError(404, M.notFound);
  return deps.payments;
}

/** A client secret that names no intent is refused like a missing one (works spec §8: "Invalid payment session"). */
export async function confirmLocalPayment(deps: AppDeps, clientSecret: string, card: Card): Promise<LocalConfirmResult> {
  const result = await localProvider(deps).confirmIntent(clientSecret, card);
  if (!result) throw ValidationError.of('client_secret', M.paymentSessionInvalid.id);
  return result;
}

export async function localCheckoutView(deps: AppDeps, sessionId: string): Promise<LocalCheckout> {
  const view = await localProvider(deps).checkoutView(sessionId);
  const [plan] = view ? await deps.db.select().from(plans).where(eq(plans.id, view.planId)) : [];
  if (!view || !plan) throw new ApiError(404, M.notFound);
  return { id: view.id, status: view.status, plan: planView(plan), cancel_url: view.cancelUrl, success_url: view.successUrl };
}

/**
 * Paid: where the browser goes next. A refused card leaves the session open; a closed one is 409, and so is one
 * whose account has a plan in force meanwhile (two checkouts started, one paid: issue 27), before any money is
 * taken. Two pages paid at the same moment both pass this; the second subscription is then refunded when applied.
 */
export async function payLocalCheckout(
  deps: AppDeps,
  sessionId: string,
  card: Card,
): Promise<{ redirectUrl: string; error: null } | { redirectUrl: null; error: CardError }> {
  const provider = localProvider(deps);
  const session = await provider.retrieveCheckoutSession(sessionId);
  const userId = /^\d{1,10}$/.test(session?.clientReferenceId ?? '') ? Number(session!.clientReferenceId) : null;
  if (session?.status === 'open' && userId !== null && (await subscriptionInForce(deps.db, userId, deps.clock()))) {
    throw new ApiError(409, M.alreadySubscribed);
  }
  const result = await provider.payCheckout(sessionId, card);
  if (!result) throw new ApiError(404, M.notFound);
  if (result.kind === 'closed') throw new ApiError(409, M.paymentSessionInvalid);
  if (result.kind === 'refused') return { redirectUrl: null, error: result.error };
  return { redirectUrl: result.redirectUrl, error: null };
}

/** main.ts's 5-minute sweep: the local provider's renewals and period ends (Stripe runs its own). */
export async function sweepLocalPayments(deps: AppDeps): Promise<void> {
  if (deps.payments instanceof LocalPaymentProvider) await deps.payments.sweep();
}
