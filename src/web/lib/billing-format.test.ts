import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import type { Plan, SubscriptionStatus } from '@contract/billing';
import {
  FREE_STATUS,
  currentPlanCode,
  formatDay,
  formatPrice,
  isPaid,
  planPhase,
  planPriceLabel,
  plansByCode,
  usedShare,
} from './billing-format';

const premium: Plan = {
  id: 2,
  code: 'premium',
  name: 'Premium',
  amount: 110,
  currency: 'jpy',
  interval: 'month',
  image_limit: null,
  audience: 'family',
};
const free: Plan = { ...premium, id: 1, code: 'free', name: 'Free', amount: 0, image_limit: 5 };
const active: SubscriptionStatus = {
  active: true,
  status: 'active',
  plan: premium,
  current_period_end: '2026-12-24T03:00:00Z',
  cancel_at_period_end: false,
};

describe('formatPrice', () => {
  it('writes yen without a minor unit', () => {
    expect(formatPrice(110, 'jpy', 'en')).toBe('¥110');
    expect(formatPrice(1980, 'JPY', 'en')).toBe('¥1,980');
    expect(formatPrice(1980, 'jpy', 'ja')).toMatch(/^[¥￥]1,980$/);
  });

  it('divides a currency with cents by 100', () => {
    expect(formatPrice(1250, 'usd', 'en')).toBe('$12.50');
  });

  it('falls back to the bare amount for an unknown code', () => {
    expect(formatPrice(5, 'zz', 'en')).toBe('5 ZZ');
  });
});

describe('planPriceLabel', () => {
  it('says the price per period', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(planPriceLabel(i18n, premium)).toBe('¥110 a month');
    expect(planPriceLabel(i18n, { ...premium, interval: 'year', amount: 1200 })).toBe('¥1,200 a year');
  });
});

describe('formatDay', () => {
  it('is the day in Japan, whatever the phone says', () => {
    // 20:00 UTC on the 23rd is already the 24th in Tokyo.
    expect(formatDay('2026-12-23T20:00:00Z', 'en')).toBe('24 December 2026');
    expect(formatDay('2026-12-23T20:00:00Z', 'ja')).toBe('2026年12月24日');
  });

  it('is empty for no date or a bad one', () => {
    expect(formatDay(null, 'en')).toBe('');
    expect(formatDay('soon', 'en')).toBe('');
  });
});

describe('the subscription', () => {
  it('is paid only while active on a plan that costs something', () => {
    expect(isPaid(active)).toBe(true);
    expect(isPaid(FREE_STATUS)).toBe(false);
    expect(isPaid({ ...active, plan: free })).toBe(false);
    expect(isPaid({ ...active, active: false, status: 'canceled' })).toBe(false);
  });

  it('renews, ends after a cancellation, waits for payment or is free', () => {
    expect(planPhase(active)).toBe('renews');
    expect(planPhase({ ...active, cancel_at_period_end: true })).toBe('ends');
    expect(planPhase({ ...FREE_STATUS, status: 'incomplete' })).toBe('pending');
    expect(planPhase({ ...active, active: false, status: 'canceled' })).toBe('free');
    expect(planPhase(FREE_STATUS)).toBe('free');
  });

  it('names the plan in force', () => {
    expect(currentPlanCode(active)).toBe('premium');
    expect(currentPlanCode({ ...active, active: false })).toBe('free');
  });
});

describe('plansByCode', () => {
  it('keeps the first plan of each code', () => {
    const byCode = plansByCode([free, premium, { ...premium, id: 9 }]);
    expect(byCode.free?.id).toBe(1);
    expect(byCode.premium?.id).toBe(2);
    expect(byCode.organization).toBeUndefined();
  });
});

describe('usedShare', () => {
  it('is the share of the limit, capped at full', () => {
    expect(usedShare(3, 5)).toBe(0.6);
    expect(usedShare(7, 5)).toBe(1);
    expect(usedShare(3, null)).toBeNull();
    expect(usedShare(0, 0)).toBe(1);
  });
});
