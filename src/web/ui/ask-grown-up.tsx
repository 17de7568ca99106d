import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { M } from '@contract/messages';

import { Button } from './button';
import { Icon } from './line-icon';
import styles from './ask-grown-up.module.css';
import { PasswordField } from './password-field';

interface AskGrownUpProps {
  /** What the parent is asked to allow, in a sentence ("Paying ¥1,200 for …"). */
  what: ReactNode;
  /** Sends the password; resolves to an error for the field (a message id or text), or null when done. */
  onConfirm: (password: string) => Promise<string | null>;
  /** Why the button cannot be used now (offline), if so. */
  disabledReason?: string | null;
  /** A way back (Cancel), when the card is shown inside a dialog. */
  onCancel?: () => void;
  confirmLabel?: ReactNode;
}

/**
 * A parent's word on the child's device (decisions.md "A parent's word"): the child hands the phone to a grown-up,
 * who types the parent account's password. The server checks it and answers with the action done; the parent's
 * token never comes to this device. The parent may instead say yes from the parent's own account, where the
 * request waits.
 */
export function AskGrownUp({ what, onConfirm, disabledReason = null, onCancel, confirmLabel }: AskGrownUpProps) {
  const { t } = useLingui();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || disabledReason) return;
    if (!password) {
      setError(M.parentPasswordRequired.id);
      return;
    }
    setPending(true);
    try {
      const failed = await onConfirm(password);
      setError(failed ?? undefined);
      if (failed) setPassword('');
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <span className={styles.badge} aria-hidden="true">
          <Icon name="lock" size={24} />
        </span>
        <h2 id={titleId} className={styles.title}>
          <Trans context="heading">Ask a grown-up</Trans>
        </h2>
      </div>
      <p className={styles.text}>{what}</p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <PasswordField
          label={t`Parent's password`}
          name="parent_password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" size="large" block disabled={pending} aria-disabled={disabledReason ? true : undefined}>
          {pending ? t`Checking…` : (confirmLabel ?? <Trans>Yes, I allow it</Trans>)}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" block onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        {disabledReason && <p className={styles.note}>{disabledReason}</p>}
      </form>
      <p className={styles.note}>
        <Trans>Or the parent can say yes later from their own account: Account → Payment information, under “Waiting for you”.</Trans>
      </p>
    </section>
  );
}
