import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'wouter';

import { M } from '@contract/messages';
import { LocalCardForm } from '@web/ui/local-card-form';
import { formatPrice, planPriceLabel } from '@web/lib/billing-format';
import { PAYMENTS_NEED_NETWORK, useNetworkAction } from '@web/lib/network-action';
import { Button } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { PageShell, pageStyles } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { usePayLocalCheckout, useLocalCheckout, type CardInput } from '../api/local-checkout';
import styles from '../components/billing.module.css';
import { PremiumArt } from '../components/plan-art';
import { useBrand } from '@web/lib/brand';

/** A provider's error for the card form: the server's own words when the call itself failed (a closed session). */
function failure(error: unknown): { code: string; message: string } {
  return { code: 'processing_error', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The local test provider's hosted checkout (/local-checkout?session=cs_…): what Stripe's hosted page is when Stripe
 * is configured. The plan and its price, a test card, and back to the museum: paid, to the payment-completion page;
 * cancelled, to where the checkout began. It needs no login: the session id is the capability, as at Stripe.
 */
export default function LocalCheckoutPage() {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const checkout = useLocalCheckout(session);
  const pay = usePayLocalCheckout(session);
  const network = useNetworkAction(PAYMENTS_NEED_NETWORK);

  const onPay = async (card: CardInput) => {
    try {
      const answer = await pay.mutateAsync(card);
      if (answer.status === 'complete' && answer.redirect_url) {
        window.location.assign(answer.redirect_url);
        return null;
      }
      return answer.error ?? { code: 'payment_failed', message: i18n._(M.paymentNotSuccessful.id) };
    } catch (error) {
      return failure(error);
    }
  };

  const banner = (
    <p className={styles.testMode} role="note">
      <span aria-hidden="true">⚠</span>
      <Trans>Test mode: this is the museum's practice checkout page. No card is charged.</Trans>
    </p>
  );

  let body;
  if (!session || checkout.isError) {
    body = (
      <EmptyState action={session ? <Button onClick={() => void checkout.refetch()}>{t`Try again`}</Button> : undefined}>
        <p>{session ? checkout.error?.message : i18n._(M.paymentSessionInvalid.id)}</p>
      </EmptyState>
    );
  } else if (!checkout.data) {
    body = (
      <div className={pageStyles.card} role="status">
        <span className="visually-hidden">{t`Loading the checkout…`}</span>
        <SkeletonBlock height={72} />
        <SkeletonBlock height={220} />
      </div>
    );
  } else {
    const { plan, status, cancel_url, success_url } = checkout.data;
    const price = planPriceLabel(i18n, plan);
    const amount = formatPrice(plan.amount, plan.currency, i18n.locale);
    const planName = plan.code === 'premium' ? t`Premium` : plan.name;
    body = (
      <div className={pageStyles.card}>
        <div className={styles.summary}>
          <PremiumArt className={styles.planIcon} />
          <div className={styles.summaryText}>
            <span className={styles.merchant}>{brand}</span>
            <h2 className={styles.summaryName}>
              <Trans context="heading">Subscribe to {planName}</Trans>
            </h2>
            <p className={styles.summaryPrice}>{price}</p>
          </div>
        </div>
        {status === 'open' ? (
          <>
            <LocalCardForm
              amount={plan.amount}
              currency={plan.currency}
              submitLabel={t`Subscribe for ${amount}`}
              onPay={onPay}
              disabledReason={network.reason}
            />
            <a href={cancel_url} className={styles.cancel}>
              {t`← Cancel and go back`}
            </a>
          </>
        ) : status === 'complete' ? (
          <div className={styles.done}>
            <p className={styles.doneText}>
              <Trans>This checkout has already been paid.</Trans>
            </p>
            <a href={success_url} className={styles.cancel}>
              {t`Continue`}
            </a>
          </div>
        ) : (
          <div className={styles.done}>
            <p className={styles.doneText}>
              <Trans>This checkout has expired. Please start again from the plans page.</Trans>
            </p>
            <a href={cancel_url} className={styles.cancel}>
              {t`← Back to the plans`}
            </a>
          </div>
        )}
      </div>
    );
  }

  return (
    <PageShell title={t({ message: `Checkout`, context: 'heading' })} eyebrow={t`Secure payment`} width="narrow">
      {banner}
      {body}
    </PageShell>
  );
}
