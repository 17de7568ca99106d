import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEventHandler, InputHTMLAttributes, Ref } from 'react';

import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { PasswordField } from '@web/ui/password-field';
import styles from './auth.module.css';

export type LoginFieldName = 'email' | 'password';

/** What a field takes from its form: react-hook-form's `register(name)`. */
export type LoginInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'> & {
  ref?: Ref<HTMLInputElement>;
};

/** The form with its logic (forms/login-form), or the same markup, read-only, while that logic is loading. */
type LoginFormViewProps =
  | {
      email: LoginInputProps;
      password: LoginInputProps;
      errors: Partial<Record<LoginFieldName, string>>;
      pending: boolean;
      onSubmit: FormEventHandler<HTMLFormElement>;
      onFocus?: () => void;
    }
  | { loading: true };

/** The login form's markup (accounts spec §5). */
export function LoginFormView(props: LoginFormViewProps) {
  const { t } = useLingui();
  if ('loading' in props) {
    // Nothing typed here can be lost in the swap: the fields take input once the form's logic has arrived.
    return (
      <form className={styles.form} aria-busy="true" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField label={t`Email`} type="email" name="email" autoComplete="email" required readOnly />
        <PasswordField label={t`Password`} name="password" autoComplete="current-password" required readOnly />
        <Button type="submit" size="large" block className={styles.submit} disabled>
          <Trans>Login</Trans>
        </Button>
      </form>
    );
  }
  const { email, password, errors, pending, onSubmit, onFocus } = props;
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={onFocus} noValidate>
      <TextField label={t`Email`} type="email" autoComplete="email" inputMode="email" required error={errors.email} {...email} />
      <PasswordField label={t`Password`} autoComplete="current-password" required error={errors.password} {...password} />
      <Button type="submit" size="large" block className={styles.submit} disabled={pending}>
        {pending ? <Trans>Logging in…</Trans> : <Trans>Login</Trans>}
      </Button>
    </form>
  );
}
