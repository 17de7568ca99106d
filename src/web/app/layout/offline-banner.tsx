import { Trans } from '@lingui/react/macro';

import { useSession } from '@web/lib/session';
import { useOnline } from '@web/lib/use-online';
import styles from './offline-banner.module.css';

/**
 * A calm strip under the header while the browser is offline. The live region is always in the
 * page (empty when online), so screen readers announce the change when the signal goes.
 */
export function OfflineBanner() {
  const online = useOnline();
  const hasChild = useSession((s) => Boolean(s.childToken));
  return (
    <div role="status" className={styles.region}>
      {!online && (
        <div className={styles.banner}>
          <svg className={styles.icon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <circle cx="12" cy="19" r="1.6" fill="currentColor" />
            <path d="M4 3l16 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <p className={styles.text}>
            {hasChild ? (
              <Trans>You're offline. Photos you take will upload when you're back online.</Trans>
            ) : (
              <Trans>You're offline. Pages you have opened before can still be seen.</Trans>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
