import { Trans, useLingui } from '@lingui/react/macro';

import type { ConsoleClass } from '@contract/classes';
import { formatPrice } from '@web/lib/billing-format';
import { ConsoleCard } from './console-card';
import { formatJapanTime } from './japan-time';
import styles from './org.module.css';
import wall from './wall.module.css';

interface ClassCardProps {
  klass: ConsoleClass;
  signupsHref: string;
  editHref: string;
  onDelete: () => void;
}

/** One class in the console's list: its thumbnail, whether families see it, its price and kind, and its sign-ups. */
export function ClassCard({ klass, signupsHref, editHref, onDelete }: ClassCardProps) {
  const { t, i18n } = useLingui();
  const start = formatJapanTime(klass.start_at, i18n.locale);
  const price = formatPrice(klass.price, klass.currency, i18n.locale);
  const signups = klass.signup_count;
  const confirmed = klass.confirmed_count;
  return (
    <ConsoleCard
      thumbnail={klass.thumbnail}
      name={klass.name}
      openHref={signupsHref}
      openLabel={<Trans>Sign-ups</Trans>}
      editHref={editHref}
      onDelete={onDelete}
    >
      <div className={wall.chips}>
        <span className={`${styles.chip} ${klass.published ? styles.chipActive : ''}`}>
          {klass.published ? t`Published` : t`Not published`}
        </span>
        <span className={`${styles.chip} ${klass.is_free ? styles.chipSky : styles.chipWarm}`}>{klass.is_free ? t`Free` : price}</span>
        <span className={styles.chip}>{klass.class_type === 'real_time' ? t`Live` : t`Recorded`}</span>
      </div>
      {klass.class_type === 'real_time' && start && <p className={wall.meta}>{t`Starts ${start} (Japan time)`}</p>}
      <p className={wall.meta}>
        {signups === 1 ? t`1 sign-up` : t`${signups} sign-ups`} · {t`${confirmed} confirmed`}
      </p>
    </ConsoleCard>
  );
}
