import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

import { buttonClass } from '@web/ui/button';
import styles from './header.module.css';
import { useBrand } from '@web/lib/brand';

export function Brand() {
  const brand = useBrand();
  return (
    <Link href="/" className={styles.brand}>
      <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <rect x="3" y="6" width="34" height="30" rx="6" fill="#8a6a4f" />
        <rect x="8" y="11" width="24" height="20" rx="2" fill="#fffdf9" />
        <circle cx="15" cy="17" r="3" fill="#e2a03f" />
        <path d="M9 30 L17 22 L22 27 L26 23 L31 30 Z" fill="#b04e26" />
        <path d="M20 6 L14 1 M20 6 L26 1" stroke="#8a6a4f" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={styles.brandText}>
        <span className={styles.brandName}>{brand}</span>
        <span className={styles.brandSub}>
          <Trans>Art museum for children</Trans>
        </span>
      </span>
    </Link>
  );
}

/** Logged-out links: only Member Registration on /login, only Login on /register. */
export function AuthLinks({ location, stacked = false }: { location: string; stacked?: boolean }) {
  return (
    <div className={stacked ? styles.authStacked : styles.auth}>
      {location !== '/login' && (
        <Link href="/login" className={buttonClass({ variant: 'ghost', block: stacked })}>
          <Trans>Login</Trans>
        </Link>
      )}
      {location !== '/register' && (
        <Link href="/register" className={buttonClass({ variant: 'primary', block: stacked })}>
          <Trans>Member Registration</Trans>
        </Link>
      )}
    </div>
  );
}

/** The camera call to action: capture is always one tap away for a child session. */
export function RegisterWorkButton() {
  return (
    <Link href="/register-work" className={`${buttonClass({ variant: 'primary' })} ${styles.camera}`}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M4 7h3l1.6-2.2A1.5 1.5 0 0 1 9.8 4h4.4a1.5 1.5 0 0 1 1.2.8L17 7h3a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z"
          fill="currentColor"
        />
        <circle cx="12" cy="13" r="4" fill="var(--terracotta)" stroke="#fff" strokeWidth="1.8" />
      </svg>
      <Trans>Register your work</Trans>
    </Link>
  );
}
