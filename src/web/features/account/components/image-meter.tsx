import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { usedShare } from '@web/lib/billing-format';
import styles from './payment-info.module.css';

/** The most frames the shelf draws; a larger limit is told in words only. */
const SHELF_MAX = 10;

/** The family's stored images against the plan's limit: frames on a shelf, one filled per image. */
export function ImageMeter({ total, limit }: { total: number; limit: number | null }) {
  const { t } = useLingui();
  const share = usedShare(total, limit);
  const full = share !== null && share >= 1;
  const slots = limit !== null && limit <= SHELF_MAX ? limit : 0;
  return (
    <section className={`${styles.meter} ${full ? styles.full : ''}`} aria-labelledby="image-meter">
      <div className={styles.meterHead}>
        <span id="image-meter">
          <Trans>Images stored</Trans>
        </span>
        {limit === null ? (
          <span className={styles.meterCount}>
            {total} <span className={`${styles.chip} ${styles.chipActive}`}>{t`Unlimited`}</span>
          </span>
        ) : (
          <span className={styles.meterCount}>{t`${total} of ${limit}`}</span>
        )}
      </div>
      {slots > 0 && (
        <ul className={styles.shelf} aria-hidden="true">
          {Array.from({ length: slots }, (_, i) => (
            <li key={i} className={`${styles.slot} ${i < total ? styles.filled : ''}`} />
          ))}
        </ul>
      )}
      {limit === null ? (
        <p className={styles.meterHint}>
          <Trans>Premium has no limit: every drawing can join the museum.</Trans>
        </p>
      ) : full ? (
        <p className={styles.meterHint}>
          <Trans>
            The free plan is full. <Link href="/plans">Upgrade to Premium</Link> to keep adding works.
          </Trans>
        </p>
      ) : (
        <p className={styles.meterHint}>
          <Trans>The free plan keeps up to {limit} images for the whole family.</Trans>
        </p>
      )}
    </section>
  );
}
