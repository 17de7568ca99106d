import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import type { ClassSignupResponse } from '@contract/classes';
import { M } from '@contract/messages';
import { ApiError, fieldErrors } from '@web/lib/api-error';
import { useNetworkAction } from '@web/lib/network-action';
import { notify } from '@web/lib/toast';
import { AskGrownUp } from '@web/ui/ask-grown-up';
import { Button, buttonClass } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useClassSignup, useConfirmPayment } from '../api/class-signup';
import { useArtistClass } from '../api/get-class';
import { confirmLocalPayment } from '../api/local-payment';
import { formatPrice } from '@web/lib/billing-format';
import { classIdFrom, linkDetailHref, signupDetailHref, signupFrom } from '../components/class-logic';
import { LocalCardForm } from '@web/ui/local-card-form';
import { PAYMENT_NEEDS_NETWORK } from '../components/needs-network';
import { Icon } from '@web/ui/line-icon';
import { FramedPicture } from '@web/ui/framed-card';
import styles from '../components/classes.module.css';
import pay from '../components/payment.module.css';

/** Stripe's Payment Element, only where a publishable key is configured, and only once this page renders it. */
const StripePayment = lazy(() => import('../components/stripe-payment'));
const STRIPE_KEY: string = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY ?? '';

/** What the family is paying for: the class's picture and name, and the amount. */
function OrderSummary({ signup }: { signup: ClassSignupResponse }) {
  const { i18n } = useLingui();
  const item = useArtistClass(signup.artist_class);
  const price = formatPrice(signup.amount, signup.currency, i18n.locale);
  return (
    <section className={pay.order} aria-labelledby="order-title">
      <h2 id="order-title" className="visually-hidden">
        <Trans context="heading">Your order</Trans>
      </h2>
      <div className={pay.orderClass}>
        <span className={pay.orderThumb}>
          <FramedPicture src={item.data?.thumbnail ?? null} />
        </span>
        <span className={pay.orderText}>
          <span className={pay.orderLabel}>
            <Trans>Artist class</Trans>
          </span>
          <span className={pay.orderName}>{item.data?.name ?? <SkeletonBlock height={20} width="80%" />}</span>
          {item.data && <span className={pay.orderOrg}>{item.data.organization.name}</span>}
        </span>
      </div>
      <p className={pay.total}>
        <span>
          <Trans>Total</Trans>
        </span>
        <strong>{price}</strong>
      </p>
    </section>
  );
}

/** A child's paid class: the parent allows the payment on this device with the account's password. */
function AskParentToPay({
  classId,
  onConfirm,
  disabledReason,
}: {
  classId: number;
  onConfirm: (password: string) => Promise<string | null>;
  disabledReason: string | null;
}) {
  const { i18n } = useLingui();
  const item = useArtistClass(classId);
  const name = item.data?.name ?? '';
  const price = item.data ? formatPrice(item.data.price, item.data.currency, i18n.locale) : '';
  return (
    <>
      <AskGrownUp
        what={
          item.data ? (
            <Trans>
              Paying {price} for “{name}” needs your parent. Hand this phone to a grown-up: after their password, they pay by card here.
            </Trans>
          ) : (
            <Trans>Paying for a class needs your parent. Hand this phone to a grown-up.</Trans>
          )
        }
        confirmLabel={<Trans>Allow and go to payment</Trans>}
        onConfirm={onConfirm}
        disabledReason={disabledReason}
      />
      <Link {...signupDetailHref(classId)} className={buttonClass({ variant: 'secondary', size: 'large', block: true })}>
        <Trans>Back to the class</Trans>
      </Link>
    </>
  );
}

/** The page's own failure: a message (works spec §8) and the ways on. */
function PaymentProblem({ message, onRetry, classId }: { message: string; onRetry?: () => void; classId: number | null }) {
  return (
    <div className={styles.block}>
      <p className={styles.errorBox} role="alert">
        {message}
      </p>
      <div className={styles.actions}>
        {onRetry && (
          <Button size="large" block onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
        {classId !== null ? (
          <Link {...signupDetailHref(classId)} className={buttonClass({ variant: 'secondary', size: 'large', block: true })}>
            <Trans>Back to the class</Trans>
          </Link>
        ) : (
          <Link href="/my-artist-classes" className={buttonClass({ variant: 'secondary', size: 'large', block: true })}>
            <Trans>My Artist Classes</Trans>
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * Paying for a class (works spec §2, §4, §8): the signup response from the sign-up page's navigation state, or, after
 * a reload, the same pending intent asked for again with `?class_id=`. The card goes to the provider (Stripe's
 * Payment Element, or the local provider's form); once it says succeeded, the server confirms the payment with the
 * provider itself, and the child goes to the class's link page.
 */
export default function PaymentPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const state = useHistoryState<unknown>();
  const search = useSearch();
  const classId = classIdFrom(state, search, 'class_id', 'class_id') ?? signupFrom(state, null)?.artist_class ?? null;
  const [signup, setSignup] = useState<ClassSignupResponse | null>(() => signupFrom(state, classId));
  const recover = useClassSignup({ silent: true });
  // A parent's word (decisions.md): the server asked for the parent (403); the parent types the password here.
  const [askParent, setAskParent] = useState(false);
  const confirm = useConfirmPayment();
  const network = useNetworkAction(PAYMENT_NEEDS_NETWORK);
  const [paidIntent, setPaidIntent] = useState<string | null>(null);
  const asked = useRef(false);

  const recoverSession = () => {
    if (classId === null) return;
    recover.mutate(
      { classId },
      {
        onSuccess: (answer) => {
          // Paid meanwhile (another tab, a webhook): nothing left to pay.
          if (answer.status === 'confirmed') {
            const to = linkDetailHref(answer.artist_class);
            navigate(to.href, { state: to.state, replace: true });
          } else setSignup(answer);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403) setAskParent(true);
          // Already signed up and paid (409): the class's link page is the way on.
          if (error instanceof ApiError && error.status === 409) {
            const to = linkDetailHref(classId);
            navigate(to.href, { state: to.state, replace: true });
          }
        },
      },
    );
  };

  useEffect(() => {
    if (signup || asked.current || classId === null) return;
    asked.current = true;
    recoverSession();
    // Once, on arrival without a session (a reload): the button asks again after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirmPaid = (intentId: string) => {
    setPaidIntent(intentId);
    confirm.mutate(intentId, {
      onSuccess: (answer) => {
        notify.success(answer.message || i18n._(M.paymentConfirmed.id));
        const to = linkDetailHref(answer.artist_class);
        navigate(to.href, { state: to.state, replace: true });
      },
    });
  };

  const secret = signup?.payment_intent_client_secret ?? null;
  const waiting = !signup && classId !== null && (recover.isPending || recover.isIdle);
  const missing = !waiting && !secret;
  useEffect(() => {
    // Works spec §8: a missing payment intent secret is logged (and the page says the session is invalid).
    if (missing) console.warn('Payment page without a payment intent client secret', { classId });
  }, [missing, classId]);

  const withParent = async (password: string): Promise<string | null> => {
    if (classId === null) return null;
    try {
      const answer = await recover.mutateAsync({ classId, parentPassword: password });
      setAskParent(false);
      if (answer.status === 'confirmed') {
        const to = linkDetailHref(answer.artist_class);
        navigate(to.href, { state: to.state, replace: true });
      } else setSignup(answer);
      return null;
    } catch (error) {
      return fieldErrors(error).parent_password ?? (error instanceof Error ? error.message : i18n._(M.serverError.id));
    }
  };

  let body;
  if (askParent && !signup && classId !== null) {
    body = <AskParentToPay classId={classId} onConfirm={withParent} disabledReason={network.reason} />;
  } else if (waiting) {
    body = (
      <div className={styles.loading} role="status">
        <span className="visually-hidden">{t`Preparing the payment…`}</span>
        <SkeletonBlock height={120} />
        <SkeletonBlock height={260} />
      </div>
    );
  } else if (!signup || !secret) {
    body = (
      <PaymentProblem
        message={i18n._(M.paymentSessionInvalid.id)}
        classId={classId}
        onRetry={classId !== null ? () => network.run(recoverSession) : undefined}
      />
    );
  } else if (paidIntent && confirm.isError) {
    body = (
      <>
        <OrderSummary signup={signup} />
        <PaymentProblem
          message={i18n._(M.paymentConfirmFailed.id)}
          classId={classId}
          onRetry={() => network.run(() => confirmPaid(paidIntent))}
        />
      </>
    );
  } else {
    body = (
      <>
        <OrderSummary signup={signup} />
        <section className={pay.payment} aria-labelledby="card-title">
          <h2 id="card-title" className={styles.blockTitle}>
            <Trans context="heading">Pay by card</Trans>
          </h2>
          {paidIntent ? (
            <p className={styles.message} role="status">
              <span className={styles.messageIcon} aria-hidden="true">
                <Icon name="check" />
              </span>
              <span>
                <Trans>Paid. Confirming your sign-up…</Trans>
              </span>
            </p>
          ) : STRIPE_KEY ? (
            <Suspense fallback={<SkeletonBlock height={260} />}>
              <StripePayment
                publishableKey={STRIPE_KEY}
                clientSecret={secret}
                amount={signup.amount}
                currency={signup.currency}
                returnUrl={`${window.location.origin}/my-artist-classes`}
                onSucceeded={confirmPaid}
                disabledReason={network.reason}
              />
            </Suspense>
          ) : (
            <LocalCardForm
              amount={signup.amount}
              currency={signup.currency}
              disabledReason={network.reason}
              onPay={async (card) => {
                const outcome = await confirmLocalPayment(secret, card);
                if (outcome.status === 'succeeded') {
                  confirmPaid(outcome.paymentIntentId);
                  return null;
                }
                return outcome.error ?? { code: 'payment_failed', message: i18n._(M.paymentNotSuccessful.id) };
              }}
            />
          )}
        </section>
      </>
    );
  }

  return (
    <PageShell title={t({ message: `Payment`, context: 'heading' })} eyebrow={t`Artist class`} width="narrow">
      <div className={pay.page}>{body}</div>
    </PageShell>
  );
}
