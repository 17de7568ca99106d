import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'wouter';
import type { z } from 'zod';

import { passwordResetConfirmBody } from '@contract/accounts';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';
import { PasswordField } from '@web/ui/password-field';
import { usePasswordResetConfirm } from '../api/password-reset-confirm';
import styles from '../components/auth.module.css';

type Input = z.input<typeof passwordResetConfirmBody>;
type Output = z.output<typeof passwordResetConfirmBody>;

export default function PasswordResetConfirmPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const confirm = usePasswordResetConfirm();
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordResetConfirmBody),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    const data = await confirm.mutateAsync({ uid: params.get('uid') ?? '', token: params.get('token') ?? '', body }).catch(() => null);
    if (!data) return;
    notify.success(data.detail || t`Password reset successful. Please login with your new password.`);
    navigate('/login');
  });

  return (
    <PageShell title={t({ message: `Choose a new password`, context: 'heading' })} width="narrow" card>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t`New Password`}
          autoComplete="new-password"
          required
          hint={t`8 to 32 letters and numbers, with at least one uppercase letter, one lowercase letter and one number.`}
          error={formState.errors.new_password?.message}
          {...register('new_password')}
        />
        <PasswordField
          label={t`Confirm Password`}
          autoComplete="new-password"
          required
          error={formState.errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <Button type="submit" size="large" block className={styles.submit} disabled={confirm.isPending}>
          {t`Reset password`}
        </Button>
      </form>
    </PageShell>
  );
}
