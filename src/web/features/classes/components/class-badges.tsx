import { Trans, useLingui } from '@lingui/react/macro';

import type { ArtistClass, SignupStatus } from '@contract/classes';
import { formatJapanDateTime, priceLabel } from './class-logic';
import { framedCardStyles as card } from '@web/ui/framed-card';
import { Icon } from '@web/ui/line-icon';
import styles from './classes.module.css';

/** Free, or the price tag of a paid class (works spec §2: the free/paid badge). */
export function PriceBadge({ item }: { item: Pick<ArtistClass, 'is_free' | 'price' | 'currency'> }) {
  const { t, i18n } = useLingui();
  const price = priceLabel(item, i18n.locale);
  return price === null ? (
    <span className={`${card.badge} ${styles.badge} ${styles.badge_free}`}>
      <Trans>Free</Trans>
    </span>
  ) : (
    <span className={`${card.badge} ${styles.badge} ${styles.badge_paid}`} aria-label={t`Paid, ${price}`}>
      {price}
    </span>
  );
}

/** Recorded (works spec §2: the recorded badge), or Live for a class held at a set time. */
export function TypeBadge({ type }: { type: ArtistClass['class_type'] }) {
  return type === 'recorded' ? (
    <span className={`${card.badge} ${styles.badge} ${styles.badge_recorded}`}>
      <span aria-hidden="true">▶ </span>
      <Trans>Recorded</Trans>
    </span>
  ) : (
    <span className={`${card.badge} ${styles.badge} ${styles.badge_live}`}>
      <span aria-hidden="true">● </span>
      <Trans>Live</Trans>
    </span>
  );
}

/** The child's sign-up, where it has one: signed up, or waiting for its payment. */
export function SignupBadge({ status }: { status: SignupStatus | null }) {
  if (status === 'confirmed')
    return (
      <span className={`${card.badge} ${styles.badge} ${styles.badge_signed}`}>
        <span aria-hidden="true">✓ </span>
        <Trans>Signed up</Trans>
      </span>
    );
  if (status === 'pending')
    return (
      <span className={`${card.badge} ${styles.badge} ${styles.badge_pending}`}>
        <Trans>Payment pending</Trans>
      </span>
    );
  return null;
}

/** A live class's start, in Japan time and saying so. */
export function StartTime({ at }: { at: string | null }) {
  const { i18n, t } = useLingui();
  const when = formatJapanDateTime(at, i18n.locale);
  if (!when) return null;
  return (
    <span className={styles.start}>
      <Icon name="clock" size={16} />
      <time dateTime={at ?? undefined}>{when}</time> <span className={card.zone}>{t`(Japan time)`}</span>
    </span>
  );
}
