import { lazy } from 'react';

import { useOnline } from '../../lib/use-online';
import { OptionalPart } from '../optional-part';
import styles from './offline-banner.module.css';

const OfflineMessage = lazy(() => import('./offline-message'));

/**
 * A calm strip under the header while the browser is offline. The live region is always in the
 * page (empty when online), so screen readers announce the change when the signal goes; what it
 * says loads the first time the signal goes (offline, from the service worker's precache).
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={styles.region}>
      {!online && (
        <OptionalPart>
          <OfflineMessage />
        </OptionalPart>
      )}
    </div>
  );
}
