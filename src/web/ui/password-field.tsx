import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

import { describedBy, Field, type TextFieldProps } from './field';
import styles from './field.module.css';

/** A password input with a show / hide toggle. */
export function PasswordField({ label, error, hint, required, id, ...input }: Omit<TextFieldProps, 'type'>) {
  const { t } = useLingui();
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <Field id={fieldId} label={label} error={error} hint={hint} required={required}>
      <div className={styles.row}>
        <input
          id={fieldId}
          type={visible ? 'text' : 'password'}
          className={`${styles.control} ${styles.withToggle}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          aria-required={required || undefined}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-controls={fieldId}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t`Hide` : t`Show`}
        </button>
      </div>
    </Field>
  );
}
