import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';

import { applyUpdate, usePwa } from '../lib/pwa';
import { withToast } from '../lib/toast';
import { Button } from '../ui/button';
import styles from './update-prompt.module.css';
import { useBrand } from '../lib/brand';

const TOAST_ID = 'app-update';

/** A toast that stays until the user acts: a new version is ready, and Reload switches to it. */
export function UpdatePrompt() {
  const waiting = usePwa((s) => s.updateWaiting);
  const brand = useBrand();
  useEffect(() => {
    if (!waiting) return;
    withToast((toast) =>
      toast.custom(
        (current) => (
          <div className={styles.toast} role="status" aria-live="polite" data-visible={current.visible}>
            <p className={styles.text}>
              <Trans>A new version of {brand} is ready.</Trans>
            </p>
            <div className={styles.actions}>
              <Button size="small" variant="ghost" onClick={() => toast.dismiss(TOAST_ID)}>
                <Trans>Later</Trans>
              </Button>
              <Button size="small" onClick={applyUpdate}>
                <Trans>Reload</Trans>
              </Button>
            </div>
          </div>
        ),
        { id: TOAST_ID, duration: Infinity },
      ),
    );
  }, [waiting, brand]);
  return null;
}
