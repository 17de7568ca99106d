/**
 * Stripe's Payment Element (@stripe/react-stripe-js), used when a publishable key is configured: loaded only by
 * the payment page, with an `import()`, so Stripe.js never enters another page's first load. The payment is
 * confirmed with `redirect: 'if_required'`: a card that needs no extra step answers here; one that needs a bank's
 * page comes back to /my-artist-classes, which confirms it there.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';

import { M } from '@contract/messages';
import { Button } from '@web/ui/button';
import { formatPrice } from '@web/lib/billing-format';
import styles from './classes.module.css';
import { useBrand } from '@web/lib/brand';

let stripe: Promise<Stripe | null> | null = null;
function stripeFor(key: string): Promise<Stripe | null> {
  stripe ??= loadStripe(key);
  return stripe;
}

export interface StripePaymentProps {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  currency: string;
  /** Where Stripe brings the payer back after a bank's page. */
  returnUrl: string;
  /** The payment intent succeeded at Stripe: the server is asked to confirm it. */
  onSucceeded: (paymentIntentId: string) => void;
  disabledReason?: string | null;
}

function PayForm({
  amount,
  currency,
  returnUrl,
  onSucceeded,
  disabledReason,
}: Omit<StripePaymentProps, 'publishableKey' | 'clientSecret'>) {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const stripeJs = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const price = formatPrice(amount, currency, i18n.locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripeJs || !elements || paying || disabledReason) return;
    setPaying(true);
    setError(null);
    try {
      const result = await stripeJs.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      if (result.error) setError(result.error.message ?? i18n._(M.paymentProcessingError.id));
      else if (result.paymentIntent.status === 'succeeded') onSucceeded(result.paymentIntent.id);
      else setError(i18n._(M.paymentNotSuccessful.id));
    } catch (thrown) {
      console.error('Stripe confirmPayment failed', thrown);
      setError(i18n._(M.paymentProcessingError.id));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <PaymentElement />
      {error && (
        <p className={`${styles.errorBox} ${styles.errorNearButton}`} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          size="large"
          block
          disabled={!stripeJs || paying}
          aria-disabled={disabledReason ? true : undefined}
          aria-busy={paying}
          className={disabledReason ? styles.unavailable : undefined}
        >
          {paying ? t`Processing…` : t`Pay ${price}`}
        </Button>
        {disabledReason && <p className={styles.muted}>{disabledReason}</p>}
      </div>
      <p className={styles.muted}>
        <Trans>Your card details go straight to the payment provider. {brand} never stores them.</Trans>
      </p>
    </form>
  );
}

export default function StripePayment({ publishableKey, clientSecret, ...form }: StripePaymentProps) {
  const { i18n } = useLingui();
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        locale: i18n.locale === 'ja' ? 'ja' : 'en',
        appearance: {
          theme: 'stripe',
          variables: {
            colorPrimary: '#b04e26',
            colorBackground: '#fffdf9',
            colorText: '#2a211c',
            borderRadius: '10px',
            fontFamily: "'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', system-ui, sans-serif",
          },
        },
      }}
    >
      <PayForm {...form} />
    </Elements>
  );
}
