import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';

import type { loginBody } from '../../../../contract/accounts';
import { notify } from '../../../lib/toast';
import { Button, LinkButton } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { PageShell } from '../../../ui/page-shell';
import { PasswordField } from '../../../ui/password-field';
import { useLogin } from '../api/login';
import styles from '../components/auth.module.css';

type Input = z.input<typeof loginBody>;
type Output = z.output<typeof loginBody>;

/**
 * The contract's zodResolver(loginBody), loaded on the first validation (or when the form is first touched)
 * rather than with the page: zod is not part of the login page's first load. A failed load is tried again.
 */
let loading: Promise<Resolver<Input, unknown, Output>> | null = null;

function loadResolver(): Promise<Resolver<Input, unknown, Output>> {
  if (!loading) {
    loading = Promise.all([import('@hookform/resolvers/zod'), import('../../../../contract/accounts')]).then(
      ([{ zodResolver }, { loginBody }]) => zodResolver(loginBody),
    );
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

export default function LoginPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const loginMutation = useLogin();
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email: '', password: '' },
    // Errors clear as the user types (accounts spec §5).
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (body) => {
    const pair = await loginMutation.mutateAsync(body).catch(() => null);
    if (!pair) return;
    if (pair.message) notify.success(pair.message);
    navigate('/add-user');
  });

  return (
    <PageShell title={t`Login`} eyebrow={t`Welcome back`} width="narrow" card>
      <form className={styles.form} onSubmit={onSubmit} onFocus={() => void loadResolver().catch(() => undefined)} noValidate>
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
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="large" block className={styles.submit} disabled={loginMutation.isPending}>
          {loginMutation.isPending ? t`Logging in…` : t`Login`}
        </Button>
      </form>
      <div className={styles.links}>
        <Link href="/forgot-password">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link href="/register">
          <Trans>Member Registration</Trans>
        </Link>
      </div>
      <div className={styles.divider}>
        <Trans>or</Trans>
      </div>
      <div className={styles.alternatives}>
        <LinkButton href="/add-user" variant="secondary" block>
          <Trans>Select another User</Trans>
        </LinkButton>
        <LinkButton href="/register" variant="ghost" block>
          <Trans>Create a new account</Trans>
        </LinkButton>
      </div>
    </PageShell>
  );
}
