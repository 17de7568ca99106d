import { Trans, useLingui } from '@lingui/react/macro';
import { useIsRestoring } from '@tanstack/react-query';

import { useOnline } from '../lib/use-online';
import { EmptyState } from './empty-state';
import styles from './offline-data-note.module.css';

/** The parts of a query result the note reads. */
export interface NoteQuery {
  data: unknown;
  dataUpdatedAt: number;
  isRefetchError: boolean;
  isPending: boolean;
}

interface OfflineDataNoteProps {
  query: NoteQuery;
  /** What the page shows: a wall of works, or someone's details. */
  subject?: 'works' | 'details';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday" in the reader's language; null under a minute ("just now"). */
function ago(time: number, locale: string): string | null {
  const seconds = Math.round((time - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return null;
}

/**
 * A friendly word on a page whose data may be old: shown offline (the data came from the persisted
 * cache) or when the last refresh failed, with when the data was fetched. Offline with nothing kept,
 * it says, beside the museum's easel, that the page fills in once the signal is back (the page shows it
 * instead of its skeleton: see `waitsForNetwork`). Online and fresh, it renders nothing.
 */
export function OfflineDataNote({ query, subject = 'works' }: OfflineDataNoteProps) {
  const { i18n, t } = useLingui();
  const online = useOnline();
  const restoring = useIsRestoring();
  const hasData = query.data !== undefined;
  if (restoring) return null;
  if (online && !(hasData && query.isRefetchError)) return null;
  if (!hasData && !query.isPending) return null;

  if (!hasData) {
    return (
      <EmptyState role="status" data-testid="offline-data-note">
        <p>
          <Trans>You're offline. This page will fill in when you're back online.</Trans>
        </p>
      </EmptyState>
    );
  }

  const when = query.dataUpdatedAt ? (ago(query.dataUpdatedAt, i18n.locale) ?? t`just now`) : null;
  let text;
  if (!online && subject === 'works') text = <Trans>You're offline. These may not be the latest works.</Trans>;
  else if (!online) text = <Trans>You're offline. These may not be the latest details.</Trans>;
  else if (subject === 'works') text = <Trans>The museum can't be reached just now. These may not be the latest works.</Trans>;
  else text = <Trans>The museum can't be reached just now. These may not be the latest details.</Trans>;

  return (
    <aside className={styles.note} data-testid="offline-data-note">
      <svg className={styles.icon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M7 18h10.5a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.6 8.2 5 5 0 0 0 7 18z"
          fill="var(--paper)"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path d="M12 10.5v3.5l2 1.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <p className={styles.text}>
        {text}
        {when && (
          <span className={styles.when}>
            {' '}
            <Trans>
              Last updated <time dateTime={new Date(query.dataUpdatedAt).toISOString()}>{when}</time>.
            </Trans>
          </span>
        )}
      </p>
    </aside>
  );
}

/**
 * True while a page has nothing of this query to show and cannot ask for it (offline): the page shows the note's
 * easel instead of a skeleton that would never fill.
 */
export function useWaitsForNetwork(query: Pick<NoteQuery, 'data' | 'isPending'>): boolean {
  const online = useOnline();
  const restoring = useIsRestoring();
  return !online && !restoring && query.data === undefined && query.isPending;
}
