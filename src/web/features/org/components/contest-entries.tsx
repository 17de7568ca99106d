import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { ConsoleEntry, ConsoleOrganization } from '@contract/console';
import type { Contest } from '@contract/contests';
import { M } from '@contract/messages';
import { notify } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { WorkGridSkeleton } from '@web/ui/skeleton';
import { useContestEntries, usePickWinner } from '../api/contests';
import { ConfirmModal } from './confirm-modal';
import { StatusChip } from './contest-card';
import { DetailHead } from './detail-head';
import styles from './org.module.css';
import wall from './wall.module.css';

interface ContestEntriesProps {
  org: ConsoleOrganization;
  contest: Contest;
  backHref: string;
}

/** A contest's entries as a wall of thumbnails; staff pick the one winner here. */
export function ContestEntries({ org, contest, backHref }: ContestEntriesProps) {
  const { t, i18n } = useLingui();
  const entries = useContestEntries(org.id, contest.id);
  const pick = usePickWinner();
  const [choosing, setChoosing] = useState<ConsoleEntry | null>(null);
  const decided = contest.winner !== null || (entries.data?.results.some((e) => e.is_winner) ?? false);
  const canPick = !decided && contest.status !== 'scheduled';
  const title = choosing?.title ?? '';
  const artist = choosing?.username ?? '';
  const contestName = contest.name;

  const onPick = async () => {
    if (!choosing) return;
    const answer = await pick.mutateAsync({ orgId: org.id, contestId: contest.id, entryId: choosing.id }).catch(() => null);
    if (!answer) return;
    setChoosing(null);
    notify.success(i18n._(M.contestWinnerPicked.id));
  };

  return (
    <section aria-labelledby="contest-entries">
      <DetailHead
        backHref={backHref}
        backLabel={t`← All contests`}
        headingId="contest-entries"
        title={<Trans context="heading">Entries to {contestName}</Trans>}
        chip={<StatusChip status={decided ? 'already_held' : contest.status} />}
      />
      {decided ? (
        <p className={wall.held}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <circle cx="12" cy="9" r="6.5" fill="var(--amber)" stroke="var(--frame-wood)" strokeWidth="1.5" />
            <path d="M8.5 14.5 7 22l5-2.5 5 2.5-1.5-7.5" fill="var(--terracotta)" />
            <circle cx="12" cy="9" r="3" fill="#fff8ea" />
          </svg>
          <Trans>Already Held: the winner has been picked.</Trans>
        </p>
      ) : contest.status === 'scheduled' ? (
        <p className={styles.sectionHint}>
          <Trans>A winner can be picked once the contest has started.</Trans>
        </p>
      ) : (
        <p className={styles.sectionHint}>
          <Trans>Pick one work as the winner. The winner's family is told by e-mail.</Trans>
        </p>
      )}
      {!entries.data ? (
        <WorkGridSkeleton count={4} label={t`Loading the entries…`} />
      ) : entries.data.results.length === 0 ? (
        <EmptyState>
          <p>
            <Trans>No entries yet.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className={wall.wall}>
          {entries.data.results.map((entry) => (
            <li key={entry.id} className={[wall.entry, entry.is_winner && wall.winner].filter(Boolean).join(' ')}>
              <span className={wall.entryFrame}>
                {entry.image ? (
                  <img src={entry.image} alt={entry.title} width={300} height={300} loading="lazy" decoding="async" />
                ) : (
                  <span className={wall.blank} />
                )}
                {entry.is_winner && <span className={wall.ribbon}>{t`Winner`}</span>}
              </span>
              <span className={wall.entryTitle}>{entry.title}</span>
              <span className={wall.by}>
                <Avatar username={entry.username} src={entry.profile_picture} size={24} />
                {entry.username}
              </span>
              {canPick && (
                <Button variant="secondary" className={styles.compact} onClick={() => setChoosing(entry)}>
                  <Trans>Pick as winner</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={choosing !== null}
        title={t({ message: `Pick this work as the winner?`, context: 'heading' })}
        confirmLabel={t`Pick as winner`}
        pendingLabel={t`Picking…`}
        tone="primary"
        pending={pick.isPending}
        onCancel={() => setChoosing(null)}
        onConfirm={() => void onPick()}
      >
        <Trans>
          "{title}" by {artist} wins {contestName}. The contest then shows Already Held, and the winner cannot be changed.
        </Trans>
      </ConfirmModal>
    </section>
  );
}
