import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { useContestList, type ContestFilters } from '../api/contest-lists';
import { ContestCard } from '../components/contest-card';
import { ContestFiltersBar } from '../components/contest-filters';
import { ContestWall } from '../components/contest-wall';

/** Every contest, open to everyone (works spec §2): a card opens the contest's application page. */
export default function ContestListPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<ContestFilters>({ status: 'all' });
  const contests = useContestList('contests', filters);
  return (
    <PageShell
      title={t({ message: `All Contests`, context: 'heading' })}
      eyebrow={t`Contests`}
      lead={t`Drawing contests run by art classrooms and organizations.`}
    >
      <OfflineDataNote query={contests} subject="details" />
      <ContestFiltersBar value={filters} onSearch={setFilters} />
      <ContestWall
        query={contests}
        renderContest={(contest) => <ContestCard key={contest.id} contest={contest} opens="/contest-application" />}
        empty={<Trans>No contests match this search.</Trans>}
      />
    </PageShell>
  );
}
