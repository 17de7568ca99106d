import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';

import { useBrand } from '@web/lib/brand';
import { pushState, renewPush, turnOffPush, turnOnPush, type PushState } from '@web/lib/push';
import { Button } from './button';
import styles from './push-card.module.css';

/**
 * This device's notices (issue 32): says why first, and asks the browser's permission only when the button is
 * tapped. `why` is what the notices are for, in the caller's words (a fan's, a parent's, a child's).
 */
export function PushCard({
  why,
  login,
  children,
  onlyWhenOff = false,
}: {
  why: string;
  /** Whose notices: the account's own login's (a fan's, a parent's), or the child's. */
  login: 'parent' | 'child';
  children?: ReactNode;
  onlyWhenOff?: boolean;
}) {
  const { t } = useLingui();
  const brand = useBrand();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  /** Tapped here: the card stays, to say what became of it. */
  const [acted, setActed] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState(login)
      .then((s) => {
        if (live) setState(s);
        // Already on: said again under this login, which may be a newer one than the subscription's (renewPush).
        if (s === 'on') renewPush(login).catch(() => undefined);
      })
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [login]);

  const change = (action: () => Promise<PushState>) => {
    setBusy(true);
    setActed(true);
    setFailed(false);
    action()
      .then(setState)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  // Where it is a reminder (a child's work), it shows only while the notices could be turned on.
  if (onlyWhenOff && state !== 'off' && !acted) return null;
  return (
    <section className={styles.card} aria-labelledby="push-card-title" data-testid="push-card" data-state={state ?? 'loading'}>
      <span className={styles.bell} aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
          <path d="M10 20.5a2 2 0 0 0 4 0" />
        </svg>
      </span>
      <div className={styles.text}>
        <h3 id="push-card-title" className={styles.title}>
          <Trans>Notifications on this device</Trans>
        </h3>
        <p className={styles.why}>{why}</p>
      </div>
      <div className={styles.actions} aria-live="polite">
        {state === 'on' && (
          <>
            <p className={styles.status} data-tone="on">
              <Trans>On for this device.</Trans>
            </p>
            <Button variant="ghost" size="small" disabled={busy} onClick={() => change(() => turnOffPush(login))}>
              <Trans>Turn off</Trans>
            </Button>
          </>
        )}
        {state === 'off' && (
          <Button size="small" disabled={busy} onClick={() => change(() => turnOnPush(login))}>
            {busy ? t`Turning on…` : t`Turn on notifications`}
          </Button>
        )}
        {state === 'blocked' && (
          <p className={styles.status}>
            <Trans>Notifications are blocked for this site. You can allow them in the browser's settings.</Trans>
          </p>
        )}
        {state === 'install-first' && (
          <p className={styles.status}>
            <Trans>
              On iPhone and iPad, first add {brand} to the Home Screen (Share, then Add to Home Screen), and open it from there.
            </Trans>
          </p>
        )}
        {state === 'unsupported' && (
          <p className={styles.status}>
            <Trans>This browser cannot show notifications.</Trans>
          </p>
        )}
        {failed && (
          <p className={styles.status} role="alert">
            <Trans>Notifications could not be turned on here. Please try again later.</Trans>
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
