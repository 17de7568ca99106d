/**
 * The local test provider's card form (decisions.md "Payment providers"): where Stripe's Payment Element stands
 * when no Stripe key is configured, with the same steps: the card is typed, checked as a provider's widget checks
 * it, and handed to `onPay`, whose answer is the provider's error to show (or null: paid). The class payment page
 * and the local hosted checkout page use it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';

import { M } from '@contract/messages';
import { messageText } from '@web/lib/api-error';
import { Button } from './button';
import { TextField } from './field';
import { formatPrice } from '@web/lib/billing-format';
import { formatExpiry, spaceCardNumber, validateCard, type CardErrors } from '@web/lib/card-input';
import { Icon } from './line-icon';
import styles from './local-card-form.module.css';
import { useBrand } from '@web/lib/brand';

export interface LocalCardFormProps {
  amount: number;
  currency: string;
  /** The pay button's words; "Pay ¥1,500" by default. */
  submitLabel?: string;
  /** Sends the card; answers the provider's error to show, or null once paid. A throw shows the processing error. */
  onPay: (card: { card_number: string; exp: string; cvc: string }) => Promise<{ code: string; message: string } | null>;
  /** Why paying is not possible now (offline): the button stays off and says why. */
  disabledReason?: string | null;
}

export function LocalCardForm({ amount, currency, submitLabel, onPay, disabledReason }: LocalCardFormProps) {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const [providerError, setProviderError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const reasonId = useId();
  const errorId = useId();
  const price = formatPrice(amount, currency, i18n.locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying || disabledReason) return;
    const found = validateCard({ number, exp, cvc });
    setErrors(found);
    setProviderError(null);
    if (Object.keys(found).length) return;
    setPaying(true);
    try {
      const error = await onPay({ card_number: number.replace(/\s/g, ''), exp, cvc: cvc.trim() });
      if (error) setProviderError(messageText(error.message) || i18n._(M.paymentProcessingError.id));
    } catch {
      setProviderError(i18n._(M.paymentProcessingError.id));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-describedby={providerError ? errorId : undefined}>
      <p className={styles.testHint}>
        <span className={styles.testBadge}>
          <Trans>Test mode</Trans>
        </span>
        <span>
          <Trans>
            No real money moves. Pay with the test card <strong className={styles.card}>4242 4242 4242 4242</strong>, any future date and
            any 3 digits.
          </Trans>
        </span>
      </p>
      <TextField
        label={t`Card number`}
        value={number}
        onChange={(e) => setNumber(spaceCardNumber(e.target.value))}
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        className={styles.mono}
      />
      <div className={styles.pair}>
        <TextField
          label={t`Expiry (MM/YY)`}
          value={exp}
          onChange={(e) => setExp(formatExpiry(e.target.value, exp))}
          error={errors.exp}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          className={styles.mono}
        />
        <TextField
          label={t`Security code (CVC)`}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          error={errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          className={styles.mono}
        />
      </div>
      {providerError && (
        <p id={errorId} className={`${styles.providerError} ${styles.nearButton}`} role="alert">
          {providerError}
        </p>
      )}
      <Button
        type="submit"
        size="large"
        block
        disabled={paying}
        aria-disabled={disabledReason ? true : undefined}
        aria-describedby={disabledReason ? reasonId : undefined}
        aria-busy={paying}
        className={disabledReason ? styles.unavailable : undefined}
      >
        {paying ? t`Processing…` : (submitLabel ?? t`Pay ${price}`)}
      </Button>
      {disabledReason && (
        <p id={reasonId} className={styles.reason}>
          {disabledReason}
        </p>
      )}
      <p className={styles.secure}>
        <Icon name="lock" size={14} />
        <Trans>Your card details go straight to the payment provider. {brand} never stores them.</Trans>
      </p>
    </form>
  );
}
