/**
 * Issue 27, findings 1 and 3, with the local test provider: one account holds at most one subscription in force.
 * A second checkout is refused at the hosted page once a plan is in force; one the provider took anyway (two pages
 * paid at once, as Stripe can) is cancelled and refunded at once, with its ledger row; the database refuses a second
 * in-force row; cancelling ends whatever is in force. Deleting an account cancels its subscriptions at the provider
 * first, and a provider that cannot be reached refuses the deletion and deletes nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { planList } from '@contract/billing';
import { M } from '@contract/messages';
import type { PaymentProvider } from '../adapters/payments';
import type { LocalPaymentProvider } from '../adapters/payments-local';
import { isUniqueViolation } from '../db/errors';
import { billingEvents, localProviderObjects, subscriptions, users } from '../db/schema';
import { sweepLocalPayments } from '../domain/local-payments';
import { translator } from '../i18n';
import { PASSWORD, startTestServer, type TestServer } from './harness';
import { emailOf, family, type Family } from './works-helpers';

const MONTH_AND_A_DAY = 32 * 24 * 60 * 60 * 1000;
const CARD = { card_number: '4242 4242 4242 4242', exp: '12/40', cvc: '123' };

let offset = 0;
let s: TestServer;
let premiumId = 0;
beforeAll(async () => {
  s = await startTestServer({ seed: false, clock: () => new Date(Date.now() + offset) });
  premiumId = planList.parse((await s.request('/api/billing/plans/')).body).results.find((p) => p.code === 'premium')!.id;
});
afterAll(() => s.close());

const local = () => s.deps.payments as LocalPaymentProvider;
const checkout = async (token: string) => {
  const res = await s.request('/api/billing/create-checkout-session/', { token, json: { planId: premiumId } });
  expect(res.status).toBe(200);
  return res.body.session_id as string;
};
const pay = (sessionId: string) => s.request(`/api/payments/local/checkout/${sessionId}/pay/`, { json: CARD });
const status = (token: string) => s.request('/api/billing/subscription-status/', { token });
const cancel = (token: string | undefined) => s.request('/api/billing/cancel-subscription/', { token, method: 'POST' });
const deleteAccount = (token: string | undefined, language = 'en') =>
  s.request(`/api/account/delete/?language=${language}`, { method: 'DELETE', token });

async function userIdOf(token: string): Promise<number> {
  const [user] = await s.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, await emailOf(s, token)));
  return user!.id;
}

/** The account's rows the app counts as in force (the partial unique index's rows). */
async function inForce(userId: number) {
  return s.deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])));
}

/** The provider's subscriptions made for this account (the local provider's own objects). */
async function providerSubscriptions(userId: number) {
  const rows = await s.deps.db.select().from(localProviderObjects).where(eq(localProviderObjects.kind, 'subscription'));
  return rows.filter((r) => (r.data as { metadata?: { user_id?: string } }).metadata?.user_id === String(userId));
}

const refundRows = (userId: number) =>
  s.deps.db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.userId, userId), eq(billingEvents.kind, 'subscription.refunded')));

/** Two checkouts started before either is paid, then both paid at the provider itself (as two Stripe pages can be). */
async function paidTwiceAtTheProvider(f: Family, order: 'first-then-second' | 'second-then-first' | 'together') {
  const a = await checkout(f.parent);
  const b = await checkout(f.parent);
  if (order === 'together') {
    await Promise.all([local().payCheckout(a, CARD), local().payCheckout(b, CARD)]);
  } else {
    const [x, y] = order === 'first-then-second' ? [a, b] : [b, a];
    expect((await local().payCheckout(x, CARD))?.kind).toBe('paid');
    expect((await local().payCheckout(y, CARD))?.kind).toBe('paid');
  }
  return { a, b };
}

async function expectOneKeptOneRefunded(userId: number) {
  const kept = await inForce(userId);
  expect(kept).toHaveLength(1);
  const atProvider = await providerSubscriptions(userId);
  expect(atProvider).toHaveLength(2);
  const other = atProvider.find((p) => p.id !== kept[0]!.providerSubscriptionId)!;
  expect(atProvider.find((p) => p.id === kept[0]!.providerSubscriptionId)!.status).toBe('active');
  expect(other.status).toBe('canceled');
  expect((other.data as { refund?: { amount: number } }).refund).toMatchObject({ amount: 110 });
  const refunds = await refundRows(userId);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ providerId: other.id, amount: 110, currency: 'jpy', actor: 'system' });
  return { kept: kept[0]!, refunded: other };
}

describe('a second checkout', () => {
  it("is refused at the local provider's hosted page once a plan is in force, and takes no money", async () => {
    const f = await family(s, 0);
    const a = await checkout(f.parent);
    const b = await checkout(f.parent);
    expect((await pay(a)).status).toBe(200);
    expect(await pay(b)).toMatchObject({ status: 409, body: { detail: M.alreadySubscribed.message } });
    const userId = await userIdOf(f.parent);
    expect(await providerSubscriptions(userId)).toHaveLength(1);
    expect((await local().retrieveCheckoutSession(b))?.status).toBe('open');
    expect(await inForce(userId)).toHaveLength(1);
  });

  for (const order of ['first-then-second', 'second-then-first', 'together'] as const) {
    it(`paid anyway at the provider (${order}): one kept, the other cancelled and refunded at once, one ledger row`, async () => {
      const f = await family(s, 0);
      const { a, b } = await paidTwiceAtTheProvider(f, order);
      const userId = await userIdOf(f.parent);
      const { kept } = await expectOneKeptOneRefunded(userId);
      expect((await status(f.parent)).body).toMatchObject({ active: true, status: 'active', cancel_at_period_end: false });
      // The completion page of either session, read again, changes nothing more.
      for (const sessionId of [a, b]) {
        expect((await s.request(`/api/billing/subscription-status/?session_id=${sessionId}`, { token: f.parent })).status).toBe(200);
      }
      expect((await inForce(userId)).map((r) => r.id)).toEqual([kept.id]);
      expect(await refundRows(userId)).toHaveLength(1);
    });
  }

  it('two hosted pages paid at the same moment leave exactly one subscription in force and refund any other', async () => {
    const f = await family(s, 0);
    const a = await checkout(f.parent);
    const b = await checkout(f.parent);
    const answers = await Promise.all([pay(a), pay(b)]);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const userId = await userIdOf(f.parent);
    expect(await inForce(userId)).toHaveLength(1);
    const atProvider = await providerSubscriptions(userId);
    expect(atProvider.filter((p) => p.status === 'active')).toHaveLength(1);
    expect(await refundRows(userId)).toHaveLength(atProvider.length - 1);
  });

  it('after a refunded double payment, cancelling leaves nothing renewing', async () => {
    const f = await family(s, 0);
    await paidTwiceAtTheProvider(f, 'first-then-second');
    const userId = await userIdOf(f.parent);
    expect((await cancel(f.parent)).status).toBe(200);
    for (const sub of await providerSubscriptions(userId)) {
      const data = sub.data as { cancel_at_period_end: boolean };
      expect(sub.status === 'canceled' || data.cancel_at_period_end).toBe(true);
    }
    offset = MONTH_AND_A_DAY;
    try {
      await sweepLocalPayments(s.deps);
    } finally {
      offset = 0;
    }
    expect((await status(f.parent)).body).toMatchObject({ active: false, status: 'canceled' });
    expect((await providerSubscriptions(userId)).every((p) => p.status === 'canceled')).toBe(true);
    const kinds = (await s.deps.db.select().from(billingEvents).where(eq(billingEvents.userId, userId))).map((e) => e.kind);
    expect(kinds).not.toContain('subscription.renewed');
  });

  it('closes a lapsed row (its period over, the provider not yet told us) before a new subscription is applied', async () => {
    const f = await family(s, 0);
    const first = await checkout(f.parent);
    expect((await pay(first)).status).toBe(200);
    expect((await cancel(f.parent)).status).toBe(200);
    const userId = await userIdOf(f.parent);
    const [old] = await inForce(userId);
    // The period ends; the provider's billing clock has not run yet, so its event has not come.
    const past = new Date(Date.now() - 60_000);
    await s.deps.db.update(subscriptions).set({ currentPeriodEnd: past }).where(eq(subscriptions.id, old!.id));
    const [object] = await s.deps.db.select().from(localProviderObjects).where(eq(localProviderObjects.id, old!.providerSubscriptionId));
    await s.deps.db
      .update(localProviderObjects)
      .set({ data: { ...object!.data, current_period_end: past.toISOString() } })
      .where(eq(localProviderObjects.id, old!.providerSubscriptionId));
    expect((await status(f.parent)).body.active).toBe(false);

    const second = await checkout(f.parent);
    expect((await pay(second)).status).toBe(200);
    const now = await inForce(userId);
    expect(now).toHaveLength(1);
    expect(now[0]!.providerSubscriptionId).not.toBe(old!.providerSubscriptionId);
    expect((await s.deps.db.select().from(subscriptions).where(eq(subscriptions.id, old!.id)))[0]!.status).toBe('canceled');
    expect((await local().retrieveSubscription(old!.providerSubscriptionId))?.status).toBe('canceled');
    expect(await refundRows(userId)).toHaveLength(0);
    expect((await status(f.parent)).body).toMatchObject({ active: true, status: 'active' });
  });
});

describe('the database', () => {
  it('refuses a second in-force row for one account, and allows ended, incomplete and free ones', async () => {
    const f = await family(s, 0);
    const userId = await userIdOf(f.parent);
    const row = (id: string, extra: Partial<typeof subscriptions.$inferInsert> = {}) => ({
      userId,
      planId: premiumId,
      provider: 'local',
      providerSubscriptionId: id,
      status: 'active' as const,
      amount: 110,
      currency: 'jpy',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
      ...extra,
    });
    await s.deps.db.insert(subscriptions).values(row(`sub_direct_${userId}_1`));
    let refused: unknown = null;
    try {
      await s.deps.db.insert(subscriptions).values(row(`sub_direct_${userId}_2`, { status: 'past_due' }));
    } catch (err) {
      refused = err;
    }
    expect(isUniqueViolation(refused)).toBe(true);
    await s.deps.db.insert(subscriptions).values(row(`sub_direct_${userId}_3`, { status: 'canceled' }));
    await s.deps.db.insert(subscriptions).values(row(`sub_direct_${userId}_4`, { status: 'incomplete' }));
    await s.deps.db.insert(subscriptions).values(row(`sub_direct_${userId}_5`, { amount: 0 }));
    expect(await inForce(userId)).toHaveLength(2);
  });
});

describe('deleting an account', () => {
  it('cancels its subscription at the provider first, with a ledger row kept after the account is gone', async () => {
    const f = await family(s, 1);
    const sessionId = await checkout(f.parent);
    expect((await pay(sessionId)).status).toBe(200);
    const userId = await userIdOf(f.parent);
    const [sub] = await inForce(userId);

    // Nobody else may do it: anonymous, the child, another family.
    const other = await family(s, 0);
    expect((await deleteAccount(undefined)).status).toBe(401);
    expect((await deleteAccount(f.kids[0]!.access)).status).toBe(403);
    expect((await cancel(undefined)).status).toBe(401);
    expect((await cancel(f.kids[0]!.access)).status).toBe(403);
    expect((await cancel(other.parent)).status).toBe(409);
    expect((await deleteAccount(other.parent)).status).toBe(200);
    expect((await local().retrieveSubscription(sub!.providerSubscriptionId))?.status).toBe('active');
    expect((await status(f.parent)).body).toMatchObject({ active: true, cancel_at_period_end: false });

    const deleted = await deleteAccount(f.parent);
    expect(deleted).toMatchObject({ status: 200, body: { message: M.accountDeleted.message } });
    expect((await local().retrieveSubscription(sub!.providerSubscriptionId))?.status).toBe('canceled');
    expect(await s.deps.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    const rows = await s.deps.db.select().from(billingEvents).where(eq(billingEvents.providerId, sub!.providerSubscriptionId));
    expect(rows.find((r) => r.kind === 'subscription.cancel_requested')).toMatchObject({
      userId: null,
      actor: 'user',
      amount: 110,
      detail: { reason: 'account_deleted', user_id: userId },
    });
    expect(rows.some((r) => r.kind === 'subscription.canceled')).toBe(true);
    // A late event about it places nothing.
    offset = MONTH_AND_A_DAY;
    try {
      await sweepLocalPayments(s.deps);
    } finally {
      offset = 0;
    }
    expect((await local().retrieveSubscription(sub!.providerSubscriptionId))?.status).toBe('canceled');
  });

  it('closes its checkouts still open first: none can be paid once the account is gone', async () => {
    const f = await family(s, 0);
    const userId = await userIdOf(f.parent);
    const open = await checkout(f.parent);
    expect((await deleteAccount(f.parent)).status).toBe(200);
    expect((await local().retrieveCheckoutSession(open))?.status).toBe('expired');
    expect(await pay(open)).toMatchObject({ status: 409 });
    expect(await providerSubscriptions(userId)).toEqual([]);
  });

  it('is not blocked by a subscription the provider does not know (nothing runs there)', async () => {
    const f = await family(s, 0);
    const userId = await userIdOf(f.parent);
    await s.deps.db.insert(subscriptions).values({
      userId,
      planId: premiumId,
      provider: 'local',
      providerSubscriptionId: `sub_local_${'0'.repeat(32)}`,
      status: 'active',
      amount: 110,
      currency: 'jpy',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    expect((await deleteAccount(f.parent)).status).toBe(200);
    expect(await s.deps.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  });

  it('refuses while the provider cannot be reached, with a translated message, and deletes nothing', async () => {
    const f = await family(s, 1);
    const sessionId = await checkout(f.parent);
    expect((await pay(sessionId)).status).toBe(200);
    const userId = await userIdOf(f.parent);
    const original = s.deps.payments;
    // The provider down: every call to it fails as a network failure does.
    const down = Object.create(original) as PaymentProvider;
    down.cancelSubscriptionNow = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    down.retrieveSubscription = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    s.deps.payments = down;
    try {
      const refused = await deleteAccount(f.parent);
      expect(refused).toMatchObject({ status: 503, body: { detail: M.paymentProviderUnavailable.message } });
      const ja = await deleteAccount(f.parent, 'ja');
      expect(ja).toMatchObject({ status: 503, body: { detail: translator('ja')(M.paymentProviderUnavailable) } });
      expect(ja.body.detail).toMatch(/[\u3040-\u30ff]/);
    } finally {
      s.deps.payments = original;
    }
    expect(await s.deps.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
    expect((await s.request('/api/login/', { json: { email: await emailOf(s, f.parent), password: PASSWORD } })).status).toBe(200);
    expect((await s.request('/api/account-info/', { token: f.parent })).body.profiles).toHaveLength(1);
    expect((await status(f.parent)).body).toMatchObject({ active: true, cancel_at_period_end: false });
    // Once it answers again, the deletion goes through.
    expect((await deleteAccount(f.parent)).status).toBe(200);
  });
});
