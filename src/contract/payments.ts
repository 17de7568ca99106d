/**
 * The account's payment history (issue 28, item 2: "a parent cannot see what they paid"): every payment of the
 * family, classes and plans, read from the payment ledger (`billing_events`), newest first, paged as every list
 * ({count, next, previous, results}, LIMITS.pageSizePayments a page). The parent token's alone.
 */
import { z } from 'zod';

import { PLAN_CODES, PLAN_INTERVALS } from './billing';

/** paid: the money was taken; refunded: taken and given back; failed: the card was refused; pending: not paid yet. */
export const PAYMENT_STATUSES = ['paid', 'refunded', 'failed', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentItem = z.object({
  /** The ledger row's id (also the receipt's number). */
  id: z.number(),
  /** When it happened (ISO instant); the PWA shows it in Japan time. */
  created_at: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** In the currency's smallest unit (yen). */
  amount: z.number(),
  currency: z.string(),
  /** A class sign-up's payment: the class (its title null once the class is gone). */
  artist_class: z.object({ id: z.number(), title: z.string().nullable() }).nullable(),
  /** A plan's payment: which plan, for which period. */
  plan: z.object({ code: z.enum(PLAN_CODES), name: z.string(), interval: z.enum(PLAN_INTERVALS) }).nullable(),
  /** The child it was for (a class); null for the account's plan, or a child deleted since. */
  profile: z.object({ id: z.number(), username: z.string() }).nullable(),
  /** Why a card was refused, as the provider said it (failed only). */
  failure: z.string().nullable(),
});

export const paymentHistoryPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(paymentItem),
});

export type PaymentItem = z.infer<typeof paymentItem>;
export type PaymentHistoryPage = z.infer<typeof paymentHistoryPage>;
