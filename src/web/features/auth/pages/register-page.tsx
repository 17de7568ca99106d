import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';

import { signupBody } from '@contract/accounts';
import { fieldErrors } from '@web/lib/api-error';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { PageShell } from '@web/ui/page-shell';
import { PasswordField } from '@web/ui/password-field';
import { useSignup } from '../api/signup';
import styles from '../components/auth.module.css';
import { TermsConsent } from '../components/terms-consent';

/** The form's values: the tick box starts unticked, and the contract accepts only `true`. */
type Input = Omit<z.input<typeof signupBody>, 'accept_terms'> & { accept_terms: boolean };
type Output = z.output<typeof signupBody>;

export default function RegisterPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const signupMutation = useSignup();
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Output>({
    // The contract's schema checks the form; only its input type is narrower (an unticked box is `false`, refused).
    resolver: zodResolver(signupBody) as Resolver<Input, unknown, Output>,
    defaultValues: { email: '', password: '', confirm_password: '', accept_terms: false },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const data = await signupMutation.mutateAsync(body);
      if (data.email) navigate(`/email-verification?email=${encodeURIComponent(data.email)}`);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if (field === 'email' || field === 'password' || field === 'confirm_password' || field === 'accept_terms')
          setError(field, { message });
      }
    }
  });

  return (
    <PageShell
      title={t({ message: `Member Registration`, context: 'heading' })}
      eyebrow={t`Free to join`}
      lead={t`Open your family's own little museum.`}
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
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          required
          hint={t`8 to 32 letters and numbers, with at least one uppercase letter, one lowercase letter and one number.`}
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t`Confirm Password`}
          autoComplete="new-password"
          required
          error={formState.errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <TermsConsent error={formState.errors.accept_terms?.message} {...register('accept_terms')} />
        <Button type="submit" size="large" block className={styles.submit} disabled={signupMutation.isPending}>
          {signupMutation.isPending ? t`Registering…` : t`Register`}
        </Button>
      </form>
      <div className={styles.links}>
        <span>
          <Trans>Already a member?</Trans>
        </span>
        <Link href="/login">
          <Trans>Login</Trans>
        </Link>
      </div>
    </PageShell>
  );
}
