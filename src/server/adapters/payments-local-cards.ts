/**
 * The local test provider's rules (./payments-local.ts): its test cards, as Stripe's, and its billing periods.
 * 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (card_declined); 4000 0000 0000 9995 fails with
 * insufficient_funds; any other number with a valid Luhn digit succeeds (as Stripe's other brands' test cards do).
 * A wrong Luhn digit is incorrect_number, and an expiry before the current month expired_card.
 */
import type { PlanInterval } from '@contract/billing';
import { M, type Msg } from '@contract/messages';

export interface Card {
  card_number: string;
  exp: string;
  cvc: string;
}

/** A refusal as the payer sees it: Stripe's code, and our message for it (translated by the route). */
export interface CardError {
  code: string;
  msg: Msg;
}

const DECLINES: Record<string, CardError> = {
  '4000000000000002': { code: 'card_declined', msg: M.cardDeclined },
  '4000000000009995': { code: 'insufficient_funds', msg: M.cardInsufficientFunds },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's verdict: null when it pays. `exp` is `MM/YY` (checked by the contract); valid to its month's end. */
export function judgeCard(card: Card, now: Date): CardError | null {
  const digits = card.card_number.replace(/\D/g, '');
  if (!luhnValid(digits)) return { code: 'incorrect_number', msg: M.cardNumberInvalid };
  const [month, year] = card.exp.split('/').map((part) => Number(part.trim()));
  const expiry = (2000 + year!) * 12 + (month! - 1);
  if (expiry < now.getUTCFullYear() * 12 + now.getUTCMonth()) return { code: 'expired_card', msg: M.cardExpiryInvalid };
  return DECLINES[digits] ?? null;
}

/** The end of a period that starts at `from` (a month after Jan 31 is the last day of February, as Stripe bills). */
export function addInterval(from: Date, interval: PlanInterval): Date {
  const d = new Date(from);
  switch (interval) {
    case 'day':
      d.setUTCDate(d.getUTCDate() + 1);
      return d;
    case 'week':
      d.setUTCDate(d.getUTCDate() + 7);
      return d;
    case 'month':
    case 'year': {
      const months = interval === 'month' ? 1 : 12;
      const day = d.getUTCDate();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + months);
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      d.setUTCDate(Math.min(day, last));
      return d;
    }
  }
}
