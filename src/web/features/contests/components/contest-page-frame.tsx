import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import type { Contest } from '@contract/contests';
import { Button, buttonClass } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { isNotFound, useContest } from '../api/get-contest';
import { contestIdFrom, eligibilityLines } from './contest-logic';
import { ContestThumbnail } from './contest-card';
import { ContestDates, MembersOnlyBadge, StatusBadge } from './contest-status';
import styles from './contest-page.module.css';
import cardStyles from './contests.module.css';

function ToTheList() {
  return (
    <Link href="/contest-list" className={buttonClass({ variant: 'primary', size: 'large' })}>
      <Trans>See all contests</Trans>
    </Link>
  );
}

/**
 * A contest page's frame: the contest named by the navigation state or `?id=`, loaded; a friendly word when none
 * is named, it cannot be found or cannot be loaded; skeletons meanwhile. `children` renders the loaded contest.
 */
export function ContestPageFrame({ pageTitle, children }: { pageTitle: string; children: (contest: Contest) => ReactNode }) {
  const { t } = useLingui();
  const state = useHistoryState<unknown>();
  const id = contestIdFrom(state, useSearch());
  const contest = useContest(id);
  const waiting = useWaitsForNetwork(contest);

  if (id === null || (contest.isError && !contest.data)) {
    const notFound = id === null || isNotFound(contest.error);
    return (
      <PageShell title={pageTitle} width="medium">
        <EmptyState
          action={
            <>
              {!notFound && (
                <Button size="large" variant="secondary" onClick={() => void contest.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              )}
              <ToTheList />
            </>
          }
        >
          <p>
            {id === null ? (
              <Trans>No contest was chosen. Pick one from the list of contests.</Trans>
            ) : notFound ? (
              <Trans>This contest could not be found.</Trans>
            ) : (
              <Trans>The contest could not be loaded just now.</Trans>
            )}
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  if (!contest.data) {
    return (
      <PageShell title={pageTitle} width="medium">
        <OfflineDataNote query={contest} subject="details" />
        {!waiting && (
          <div className={styles.loading} role="status">
            <span className="visually-hidden">{t`Loading the contest…`}</span>
            <SkeletonBlock height={240} />
            <SkeletonBlock height={28} width="70%" />
            <SkeletonBlock height={18} width="50%" />
            <SkeletonBlock height={80} />
          </div>
        )}
      </PageShell>
    );
  }

  return (
    <PageShell title={contest.data.name} eyebrow={pageTitle} width="medium">
      <OfflineDataNote query={contest} subject="details" />
      {children(contest.data)}
    </PageShell>
  );
}

/** The contest's picture, badges, organiser and dates. */
export function ContestSummary({ contest }: { contest: Contest }) {
  const { t } = useLingui();
  const organiser = contest.organization.name;
  return (
    <div className={styles.summary}>
      <ContestThumbnail src={contest.thumbnail} size="hero" />
      <div className={styles.summaryText}>
        <span className={cardStyles.badges}>
          <StatusBadge status={contest.status} />
          {contest.members_only && <MembersOnlyBadge />}
        </span>
        <span className={cardStyles.organiser}>{t`Organised by ${organiser}`}</span>
        <ContestDates start={contest.start_date} end={contest.end_date} withTime />
      </div>
    </div>
  );
}

/** The explanation and the eligibility criteria (one per line, as a list). */
export function ContestAbout({ contest }: { contest: Contest }) {
  const lines = eligibilityLines(contest.eligibility_criteria);
  return (
    <>
      {contest.explanation.trim() && (
        <section className={styles.block}>
          <h2 className={styles.blockTitle}>
            <Trans>About this contest</Trans>
          </h2>
          <p className={styles.prose}>{contest.explanation}</p>
        </section>
      )}
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>
          <Trans>Eligibility criteria</Trans>
        </h2>
        {lines.length ? (
          <ul className={styles.criteria}>
            {lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>
            <Trans>No particular criteria.</Trans>
          </p>
        )}
      </section>
    </>
  );
}
