/**
 * Plans and billing (works spec §7), the provider's webhook, and the local test provider's calls (issue 13). Thin:
 * the entry's checks have run (the parent token for the account's plan); call the domain and answer. The webhook's
 * body is read here as its exact text, since the signature is made over those bytes; it carries no cookie, so the
 * CSRF check (which applies only to requests with the cookie) lets it through.
 */
import { M } from '@contract/messages';
import { cancelSubscription, listPlans, startCheckout, subscriptionStatus } from '../domain/billing';
import { confirmLocalPayment, localCheckoutView, payLocalCheckout, type CardError } from '../domain/local-payments';
import { paymentHistory } from '../domain/payment-history';
import { handleWebhook } from '../domain/webhooks';
import type { Translate } from '../i18n';
import { linksOf } from './list-links';
import type { Handlers } from './register';

/** The provider's refusal as Stripe.js gives it: a code, and a message for the payer in their language. */
const payerError = (error: CardError | null, t: Translate) => (error ? { code: error.code, message: t(error.msg) } : null);

export const billingHandlers = {
  billingPlans: async ({ deps }) => listPlans(deps),
  billingCheckout: async ({ deps, auth, body, lang }) => startCheckout(deps, auth, body.planId, lang),
  billingStatus: async ({ deps, auth, query }) => subscriptionStatus(deps, auth, query.session_id),
  billingPayments: async ({ c, deps, auth, query }) => paymentHistory(deps, auth, query.page, linksOf(c)),
  billingCancel: async ({ deps, auth, t }) => {
    const { currentPeriodEnd } = await cancelSubscription(deps, auth);
    return { message: t(M.subscriptionCanceled), current_period_end: currentPeriodEnd?.toISOString() ?? null };
  },
  billingWebhook: async ({ c, deps }) => handleWebhook(deps, await c.req.text(), c.req.header('stripe-signature')),

  localPaymentConfirm: async ({ deps, body, t }) => {
    const { client_secret, ...card } = body;
    const result = await confirmLocalPayment(deps, client_secret, card);
    return { status: result.status, payment_intent_id: result.paymentIntentId, error: payerError(result.error, t) };
  },
  localCheckout: async ({ deps, params }) => localCheckoutView(deps, params.session),
  localCheckoutPay: async ({ deps, params, body, t }) => {
    const paid = await payLocalCheckout(deps, params.session, body);
    return { status: paid.error ? 'open' : 'complete', redirect_url: paid.redirectUrl, error: payerError(paid.error, t) };
  },
} satisfies Partial<Handlers>;
