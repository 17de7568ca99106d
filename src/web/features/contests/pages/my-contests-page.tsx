import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';

import { buttonClass } from '@web/ui/button';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { useContestList, type ContestFilters } from '../api/contest-lists';
import { ContestCard, contestHref } from '../components/contest-card';
import { ContestFiltersBar } from '../components/contest-filters';
import { ContestWall } from '../components/contest-wall';

/** The contests this child has entered (works spec §2), each with Details (the read-only contest page). */
export default function MyContestsPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<ContestFilters>({ status: 'all' });
  const contests = useContestList('myContests', filters);
  const browse = (
    <Link href="/contest-list" className={buttonClass({ variant: 'primary' })}>
      <Trans>See all contests</Trans>
    </Link>
  );
  return (
    <PageShell title={t({ message: `My Contests`, context: 'heading' })} eyebrow={t`Contests`} lead={t`The contests you have entered.`}>
      <OfflineDataNote query={contests} subject="details" />
      <ContestFiltersBar value={filters} onSearch={setFilters} />
      <ContestWall
        query={contests}
        renderContest={(contest) => {
          const name = contest.name;
          return (
            <ContestCard
              key={contest.id}
              contest={contest}
              action={
                <Link
                  {...contestHref('/contest-detail', contest.id)}
                  className={buttonClass({ variant: 'secondary', block: true })}
                  aria-label={t`Details of ${name}`}
                >
                  <Trans>Details</Trans>
                </Link>
              }
            />
          );
        }}
        empty={
          filters.search || filters.status !== 'all' ? (
            <Trans>No contests match this search.</Trans>
          ) : (
            <>
              <p>
                <Trans>You have not entered a contest yet.</Trans>
              </p>
              {browse}
            </>
          )
        }
      />
    </PageShell>
  );
}
