import { Trans } from '@lingui/react/macro';
import { useId, type InputHTMLAttributes, type Ref } from 'react';

import { useMessageText } from '@web/ui/field';
import styles from './auth.module.css';

/** A link to a legal page in a new tab, so the sign-up form keeps what was typed. */
function NewTabLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      {/* Hidden text is read apart from the link's words, so it needs no space of its own (none in Japanese). */}
      <span className="visually-hidden">
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

/**
 * Sign-up's required tick box (issue 28): a parent signs up for the family, so the parent or guardian agrees to the
 * terms and the privacy policy (the terms ask a guardian's consent for a child's use). The server refuses a sign-up
 * without it and keeps when, and to which version, it was given (contract/legal.ts).
 */
export function TermsConsent({
  error,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { error?: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const text = useMessageText();
  return (
    <div className={styles.consentField}>
      <div className={styles.consent}>
        <input
          id={id}
          ref={ref}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required
          {...input}
        />
        <label htmlFor={id}>
          <Trans>
            As the parent or guardian, I agree to the <NewTabLink href="/terms-and-services">Terms and Services</NewTabLink> and the{' '}
            <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink> for my family.
          </Trans>
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.consentError} role="alert">
          {text(error)}
        </p>
      )}
    </div>
  );
}
