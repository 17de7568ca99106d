import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { accountInfoPatchBody, accountPassword, type AccountInfo, type AccountInfoPatchBody } from '../../../../contract/accounts';
import { M } from '../../../../contract/messages';
import { fieldErrors } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { AddressSelect } from '../../../ui/address-select';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { PasswordField } from '../../../ui/password-field';
import { useUpdateAccountInfo } from '../api/update-account-info';
import styles from './account.module.css';

const schema = accountInfoPatchBody
  .pick({ first_name: true, address: true, email: true })
  .required()
  .extend({ password: z.string().optional() })
  .superRefine((value, ctx) => {
    if (value.password && !accountPassword.safeParse(value.password).success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: M.accountPassword.id });
    }
  });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['first_name', 'address', 'email', 'password'] as const;

/** The parent's name, address, e-mail and (optionally) a new password. */
export function AccountForm({ info }: { info: AccountInfo }) {
  const { t, i18n } = useLingui();
  const update = useUpdateAccountInfo();
  const [changingPassword, setChangingPassword] = useState(false);
  const { register, handleSubmit, formState, setError, resetField } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { first_name: info.first_name, address: info.address, email: info.email, password: '' },
  });

  const onSubmit = handleSubmit(async ({ password, ...fields }) => {
    // The masked placeholder is never sent; a password goes only when the parent typed a new one.
    const body: AccountInfoPatchBody = changingPassword && password ? { ...fields, password } : fields;
    try {
      await update.mutateAsync(body);
      notify.success(i18n._(M.accountUpdated.id));
      resetField('password');
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
      <Button type="submit" size="large" block disabled={update.isPending}>
        {update.isPending ? t`Saving…` : t`Save Information`}
      </Button>
    </form>
  );
}
