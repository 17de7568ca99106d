/**
 * Plans, subscriptions and the card payment provider (works spec §3, §7, §8, §9; decisions.md "Payment providers",
 * "Plans"; issue 13). Amounts are integers in the currency's smallest unit, which for JPY is the yen. The local test
 * provider's calls (`/api/payments/local/…`) stand where Stripe's own API and hosted pages stand when Stripe is
 * configured: they need no token, since the unguessable client secret or session id is the capability, as at Stripe.
 */
import { z } from 'zod';

import { M } from './messages';

export const PLAN_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
export const PLAN_CODES = ['free', 'premium', 'organization'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/**
 * A plan (works spec §3: id, amount, currency, interval), with its code, name, and the images it allows (null:
 * unlimited). `audience`: a family's plan, or an organization's (bought through the contact form, not checkout).
 */
export const plan = z.object({
  id: z.number(),
  code: z.enum(PLAN_CODES),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  image_limit: z.number().nullable(),
  audience: z.enum(['family', 'organization']),
});
export const planList = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(plan),
});

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/billing/create-checkout-session/ (works spec §7: `planId`). */
export const checkoutBody = z.object({ planId: dbId });
/** The URL the browser goes to: the provider's hosted checkout page. */
export const checkoutResponse = z.object({ url: z.string(), session_id: z.string() });

/** A checkout session id, as the provider names it (`cs_…`). */
export const checkoutSessionId = z
  .string()
  .trim()
  .max(255, M.paymentSessionInvalid.id)
  .regex(/^cs_[A-Za-z0-9_]+$/, M.paymentSessionInvalid.id);

/** GET /api/billing/subscription-status/: `session_id` (the payment-completion page) first settles that checkout. */
export const subscriptionQuery = z.object({ session_id: checkoutSessionId.optional() });

export const SUBSCRIPTION_STATES = ['none', 'incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * The account's subscription (works spec §3: active, plan {id, amount}). `active` is true while a paid plan is in
 * force (until `current_period_end`, also after a cancellation); `cancel_at_period_end` once it is cancelled.
 */
export const subscriptionStatus = z.object({
  active: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATES),
  plan: plan.nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});

export const cancelResponse = z.object({ message: z.string(), current_period_end: z.string().nullable() });

/** The webhook's answer (the provider reads only the status). */
export const webhookResponse = z.object({ received: z.boolean() });

// ---- the local test provider -------------------------------------------------------------------------

/**
 * A card as the local provider's form sends it. The number is checked by its length and Luhn digit; an expiry in the
 * past or an impossible month is refused, as a provider's widget would.
 */
export const localCard = z.object({
  card_number: z
    .string({ error: M.cardNumberInvalid.id })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, M.cardNumberInvalid.id)),
  exp: z
    .string({ error: M.cardExpiryInvalid.id })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, M.cardExpiryInvalid.id),
  cvc: z
    .string({ error: M.cardCvcInvalid.id })
    .trim()
    .regex(/^\d{3,4}$/, M.cardCvcInvalid.id),
});

/** POST /api/payments/local/confirm/: as stripe.confirmPayment, with the intent's client secret. */
export const localConfirmBody = localCard.extend({
  client_secret: z.string().trim().min(1, M.paymentSessionInvalid.id).max(255, M.paymentSessionInvalid.id),
});

/** The provider's error, as Stripe.js gives it: a code and a message for the payer. */
export const providerError = z.object({ code: z.string(), message: z.string() });

export const localConfirmResponse = z.object({
  status: z.enum(['succeeded', 'requires_payment_method']),
  payment_intent_id: z.string(),
  error: providerError.nullable(),
});

/** GET /api/payments/local/checkout/{session}/: what the local hosted checkout page shows. */
export const localCheckout = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  plan: plan,
  cancel_url: z.string(),
  success_url: z.string(),
});

/** POST …/pay/: paid, the browser goes to `redirect_url` (the payment-completion page). */
export const localCheckoutPayResponse = z.object({
  status: z.enum(['complete', 'open']),
  redirect_url: z.string().nullable(),
  error: providerError.nullable(),
});

export type Plan = z.infer<typeof plan>;
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export type LocalCheckout = z.infer<typeof localCheckout>;
export type ProviderError = z.infer<typeof providerError>;
