import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import type { ContestFilter, ContestStatus } from '@contract/contests';
import { framedCardStyles as card } from '@web/ui/framed-card';
import { formatJapanDate, STATUS_TONE } from './contest-logic';
import styles from './contests.module.css';

/** The status labels (works spec §3) and the list's filter options (§9). */
export const FILTER_LABELS: Record<ContestFilter, MessageDescriptor> = {
  all: msg`All`,
  already_held: msg`Already Held`,
  in_session: msg`In Session`,
  scheduled: msg`Scheduled`,
};

export function StatusBadge({ status }: { status: ContestStatus }) {
  const { i18n } = useLingui();
  return <span className={`${card.badge} ${styles[`badge_${STATUS_TONE[status]}`]}`}>{i18n._(FILTER_LABELS[status])}</span>;
}

export function MembersOnlyBadge() {
  return (
    <span className={`${card.badge} ${styles.badge_members}`}>
      <Trans>Members only</Trans>
    </span>
  );
}

/**
 * A contest's period in Japan time: both ends, or "Date not available" for a missing one (works spec §2). With
 * `withTime` the times too, and a word that they are Japan's.
 */
export function ContestDates({ start, end, withTime = false }: { start: string | null; end: string | null; withTime?: boolean }) {
  const { i18n, t } = useLingui();
  const from = formatJapanDate(start, i18n.locale, withTime);
  const to = formatJapanDate(end, i18n.locale, withTime);
  if (!from && !to) return <span className={styles.dates}>{t`Date not available`}</span>;
  const missing = t`Date not available`;
  return (
    <span className={styles.dates}>
      <time dateTime={start ?? undefined}>{from ?? missing}</time>
      <span aria-hidden="true"> – </span>
      <span className="visually-hidden"> {t`to`} </span>
      <time dateTime={end ?? undefined}>{to ?? missing}</time>
      {withTime && <span className={card.zone}> {t`(Japan time)`}</span>}
    </span>
  );
}
