import { Trans, useLingui } from '@lingui/react/macro';

import type { ConsoleClass } from '@contract/classes';
import { formatPrice } from '@web/lib/billing-format';
import { Button, LinkButton } from '@web/ui/button';
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
    <li className={wall.card}>
      <div className={wall.cardTop}>
        <span className={wall.frame}>
          {klass.thumbnail ? (
            <img src={klass.thumbnail} alt="" width={84} height={84} loading="lazy" decoding="async" />
          ) : (
            <span className={wall.blank} />
          )}
        </span>
        <div className={wall.cardText}>
          <h3 className={wall.cardTitle}>{klass.name}</h3>
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
        </div>
      </div>
      <div className={wall.actions}>
        <LinkButton href={signupsHref} variant="primary" className={styles.compact}>
          <Trans>Sign-ups</Trans>
        </LinkButton>
        <LinkButton href={editHref} variant="secondary" className={styles.compact}>
          <Trans>Edit</Trans>
        </LinkButton>
        <Button variant="ghost" className={styles.compact} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}
