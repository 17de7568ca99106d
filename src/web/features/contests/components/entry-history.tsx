import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { ContestEntry } from '@contract/contests';
import { Avatar } from '@web/ui/avatar';
import { framedCardStyles } from '@web/ui/framed-card';
import { formatJapanDate } from './contest-logic';
import styles from './contest-page.module.css';

function EntryPicture({ entry }: { entry: ContestEntry }) {
  return (
    <span className={styles.entryFrame}>
      {entry.image ? (
        // alt="": the title beside it names the entry.
        <img src={entry.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className={framedCardStyles.noImage} aria-hidden="true" />
      )}
    </span>
  );
}

function Entry({ entry, winner }: { entry: ContestEntry; winner: boolean }) {
  const { i18n } = useLingui();
  const date = formatJapanDate(entry.submission_date, i18n.locale);
  const title = <span className={styles.entryTitle}>{entry.title}</span>;
  return (
    <li className={[styles.entry, winner && styles.entryWinner].filter(Boolean).join(' ')}>
      {/* Only a work the visitor may open is a link: the entry history shows it, the work keeps its own visibility. */}
      {entry.can_view ? (
        <Link href={`/gallery-detail/${entry.work_id}`} className={styles.entryMain}>
          <EntryPicture entry={entry} />
          {title}
        </Link>
      ) : (
        <div className={styles.entryMain}>
          <EntryPicture entry={entry} />
          {title}
        </div>
      )}
      <div className={styles.entryMeta}>
        {winner && (
          <span className={styles.winnerRibbon}>
            <span aria-hidden="true">★ </span>
            <Trans>Winner</Trans>
          </span>
        )}
        <span className={styles.entryArtist}>
          <Avatar username={entry.username} src={entry.profile_picture} size={28} />
          <span>{entry.username}</span>
        </span>
        {date && (
          <time className={styles.entryDate} dateTime={entry.submission_date}>
            {date}
          </time>
        )}
      </div>
    </li>
  );
}

/** A contest's entries, newest first (the server's order); the winning entry, when there is one, marked. */
export function EntryHistory({ entries, winnerId }: { entries: readonly ContestEntry[]; winnerId?: number | null }) {
  if (!entries.length) {
    return (
      <p className={styles.muted}>
        <Trans>No entries yet.</Trans>
      </p>
    );
  }
  return (
    <ol className={styles.entries}>
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} winner={entry.id === winnerId} />
      ))}
    </ol>
  );
}
