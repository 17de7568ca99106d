import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEventHandler, InputHTMLAttributes, Ref } from 'react';

import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { PasswordField } from '@web/ui/password-field';
import styles from './auth.module.css';

export type LoginFieldName = 'email' | 'password';

/**
 * What the user did with the login form before its logic (react-hook-form) had loaded: the values typed, the
 * field in focus and a submit asked for. The loaded form starts from it, so nothing is lost in the swap.
 */
export class LoginDraft {
  readonly values: Partial<Record<LoginFieldName, string>> = {};
  private focused: LoginFieldName | undefined;
  private submitted = false;

  /** Handlers for a field of the not-yet-loaded form. */
  field(name: LoginFieldName): LoginInputProps {
    return {
      name,
      defaultValue: this.values[name],
      onChange: (event) => {
        this.values[name] = event.target.value;
      },
      onFocus: () => {
        this.focused = name;
      },
      onBlur: (event) => {
        // A field removed by the swap keeps its focus for the loaded form.
        if (this.focused === name && event.target.isConnected) this.focused = undefined;
      },
    };
  }

  submit(): void {
    this.submitted = true;
  }

  /** The values, the focused field and the pending submit, handed over once. */
  take(): { values: Partial<Record<LoginFieldName, string>>; focused?: LoginFieldName; submitted: boolean } {
    const taken = { values: { ...this.values }, focused: this.focused, submitted: this.submitted };
    this.focused = undefined;
    this.submitted = false;
    return taken;
  }
}

/** What a field takes from its form: react-hook-form's `register(name)`, or the draft's handlers. */
export type LoginInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'onFocus' | 'defaultValue'> & {
  ref?: Ref<HTMLInputElement>;
};

interface LoginFormViewProps {
  email: LoginInputProps;
  password: LoginInputProps;
  errors?: Partial<Record<LoginFieldName, string>>;
  pending?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: () => void;
}

/** The login form's markup (accounts spec §5), the same before and after its form logic has loaded. */
export function LoginFormView({ email, password, errors = {}, pending = false, onSubmit, onFocus }: LoginFormViewProps) {
  const { t } = useLingui();
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
