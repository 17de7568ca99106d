/**
 * Issue 28, item 2: a parent sees what they paid. GET /api/billing/payments/ lists every payment of the account from
 * the ledger (a paid class with its child, a refused card, a sign-up still waiting, Premium, a refunded second
 * subscription), newest first and paged; only the parent token reaches it, and only its own family's rows. Every
 * successful payment sends one receipt e-mail (none for a webhook replay), in the language the payer paid in, with the
 * amount and its tax line, the seller of the commercial-transactions notice and a link to the history.
 */
import { randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { planList } from '@contract/billing';
import { LIMITS } from '@contract/limits';
import { paymentHistoryPage, type PaymentItem } from '@contract/payments';
import { SELLER } from '@contract/seller';
import type { LocalPaymentProvider } from '../adapters/payments-local';
import { users } from '../db/schema';
import { recordBillingEvent } from '../domain/billing-events';
import { classRow } from './classes-helpers';
import { decodeWords, organization } from './contests-helpers';
import { PASSWORD, startTestServer, type Mail, type TestServer } from './harness';
import { emailOf, family, type Family, type Kid } from './works-helpers';

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD = { card_number: CARD_OK, exp: '12/40', cvc: '123' };

let s: TestServer;
let org: number;
let premiumId = 0;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  org = await organization(s, 'Receipt Atelier');
  premiumId = planList.parse((await s.request('/api/billing/plans/')).body).results.find((p) => p.code === 'premium')!.id;
});
afterAll(() => s.close());

const history = (token: string | undefined, page = 1) => s.request(`/api/billing/payments/?page=${page}&language=en`, { token });

async function payments(token: string, page = 1): Promise<PaymentItem[]> {
  const res = await history(token, page);
  expect(res.status).toBe(200);
  return paymentHistoryPage.parse(res.body).results;
}

/** The child signs up for a paid class and pays it with `card` (the local provider's hosted card form). */
async function payClass(kid: Kid, classId: number, card: string, language: 'ja' | 'en') {
  const signup = await s.request(`/api/artist-classes/signup/?language=${language}`, {
    token: kid.access,
    // A child's paid sign-up needs the parent's word (issue 28, item 3): the parent's password on the child's device.
    json: { artist_class: classId, parent_password: PASSWORD },
  });
  expect(signup.status).toBe(201);
  const paid = await s.request(`/api/payments/local/confirm/?language=${language}`, {
    json: { client_secret: signup.body.payment_intent_client_secret, card_number: card, exp: '12/40', cvc: '123' },
  });
  expect(paid.status).toBe(200);
  if (card === CARD_OK) {
    const confirmed = await s.request(`/api/artist-classes/confirm-payment/?language=${language}`, {
      token: kid.access,
      json: { payment_intent: signup.body.payment_intent_id },
    });
    expect(confirmed.status).toBe(200);
  }
  return signup.body.payment_intent_id as string;
}

/** Premium through the local hosted checkout, as the plans page does it. */
async function subscribe(parent: string, language: 'ja' | 'en') {
  const res = await s.request(`/api/billing/create-checkout-session/?language=${language}`, { token: parent, json: { planId: premiumId } });
  expect(res.status).toBe(200);
  expect((await s.request(`/api/payments/local/checkout/${res.body.session_id}/pay/`, { json: CARD })).status).toBe(200);
  return res.body.session_id as string;
}

/** The receipts sent to `to` so far (subjects decoded), waiting a moment for at least `atLeast`. */
async function receipts(to: string, atLeast = 0): Promise<Mail[]> {
  for (let i = 0; ; i++) {
    const found = (await s.mails())
      .filter((m) => m.to === to)
      .map((m) => ({ ...m, subject: decodeWords(m.subject) }))
      .filter((m) => /receipt|領収書/.test(m.subject));
    if (found.length >= atLeast || i >= 60) return found;
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** A payment_intent.succeeded event as Stripe (and the local provider) delivers it, signed. */
async function replaySucceeded(intentId: string) {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: s.deps.config.localWebhookSecret });
  for (const _ of [1, 2]) {
    const res = await s.request('/api/billing/webhook/', { body: payload, headers: { 'Stripe-Signature': signature } });
    expect(res.status).toBe(200);
  }
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe('a Japanese family that paid a class, was refused a card and took Premium', () => {
  let f: Family;
  let email = '';
  let paidIntent = '';
  let paidClass = 0;
  let refusedClass = 0;
  beforeAll(async () => {
    f = await family(s, 1);
    email = await emailOf(s, f.parent);
    paidClass = await classRow(s, org, { name: '水彩のきほん', price: 800 });
    refusedClass = await classRow(s, org, { name: 'Clay animals', price: 1500 });
    paidIntent = await payClass(f.kids[0]!, paidClass, CARD_OK, 'ja');
    await payClass(f.kids[0]!, refusedClass, CARD_DECLINED, 'ja');
    await subscribe(f.parent, 'ja');
  });

  it('lists every payment, newest first, with what for, the child, the amount and the status', async () => {
    const res = await history(f.parent);
    expect(res.status).toBe(200);
    const page = paymentHistoryPage.parse(res.body);
    expect(page).toMatchObject({ count: 4, next: null, previous: null });
    const kid = f.kids[0]!;
    const [premium, failed, pending, paid] = page.results;
    expect(premium).toMatchObject({
      status: 'paid',
      amount: 110,
      currency: 'jpy',
      plan: { code: 'premium', interval: 'month' },
      artist_class: null,
      profile: null,
    });
    expect(failed).toMatchObject({
      status: 'failed',
      amount: 1500,
      artist_class: { id: refusedClass, title: 'Clay animals' },
      profile: { id: kid.id },
      failure: 'card_declined',
    });
    expect(pending).toMatchObject({ status: 'pending', amount: 1500, artist_class: { id: refusedClass } });
    expect(paid).toMatchObject({
      status: 'paid',
      amount: 800,
      currency: 'jpy',
      artist_class: { id: paidClass, title: '水彩のきほん' },
      profile: { id: kid.id },
      plan: null,
      failure: null,
    });
    const times = page.results.map((p) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('sends one receipt per successful payment in Japanese, with 税込, the seller and the history link; none for the refused card', async () => {
    const mails = await receipts(email, 2);
    expect(mails).toHaveLength(2);
    const classReceipt = mails.find((m) => m.text.includes('水彩のきほん'))!;
    expect(classReceipt.subject).toContain('領収書');
    expect(classReceipt.text).toContain('金額 ¥800（税込）');
    expect(classReceipt.text).toContain(`お子さま：${(await s.request('/api/profile/', { token: f.kids[0]!.access })).body.username}`);
    expect(classReceipt.text).toContain(`販売事業者：${SELLER.name.ja}`);
    expect(classReceipt.text).toContain(`所在地：${SELLER.onRequest.ja}`);
    expect(classReceipt.text).toContain('http://museum.test/account-payment-info');
    const planReceipt = mails.find((m) => m.text.includes('プレミアムプラン（月額）'))!;
    expect(planReceipt.text).toContain('金額 ¥110（税込）');
    expect(mails.some((m) => m.text.includes('Clay animals'))).toBe(false);
  });

  it('the class link e-mail states what was paid', async () => {
    const link = (await s.mails()).filter(
      (m) => m.to === email && m.text.includes('水彩のきほん') && !/領収書/.test(decodeWords(m.subject)),
    );
    expect(link).toHaveLength(1);
    expect(link[0]!.text).toContain('お支払い：¥800（税込）');
  });

  it('a webhook replay and a second confirm call send no second receipt and add no row', async () => {
    await replaySucceeded(paidIntent);
    const again = await s.request('/api/artist-classes/confirm-payment/?language=ja', {
      token: f.kids[0]!.access,
      json: { payment_intent: paidIntent },
    });
    expect(again.status).toBe(200);
    await settle();
    expect(await receipts(email)).toHaveLength(2);
    expect((await history(f.parent)).body.count).toBe(4);
  });

  it("is the parent token's alone: a child token 403, nobody 401, another family sees only its own", async () => {
    expect((await history(f.kids[0]!.access)).status).toBe(403);
    expect((await history(undefined)).status).toBe(401);
    const other = await family(s, 1);
    expect((await history(other.parent)).body).toMatchObject({ count: 0, results: [] });
    const theirClass = await classRow(s, org, { name: 'Their class', price: 500 });
    await payClass(other.kids[0]!, theirClass, CARD_OK, 'en');
    const theirs = await payments(other.parent);
    expect(theirs.map((p) => p.artist_class?.title)).toEqual(['Their class']);
    expect((await payments(f.parent)).some((p) => p.artist_class?.title === 'Their class')).toBe(false);
  });
});

describe('an English family', () => {
  it('gets its receipt in English, with the tax line and the seller', async () => {
    const f = await family(s, 1);
    const email = await emailOf(s, f.parent);
    const classId = await classRow(s, org, { name: 'Watercolour basics', price: 800 });
    await payClass(f.kids[0]!, classId, CARD_OK, 'en');
    const [receipt] = await receipts(email, 1);
    expect(receipt!.subject).toBe('Little Museum: your receipt for the class "Watercolour basics"');
    expect(receipt!.text).toContain('Amount: ¥800 (tax included)');
    expect(receipt!.text).toContain(`Seller: ${SELLER.name.en}`);
    expect(receipt!.text).toContain('All your payments:\nhttp://museum.test/account-payment-info');
    await subscribe(f.parent, 'en');
    const both = await receipts(email, 2);
    expect(both.map((m) => m.subject)).toContain('Little Museum: your receipt for Premium plan (monthly)');
  });
});

describe('a second subscription the provider took anyway (issue 27)', () => {
  it('shows as refunded beside the one paid, and only the paid one has a receipt', async () => {
    const f = await family(s, 1);
    const email = await emailOf(s, f.parent);
    const start = async () =>
      (await s.request('/api/billing/create-checkout-session/?language=en', { token: f.parent, json: { planId: premiumId } })).body
        .session_id as string;
    const a = await start();
    const b = await start();
    const local = s.deps.payments as LocalPaymentProvider;
    await local.payCheckout(a, CARD);
    await local.payCheckout(b, CARD);
    const list = await payments(f.parent);
    expect(list.map((p) => p.status)).toEqual(['refunded', 'paid']);
    expect(list[0]).toMatchObject({ amount: 110, plan: { code: 'premium' } });
    await settle();
    expect(await receipts(email)).toHaveLength(1);
  });
});

describe('paging', () => {
  it(`pages ${LIMITS.pageSizePayments} at a time, newest first, with next and previous`, async () => {
    const f = await family(s, 1);
    const [user] = await s.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, await emailOf(s, f.parent)));
    const classId = await classRow(s, org, { name: 'Many lessons', price: 300 });
    const total = LIMITS.pageSizePayments + 2;
    for (let i = 0; i < total; i++) {
      await recordBillingEvent(
        s.deps.db,
        {
          userId: user!.id,
          profileId: f.kids[0]!.id,
          kind: 'signup.confirmed',
          actor: 'webhook',
          provider: 'local',
          providerId: `pi_paging_${i}`,
          amount: 300 + i,
          currency: 'jpy',
          detail: { signup_id: null, class_id: classId },
        },
        new Date(Date.UTC(2026, 0, 1 + i)),
      );
    }
    const first = paymentHistoryPage.parse((await history(f.parent, 1)).body);
    expect(first.count).toBe(total);
    expect(first.results).toHaveLength(LIMITS.pageSizePayments);
    expect(first.results[0]!.amount).toBe(300 + total - 1);
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const second = paymentHistoryPage.parse((await history(f.parent, 2)).body);
    expect(second.results.map((p) => p.amount)).toEqual([301, 300]);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
    expect((await history(f.parent, 3)).body).toMatchObject({ count: total, results: [], next: null });
  });
});
