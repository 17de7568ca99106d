import { Trans, useLingui } from '@lingui/react/macro';

import { dismissIosHint, useInstall } from '@web/lib/install';
import styles from './install-hint.module.css';
import { useBrand } from '@web/lib/brand';

/** iOS Safari has no install prompt: once, until dismissed, say how to add the app to the home screen. */
export function InstallHint() {
  const { t } = useLingui();
  const brand = useBrand();
  const show = useInstall((s) => s.iosHint);
  if (!show) return null;
  return (
    <aside className={styles.hint} aria-label={t`Add to Home Screen`}>
      <img className={styles.icon} src="/icon-192.png" width="40" height="40" alt="" />
      <p className={styles.text}>
        <Trans>
          Keep {brand} on your home screen: tap <ShareIcon /> <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </Trans>
      </p>
      <button type="button" className={styles.close} onClick={dismissIosHint}>
        <Trans>Got it</Trans>
      </button>
    </aside>
  );
}

/** Safari's share symbol, so the words match what the child sees. */
function ShareIcon() {
  return (
    <svg className={styles.share} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M12 3v12M8 7l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7 10H5v10h14V10h-2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
