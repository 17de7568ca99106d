import { Trans, useLingui } from '@lingui/react/macro';

import type { Contest, ContestStatus } from '@contract/contests';
import { ConsoleCard } from './console-card';
import { formatJapanTime } from './japan-time';
import styles from './org.module.css';
import wall from './wall.module.css';

export function useStatusLabel(): (status: ContestStatus) => string {
  const { t } = useLingui();
  return (status) => (status === 'already_held' ? t`Already Held` : status === 'in_session' ? t`In Session` : t`Scheduled`);
}

const STATUS_TONE: Record<ContestStatus, string | undefined> = {
  already_held: styles.chipWarm,
  in_session: styles.chipActive,
  scheduled: styles.chipSky,
};

export function StatusChip({ status }: { status: ContestStatus }) {
  const label = useStatusLabel();
  return <span className={`${styles.chip} ${STATUS_TONE[status] ?? ''}`}>{label(status)}</span>;
}

interface ContestCardProps {
  contest: Contest;
  entriesHref: string;
  editHref: string;
  onDelete: () => void;
}

/** One contest in the console's list: its thumbnail, state, period (Japan time) and what staff can do. */
export function ContestCard({ contest, entriesHref, editHref, onDelete }: ContestCardProps) {
  const { t, i18n } = useLingui();
  const start = formatJapanTime(contest.start_date, i18n.locale);
  const end = formatJapanTime(contest.end_date, i18n.locale);
  const count = contest.entry_count;
  const winner = contest.user?.username;
  return (
    <ConsoleCard
      thumbnail={contest.thumbnail}
      name={contest.name}
      openHref={entriesHref}
      openLabel={<Trans>Entries</Trans>}
      editHref={editHref}
      onDelete={onDelete}
    >
      <div className={wall.chips}>
        <StatusChip status={contest.status} />
        {contest.members_only && <span className={styles.chip}>{t`Members only`}</span>}
      </div>
      <p className={wall.meta}>{t`${start} – ${end} (Japan time)`}</p>
      <p className={wall.meta}>{count === 1 ? t`1 entry` : t`${count} entries`}</p>
      {contest.user && (
        <p className={wall.meta}>
          <Trans>Winner: {winner}</Trans>
        </p>
      )}
    </ConsoleCard>
  );
}
