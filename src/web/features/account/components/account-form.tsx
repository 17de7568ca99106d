import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { accountInfoFields, accountPassword, type AccountInfo, type AccountInfoPatchBody } from '@contract/accounts';
import { TOAST_MS } from '@contract/limits';
import { M } from '@contract/messages';
import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { AddressSelect } from '@web/ui/address-select';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { PasswordField } from '@web/ui/password-field';
import { useUpdateAccountInfo } from '../api/update-account-info';
import styles from './account.module.css';

const schema = accountInfoFields
  .pick({ first_name: true, address: true, email: true })
  .required()
  .extend({ password: z.string().optional(), current_password: z.string().optional() })
  .superRefine((value, ctx) => {
    if (value.password && !accountPassword.safeParse(value.password).success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: M.accountPassword.id });
    }
  });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['first_name', 'address', 'email', 'password', 'current_password'] as const;

/**
 * The parent's name, address, e-mail and (optionally) a new password. A new e-mail or password asks for the
 * current password; a new e-mail takes effect once confirmed from the link sent to it, which the form says.
 */
export function AccountForm({ info }: { info: AccountInfo }) {
  const { t, i18n } = useLingui();
  const update = useUpdateAccountInfo();
  const [changingPassword, setChangingPassword] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, resetField, control } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { first_name: info.first_name, address: info.address, email: info.email, password: '', current_password: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const needsCurrentPassword = changingPassword || email.trim().toLowerCase() !== info.email;

  const onSubmit = handleSubmit(async ({ password, current_password, ...fields }) => {
    // The masked placeholder is never sent; a password goes only when the parent typed a new one.
    const body: AccountInfoPatchBody = changingPassword && password ? { ...fields, password } : fields;
    if (needsCurrentPassword) {
      if (!current_password) {
        setError('current_password', { message: M.currentPasswordRequired.id });
        return;
      }
      body.current_password = current_password;
    }
    try {
      const answer = await update.mutateAsync(body);
      notify.success(answer.message || i18n._(M.accountUpdated.id), TOAST_MS.default);
      if (fields.email !== answer.email) setPendingEmail(fields.email);
      resetField('password');
      resetField('current_password');
      resetField('email', { defaultValue: answer.email });
      setChangingPassword(false);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        const known = FIELDS.find((f) => f === field);
        if (known) setError(known, { message });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label={t`Name`} required autoComplete="name" error={formState.errors.first_name?.message} {...register('first_name')} />
      <AddressSelect label={t`Current address`} required error={formState.errors.address?.message} {...register('address')} />
      <TextField
        label={t`Email`}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        error={formState.errors.email?.message}
        hint={pendingEmail ? t`Waiting for confirmation: ${pendingEmail}. Open the link we sent there to start using it.` : undefined}
        {...register('email')}
      />
      {changingPassword ? (
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={t`At least 8 letters and numbers, with one uppercase letter and one number.`}
          error={formState.errors.password?.message}
          {...register('password')}
        />
      ) : (
        <div className={styles.passwordRow}>
          <TextField label={t`Password`} type="password" value="••••••••" readOnly aria-readonly="true" tabIndex={-1} />
          <Button variant="secondary" onClick={() => setChangingPassword(true)}>
            <Trans>Change Password</Trans>
          </Button>
        </div>
      )}
      {needsCurrentPassword && (
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          required
          hint={t`For your security, enter your current password to change the e-mail address or the password.`}
          error={formState.errors.current_password?.message}
          {...register('current_password')}
        />
      )}
      <Button type="submit" size="large" block disabled={update.isPending}>
        {update.isPending ? t`Saving…` : t`Save Information`}
      </Button>
    </form>
  );
}
