/**
 * The card form's text rules (the local provider's form, ui/local-card-form.tsx): the number grouped in fours, the
 * expiry as MM/YY, the checks a provider's widget makes before sending (length and Luhn digit, a month that exists
 * and has not passed, a 3 or 4 digit code). No React.
 */
import { M } from '@contract/messages';

/** The card number as typed, grouped in fours (`4242 4242 4242 4242`), digits only, at most 19. */
export function spaceCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry as typed, `MM/YY`: the slash comes by itself after the month. */
export function formatExpiry(raw: string, previous = ''): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit with it, so backspace is not stuck behind it.
  if (previous.endsWith('/') && raw.length < previous.length) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardValues {
  number: string;
  exp: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardValues, string>>;

/** The checks made before the card is sent; the errors are the contract's message ids (the provider's own wording). */
export function validateCard(values: CardValues, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = values.number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19 || !luhn(digits)) errors.number = M.cardNumberInvalid.id;
  const exp = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(values.exp.trim());
  if (!exp) errors.exp = M.cardExpiryInvalid.id;
  else {
    const month = Number(exp[1]);
    const year = 2000 + Number(exp[2]);
    // A card is good through the last day of its month.
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.exp = M.cardExpiryInvalid.id;
  }
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = M.cardCvcInvalid.id;
  return errors;
}
