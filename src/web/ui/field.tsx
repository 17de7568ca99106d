import { useLingui } from '@lingui/react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

import { messageText } from '../lib/api-error';
import styles from './field.module.css';

interface FieldFrame {
  label: ReactNode;
  /** A message id from the contract or a text already translated. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

interface FieldProps extends FieldFrame {
  id: string;
  children: ReactNode;
}

/** Translates a contract message id (zod issues carry ids); text the server wrote passes through (lib/api-error). */
export function useMessageText(): (message: string | undefined) => string | undefined {
  // Subscribed to the language, so an id's translation follows a switch.
  useLingui();
  return (message) => (message ? messageText(message) : undefined);
}

export function Field({ id, label, error, hint, required, children }: FieldProps) {
  const text = useMessageText();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {text(error)}
        </p>
      )}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export type TextFieldProps = FieldFrame & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, error, hint, required, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <Field id={fieldId} label={label} error={error} hint={hint} required={required}>
      <input
        id={fieldId}
        className={[styles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        {...input}
      />
    </Field>
  );
}

export type SelectFieldProps = FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; children: ReactNode };

export function SelectField({ label, error, hint, required, id, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <Field id={fieldId} label={label} error={error} hint={hint} required={required}>
      <select
        id={fieldId}
        className={`${styles.control} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        {...select}
      >
        {children}
      </select>
    </Field>
  );
}

export type TextAreaFieldProps = FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, error, hint, required, id, className, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <Field id={fieldId} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={fieldId}
        className={[styles.control, styles.textarea, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        {...textarea}
      />
    </Field>
  );
}
