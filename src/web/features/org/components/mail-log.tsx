import { Trans, useLingui } from '@lingui/react/macro';

import type { MailLogEntry } from '@contract/console';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useMailLog, type MailScope } from '../api/mail';
import { formatJapanTime } from './japan-time';
import styles from './org.module.css';
import wall from './wall.module.css';

/** What was sent from here: who sent what, when, to how many, and how far the sending got. Never addresses. */
export function MailLog({ scope }: { scope: MailScope }) {
  const { t } = useLingui();
  const log = useMailLog(scope);
  return (
    <section aria-labelledby="mail-log">
      <h2 id="mail-log" className={styles.sectionTitle}>
        <Trans context="heading">Sent e-mails</Trans>
      </h2>
      {!log.data ? (
        <div className={styles.skeletonList} role="status">
          <span className="visually-hidden">{t`Loading the sent e-mails…`}</span>
          <SkeletonBlock height={64} />
          <SkeletonBlock height={64} />
        </div>
      ) : log.data.results.length === 0 ? (
        <p className={styles.empty}>
          <Trans>Nothing has been sent from here yet.</Trans>
        </p>
      ) : (
        <ul className={wall.log}>
          {log.data.results.map((entry) => (
            <LogItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LogItem({ entry }: { entry: MailLogEntry }) {
  const { t, i18n } = useLingui();
  const when = formatJapanTime(entry.created_at, i18n.locale);
  const sender = entry.sender;
  const { recipients, sent, failed } = entry;
  const audience = entry.audience === 'members' ? t`Members' families` : entry.audience === 'staff' ? t`Staff` : t`All users`;
  return (
    <li className={wall.logItem}>
      <span className={wall.logSubject}>{entry.subject}</span>
      <span className={styles.meta}>{t`${when} by ${sender}`}</span>
      <span className={wall.chips}>
        <span className={styles.chip}>{audience}</span>
        <span className={styles.chip}>{recipients === 1 ? t`To 1 person` : t`To ${recipients} people`}</span>
        {entry.finished_at === null ? (
          <span className={`${styles.chip} ${styles.chipSky}`}>{t`Sending… ${sent} sent`}</span>
        ) : (
          <span className={`${styles.chip} ${styles.chipActive}`}>{t`${sent} sent`}</span>
        )}
        {failed > 0 && <span className={`${styles.chip} ${styles.chipWarm}`}>{t`${failed} failed`}</span>}
      </span>
    </li>
  );
}
