/**
 * The receipt of a successful payment (issue 28, item 2): one e-mail per payment, sent when its ledger row is written
 * (a class's `signup.confirmed`, a plan's `subscription.active` or `subscription.renewed`), and that row is written
 * once however many confirm calls, webhook deliveries and replays arrive (the conditional update of the sign-up, the
 * subscription's row lock), so a replay sends no second receipt. The same for both providers: we send ours with
 * Stripe too (README). In the language the payer paid in (the sign-up's intent, the checkout's metadata), with the
 * amount and its tax line as Japanese receipts write it, the seller of the Specified Commercial Transactions notice
 * (contract/seller.ts) and a link to the payment history.
 */
import { eq } from 'drizzle-orm';

import { currencySymbol } from '@contract/currency';
import type { Language } from '@contract/limits';
import type { PaymentItem } from '@contract/payments';
import { SELLER } from '@contract/seller';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { translator, type Translate } from '../i18n';
import { errorFields, log } from '../log';
import { MAIL } from '../mail-messages';
import { sendMail } from './accounts';
import { paymentOfEvent } from './payment-history';

/** Currencies without minor units (Stripe's list, those we could meet); the others have two. */
const ZERO_DECIMAL = new Set(['jpy', 'krw', 'vnd', 'clp', 'pyg', 'ugx', 'xaf', 'xof']);

/** Money as a receipt writes it, in either language: "¥800", "¥1,980" (half-width, as the brief's receipts). */
export function formatMoney(amount: number, currency: string): string {
  const zero = ZERO_DECIMAL.has(currency.toLowerCase());
  const value = zero ? amount : amount / 100;
  const digits = zero ? 0 : 2;
  return `${currencySymbol(currency)}${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  ja: new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'long', timeStyle: 'short' }),
};

/** A moment as the payment e-mails write it, in Japan time: "2026年11月27日 10:00", "27 November 2026 at 10:00". */
export const mailTime = (lang: Language, at: Date): string => dateFormats[lang].format(at);

/** What was paid for, in words: 'the class "Watercolour"', "Premium plan (monthly)". */
export function paymentSubject(t: Translate, item: Pick<PaymentItem, 'artist_class' | 'plan'>): string {
  if (item.plan) {
    const plan = item.plan.code === 'premium' ? t(MAIL.planPremium) : item.plan.name;
    if (item.plan.interval === 'month') return t(MAIL.receiptPlanMonthly, { plan });
    if (item.plan.interval === 'year') return t(MAIL.receiptPlanYearly, { plan });
    return t(MAIL.receiptPlan, { plan });
  }
  return item.artist_class?.title ? t(MAIL.receiptClass, { class: item.artist_class.title }) : t(MAIL.receiptSomeClass);
}

/** The payment history's address, where every receipt and link e-mail points. */
export const historyUrl = (deps: AppDeps) => `${deps.config.publicUrl}/account-payment-info`;

/** E-mails the receipt of the payment recorded as ledger row `eventId` to its account. Never throws (logged). */
export async function sendReceipt(deps: AppDeps, eventId: number, lang: Language): Promise<void> {
  try {
    const item = await paymentOfEvent(deps.db, eventId);
    if (!item || item.status !== 'paid' || item.amount <= 0 || item.userId === null) return;
    const [account] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, item.userId));
    if (!account) return;
    const t = translator(lang);
    const subject = paymentSubject(t, item);
    sendMail(deps, account.email, lang, [MAIL.receiptSubject, MAIL.receiptBody], {
      item: subject,
      number: `LM-${String(item.id).padStart(6, '0')}`,
      date: mailTime(lang, new Date(item.created_at)),
      child: item.profile ? t(MAIL.receiptChildLine, { username: item.profile.username }) : '',
      amount: formatMoney(item.amount, item.currency),
      seller: SELLER.name[lang],
      address: SELLER.onRequest[lang],
      support: deps.config.supportEmail,
      link: historyUrl(deps),
    });
  } catch (err) {
    log('error', `the receipt of ledger row ${eventId} was not sent`, errorFields(err));
  }
}
