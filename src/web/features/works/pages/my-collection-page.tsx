import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { useWorkList, type WorkFilters } from '@web/lib/work-lists';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { WorkFiltersBar } from '../components/work-filters';
import { WorkTile } from '../components/work-tile';
import { WorksWall } from '../components/works-wall';

/** The works the active profile has liked; the likes are shown, not clickable. */
export default function MyCollectionPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<WorkFilters>({});
  const works = useWorkList('myCollection', filters);
  return (
    <PageShell title={t({ message: `My Collection`, context: 'heading' })} eyebrow={t`Works you liked`}>
      {/* Offline with nothing kept, the easel says the page will fill in once back online (never a blank wall). */}
      <OfflineDataNote query={works} />
      <WorkFiltersBar value={filters} onSearch={setFilters} />
      <WorksWall
        query={works}
        label={t`Liked works`}
        renderWork={(work) => <WorkTile key={work.id} work={work} showAuthor />}
        empty={<Trans>Works you like will be collected here.</Trans>}
      />
    </PageShell>
  );
}
