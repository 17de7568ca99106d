/**
 * Plans and subscriptions as words (issue 13): a price in its currency, a plan's price per period, the day a
 * period ends, and where a subscription stands. The billing feature's pages and /account-payment-info read them.
 * Amounts are integers in the currency's smallest unit, which for JPY is the yen.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { Plan, PlanInterval, SubscriptionStatus } from '@contract/billing';
import { formatInJapan } from './japan-time';

/** Money as Japan and the US write it (en-GB would write "JP¥110"); dates as ./japan-time.ts writes them. */
const moneyLocale = (locale: string) => (locale === 'ja' ? 'ja-JP' : 'en-US');

/** How many minor units a currency has (JPY none, USD two). */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 0
    );
  } catch {
    return 0;
  }
}

/** An amount in its currency's smallest unit as the page's language writes money ("¥110", "￥1,980"). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  const digits = minorDigits(code);
  const value = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat(moneyLocale(locale), { style: 'currency', currency: code, maximumFractionDigits: digits }).format(value);
  } catch {
    return `${value} ${code}`;
  }
}

/** A plan's price for its period: "¥110 a month". */
export function planPriceLabel(i18n: I18n, plan: Pick<Plan, 'amount' | 'currency' | 'interval'>): string {
  const price = formatPrice(plan.amount, plan.currency, i18n.locale);
  const per: Record<PlanInterval, () => string> = {
    day: () => i18n._(msg`${price} a day`),
    week: () => i18n._(msg`${price} a week`),
    month: () => i18n._(msg`${price} a month`),
    year: () => i18n._(msg`${price} a year`),
  };
  return per[plan.interval]();
}

/** A day (the end of a paid period) in Japan time, as the page's language writes dates; '' when there is none. */
export function formatDay(iso: string | null | undefined, locale: string): string {
  return formatInJapan(iso, locale, { dateStyle: 'long' }) ?? '';
}

/** The free plan, as a failed status fetch falls back to it (works spec §8). */
export const FREE_STATUS: SubscriptionStatus = {
  active: false,
  status: 'none',
  plan: null,
  current_period_end: null,
  cancel_at_period_end: false,
};

/** Paid and unlimited: an active subscription whose plan costs something (works spec §4, "Membership"). */
export function isPaid(status: SubscriptionStatus): boolean {
  return status.active && status.plan !== null && status.plan.amount > 0;
}

/**
 * Where the account stands: on the free plan; paid and renewing on `current_period_end`; paid until then after a
 * cancellation; or a checkout begun but not (yet) paid.
 */
export type PlanPhase = 'free' | 'renews' | 'ends' | 'pending';

export function planPhase(status: SubscriptionStatus): PlanPhase {
  if (isPaid(status)) return status.cancel_at_period_end ? 'ends' : 'renews';
  if (status.status === 'incomplete' || status.status === 'past_due') return 'pending';
  return 'free';
}

/** The code of the plan in force: a paid plan while it is active, else the free one. */
export function currentPlanCode(status: SubscriptionStatus): Plan['code'] {
  return isPaid(status) && status.plan ? status.plan.code : 'free';
}

/** The plans a family compares, by code; the organization's is arranged through the contact form. */
export function plansByCode(plans: readonly Plan[]): Partial<Record<Plan['code'], Plan>> {
  const out: Partial<Record<Plan['code'], Plan>> = {};
  for (const plan of plans) if (!out[plan.code]) out[plan.code] = plan;
  return out;
}

/** How full the free plan is: the share of the limit used, 0 to 1 (null: unlimited). */
export function usedShare(total: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 1;
  return Math.min(1, Math.max(0, total / limit));
}
