import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';

import { email as emailSchema } from '@contract/accounts';
import { M } from '@contract/messages';
import { useSession } from '@web/lib/session';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { PageShell } from '@web/ui/page-shell';
import { usePasswordReset } from '../api/password-reset';
import styles from '../components/auth.module.css';

export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const storedEmail = useSession((s) => s.email);
  const [value, setValue] = useState(storedEmail ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const reset = usePasswordReset();
  const empty = value.trim() === '';

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    const ok = await reset.mutateAsync(parsed.data).then(
      () => true,
      () => false,
    );
    if (ok) navigate(`/email-verification?email=${encodeURIComponent(parsed.data)}&is_pass=true`);
  };

  return (
    <PageShell
      title={t({ message: `Forgot your password?`, context: 'heading' })}
      lead={t`Enter the e-mail address you registered with. We will send you a link to choose a new password.`}
      width="narrow"
      card
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          onBlur={() => setTouched(true)}
          // The spec words the empty-field alert "Password is required".
          error={error ?? (touched && empty ? M.passwordRequired.id : undefined)}
        />
        <Button type="submit" size="large" block className={styles.submit} disabled={empty || reset.isPending}>
          <Trans>Change your password</Trans>
        </Button>
      </form>
      <div className={styles.links}>
        <Link href="/login">
          <Trans>Back to Login</Trans>
        </Link>
      </div>
    </PageShell>
  );
}
