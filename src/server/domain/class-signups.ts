/**
 * Signing a child up for an artist class and paying for it (decisions.md "Free class sign-up", "Paid class
 * sign-up"; issue 13), the way Stripe asks integrations to be built:
 *   - free: confirmed at once, and the class's link is e-mailed to the parent;
 *   - paid: a `pending` sign-up and a payment intent at the provider for the class's price (kept on the sign-up,
 *     with its currency); the client pays it with the client secret;
 *   - confirmation (confirmSignupPayment): the confirm-payment call and the provider's webhook both come here. The
 *     intent is retrieved from the provider by the server itself (what a client or an event body says is never
 *     trusted); it must have succeeded, for this sign-up's amount and currency. Then one conditional UPDATE
 *     (`… WHERE status = 'pending' RETURNING`) confirms it and stamps `mailed_at`, so of any number of confirm calls
 *     and webhook deliveries, at once or one after another, exactly one enrolls and sends the one e-mail.
 * Every change is a billing_events row (who, what, when, which intent, how much), so support can answer "did I
 * pay?" from the database.
 *
 * Signing up again while pending answers the same intent: createPaymentIntent again with the same idempotency key
 * gives the same intent and client secret (as Stripe does). A canceled intent is replaced by a new one (the next
 * attempt's key). Every intent ever made for a sign-up is recorded (`payment.intent_created`), so a payment of an
 * older one still finds its sign-up.
 */
import { and, eq, sql } from 'drizzle-orm';

import type { ClassSignupResponse } from '@contract/classes';
import type { Language } from '@contract/limits';
import { LANGUAGES } from '@contract/limits';
import { M } from '@contract/messages';
import { isUniqueViolation } from '../db/errors';
import type { Executor } from '../db/open';
import { artistClasses, billingEvents, classSignups, profiles, type ArtistClassRow, type ClassSignupRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Translate } from '../i18n';
import { recordBillingEvent } from './billing-events';
import { sendClassLink } from './class-links';
import { sendReceipt } from './receipts';

/** The caller: a child profile and its family's account. */
export interface SignupCaller {
  profileId: number;
  userId: number;
}

/** The idempotency key of a sign-up's `attempt`-th payment intent: a retried create makes no second intent. */
export const intentKey = (signupId: number, attempt: number) => `class-signup-${signupId}-${attempt}`;

function signupResponse(t: Translate, signup: ClassSignupRow, intent: { id: string; clientSecret: string } | null): ClassSignupResponse {
  return {
    message: t(signup.status === 'confirmed' ? M.classSignupSuccessful : M.paymentPending),
    signup_id: signup.id,
    artist_class: signup.classId,
    status: signup.status,
    payment_intent_client_secret: signup.status === 'pending' ? (intent?.clientSecret ?? null) : null,
    payment_intent_id: signup.status === 'pending' ? (intent?.id ?? signup.paymentIntentId) : null,
    amount: signup.amount,
    currency: signup.currency,
  };
}

/**
 * POST /api/artist-classes/signup/: a published class (404 otherwise); once confirmed, 409. A free class is
 * confirmed at once and its link e-mailed; a paid one answers its payment intent (the same one while pending).
 */
export async function signUp(
  deps: AppDeps,
  caller: SignupCaller,
  classId: number,
  lang: Language,
  t: Translate,
): Promise<ClassSignupResponse> {
  const now = deps.clock();
  let outcome: { signup: ClassSignupRow; cls: ArtistClassRow; created: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      // FOR SHARE: a price change (class-admin.ts) waits for this sign-up, or this one for it.
      const [cls] = await tx
        .select()
        .from(artistClasses)
        .where(and(eq(artistClasses.id, classId), eq(artistClasses.published, true)))
        .for('share');
      if (!cls) throw new ApiError(404, M.notFound);
      const [existing] = await tx
        .select()
        .from(classSignups)
        .where(and(eq(classSignups.classId, classId), eq(classSignups.profileId, caller.profileId)))
        .for('update');
      if (existing?.status === 'confirmed') throw new ApiError(409, M.classAlreadySignedUp);
      if (existing) return { signup: existing, cls, created: false };
      const free = cls.isFree || cls.price === 0;
      const [signup] = await tx
        .insert(classSignups)
        .values({
          classId,
          profileId: caller.profileId,
          status: free ? 'confirmed' : 'pending',
          amount: free ? 0 : cls.price,
          currency: cls.currency,
          provider: free ? null : deps.payments.name,
          createdAt: now,
          confirmedAt: free ? now : null,
          mailedAt: free ? now : null,
        })
        .returning();
      await recordBillingEvent(
        tx,
        {
          userId: caller.userId,
          profileId: caller.profileId,
          kind: free ? 'signup.confirmed' : 'signup.pending',
          actor: 'user',
          amount: signup!.amount,
          currency: signup!.currency,
          detail: { signup_id: signup!.id, class_id: classId, free },
        },
        now,
      );
      return { signup: signup!, cls, created: true };
    });
  } catch (err) {
    // The same child signing up twice at once: the other request made the sign-up; answer as for a second call.
    if (isUniqueViolation(err)) throw new ApiError(409, M.classAlreadySignedUp);
    throw err;
  }
  const { signup, cls } = outcome;
  if (signup.status === 'confirmed') {
    await sendClassLink(deps, signup.id, lang);
    return signupResponse(t, signup, null);
  }
  const intent = await intentFor(deps, caller, signup, cls, lang);
  if (intent === 'confirmed') {
    const [confirmed] = await deps.db.select().from(classSignups).where(eq(classSignups.id, signup.id));
    return signupResponse(t, confirmed!, null);
  }
  return signupResponse(t, { ...signup, paymentIntentId: intent.id }, intent);
}

const attemptOf = (metadata: Record<string, string>) => {
  const n = Number(metadata.attempt);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * The pending sign-up's payment intent and its client secret: the one it has (asked again with the same key), a new
 * one when it has none or the provider canceled it; 'confirmed' when the one it has already succeeded (then it is
 * confirmed here, as a confirm call would).
 */
async function intentFor(
  deps: AppDeps,
  caller: SignupCaller,
  signup: ClassSignupRow,
  cls: ArtistClassRow,
  lang: Language,
): Promise<{ id: string; clientSecret: string } | 'confirmed'> {
  let attempt = 1;
  if (signup.paymentIntentId) {
    const current = await deps.payments.retrievePaymentIntent(signup.paymentIntentId);
    if (current?.status === 'succeeded') {
      try {
        await confirmSignupPayment(deps, current.id, { actor: 'user', profileId: caller.profileId, lang });
        return 'confirmed';
      } catch (err) {
        // A mismatch is recorded there; the family is asked to pay this sign-up's own intent.
        if (!(err instanceof ApiError) || err.status !== 422) throw err;
      }
    }
    attempt = current ? attemptOf(current.metadata) : 1;
    if (!current || current.status === 'canceled' || current.status === 'succeeded') attempt += 1;
  }
  const created = await deps.payments.createPaymentIntent({
    amount: signup.amount,
    currency: signup.currency,
    metadata: {
      signup_id: String(signup.id),
      class_id: String(cls.id),
      profile_id: String(caller.profileId),
      attempt: String(attempt),
      language: lang,
    },
    idempotencyKey: intentKey(signup.id, attempt),
  });
  if (created.id !== signup.paymentIntentId) {
    const now = deps.clock();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(classSignups)
        .set({ paymentIntentId: created.id, provider: deps.payments.name })
        .where(and(eq(classSignups.id, signup.id), eq(classSignups.status, 'pending')));
      await recordBillingEvent(
        tx,
        {
          userId: caller.userId,
          profileId: caller.profileId,
          kind: 'payment.intent_created',
          actor: 'user',
          provider: deps.payments.name,
          providerId: created.id,
          amount: created.amount,
          currency: created.currency,
          detail: { signup_id: signup.id, class_id: cls.id, attempt, replaces: signup.paymentIntentId },
        },
        now,
      );
    });
  }
  return { id: created.id, clientSecret: created.clientSecret };
}

export interface ConfirmOptions {
  actor: 'user' | 'webhook';
  /** The child whose confirm call this is: another profile's intent is not found. */
  profileId?: number;
  /** The e-mail's language when the sign-up did not record one. */
  lang?: Language;
}

/** The sign-up that is confirmed (by this call or an earlier one). */
export interface ConfirmOutcome {
  signupId: number;
  classId: number;
}

/** The sign-up an intent was made for: the one holding it now, or the one it was made for earlier (replaced). */
async function signupOfIntent(db: Executor, intentId: string): Promise<ClassSignupRow | null> {
  const [holding] = await db.select().from(classSignups).where(eq(classSignups.paymentIntentId, intentId));
  if (holding) return holding;
  const [made] = await db
    .select({ signupId: sql<number>`(${billingEvents.detail} ->> 'signup_id')::int` })
    .from(billingEvents)
    .where(and(eq(billingEvents.kind, 'payment.intent_created'), eq(billingEvents.providerId, intentId)))
    .limit(1);
  if (!made?.signupId) return null;
  const [signup] = await db.select().from(classSignups).where(eq(classSignups.id, made.signupId));
  return signup ?? null;
}

const languageOf = (value: string | undefined, fallback: Language | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : (fallback ?? 'ja');

/**
 * Confirms the sign-up a payment intent was made for, once the provider says it succeeded for the sign-up's amount
 * and currency: from the confirm-payment call (actor 'user', the child's profile) and from the webhook (actor
 * 'webhook'). 404 when no sign-up (of that profile) has the intent; 422 M.paymentNotSuccessful when it has not
 * succeeded; 422 M.paymentMismatch (recorded) when it is for another amount, currency or sign-up. Idempotent: a
 * sign-up already confirmed answers the same, and sends nothing.
 */
export async function confirmSignupPayment(deps: AppDeps, paymentIntentId: string, opts: ConfirmOptions): Promise<ConfirmOutcome> {
  const signup = await signupOfIntent(deps.db, paymentIntentId);
  if (!signup || (opts.profileId !== undefined && signup.profileId !== opts.profileId)) throw new ApiError(404, M.notFound);
  const outcome: ConfirmOutcome = { signupId: signup.id, classId: signup.classId };
  if (signup.status === 'confirmed') return outcome;

  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  if (!intent || intent.status !== 'succeeded') throw new ApiError(422, M.paymentNotSuccessful);
  const [owner] = await deps.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, signup.profileId));
  const who = { userId: owner?.userId ?? null, profileId: signup.profileId };
  const now = deps.clock();
  if (
    intent.amount !== signup.amount ||
    intent.currency.toLowerCase() !== signup.currency.toLowerCase() ||
    (intent.metadata.signup_id !== undefined && intent.metadata.signup_id !== String(signup.id))
  ) {
    await recordBillingEvent(
      deps.db,
      {
        ...who,
        kind: 'payment.mismatch',
        actor: opts.actor,
        provider: deps.payments.name,
        providerId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        detail: { signup_id: signup.id, expected: { amount: signup.amount, currency: signup.currency }, metadata: intent.metadata },
      },
      now,
    );
    throw new ApiError(422, M.paymentMismatch);
  }

  const confirmed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(classSignups)
      .set({ status: 'confirmed', confirmedAt: now, mailedAt: now, paymentIntentId: intent.id })
      .where(and(eq(classSignups.id, signup.id), eq(classSignups.status, 'pending')))
      .returning();
    if (!row) return null;
    const eventId = await recordBillingEvent(
      tx,
      {
        ...who,
        kind: 'signup.confirmed',
        actor: opts.actor,
        provider: deps.payments.name,
        providerId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        detail: { signup_id: signup.id, class_id: signup.classId },
      },
      now,
    );
    return { row, eventId };
  });
  // Only the update that confirmed it sends the link and the receipt: replays and concurrent deliveries found it
  // confirmed.
  if (confirmed) {
    const lang = languageOf(intent.metadata.language, opts.lang);
    await sendClassLink(deps, confirmed.row.id, lang);
    await sendReceipt(deps, confirmed.eventId, lang);
  }
  return outcome;
}

/** For the webhook's payment_intent.payment_failed: recorded; the sign-up stays pending (the family may try again). */
export async function recordSignupPaymentFailed(deps: AppDeps, paymentIntentId: string, actor: 'user' | 'webhook'): Promise<void> {
  const signup = await signupOfIntent(deps.db, paymentIntentId);
  if (!signup) return;
  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  const [owner] = await deps.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, signup.profileId));
  await recordBillingEvent(
    deps.db,
    {
      userId: owner?.userId ?? null,
      profileId: signup.profileId,
      kind: 'payment.failed',
      actor,
      provider: deps.payments.name,
      providerId: paymentIntentId,
      amount: intent?.amount ?? null,
      currency: intent?.currency ?? null,
      detail: { signup_id: signup.id, class_id: signup.classId, status: intent?.status ?? null, error: intent?.lastError ?? null },
    },
    deps.clock(),
  );
}
