import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import type { Contest } from '@contract/contests';
import { buttonClass } from '@web/ui/button';
import { DetailFrame } from '@web/ui/detail-frame';
import { framedCardStyles as card, FramedPicture } from '@web/ui/framed-card';
import { useContest } from '../api/get-contest';
import { contestIdFrom, eligibilityLines } from './contest-logic';
import { ContestDates, MembersOnlyBadge, StatusBadge } from './contest-status';
import styles from './contest-page.module.css';

function ToTheList() {
  return (
    <Link href="/contest-list" className={buttonClass({ variant: 'primary', size: 'large' })}>
      <Trans>See all contests</Trans>
    </Link>
  );
}

/**
 * A contest page's frame (ui/detail-frame): the contest named by the navigation state or `?id=`, loaded, or a
 * friendly word when none is named, it cannot be found or cannot be loaded. `children` renders the loaded contest.
 */
export function ContestPageFrame({ pageTitle, children }: { pageTitle: string; children: (contest: Contest) => ReactNode }) {
  const { t } = useLingui();
  const state = useHistoryState<unknown>();
  const id = contestIdFrom(state, useSearch());
  const query = useContest(id);
  return (
    <DetailFrame
      id={id}
      query={query}
      pageTitle={pageTitle}
      words={{
        noneChosen: <Trans>No contest was chosen. Pick one from the list of contests.</Trans>,
        notFound: <Trans>This contest could not be found.</Trans>,
        failed: <Trans>The contest could not be loaded just now.</Trans>,
        loading: t`Loading the contest…`,
      }}
      toTheList={<ToTheList />}
    >
      {children}
    </DetailFrame>
  );
}

/** The contest's picture, badges, organiser and dates. */
export function ContestSummary({ contest }: { contest: Contest }) {
  const { t } = useLingui();
  const organiser = contest.organization.name;
  return (
    <div className={styles.summary}>
      <FramedPicture src={contest.thumbnail} size="hero" />
      <div className={styles.summaryText}>
        <span className={card.badges}>
          <StatusBadge status={contest.status} />
          {contest.members_only && <MembersOnlyBadge />}
        </span>
        <span className={card.organiser}>{t`Organised by ${organiser}`}</span>
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
            <Trans context="heading">About this contest</Trans>
          </h2>
          <p className={styles.prose}>{contest.explanation}</p>
        </section>
      )}
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>
          <Trans context="heading">Eligibility criteria</Trans>
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
