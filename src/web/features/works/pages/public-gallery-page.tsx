import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { useWorkList, type WorkFilters } from '@web/lib/work-lists';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { useLikeToggle } from '../components/use-like-toggle';
import { WorkFiltersBar } from '../components/work-filters';
import { WorkTile } from '../components/work-tile';
import { WorksWall } from '../components/works-wall';

/** The public gallery, open to everyone: every published work, with its author and likes. */
export default function PublicGalleryPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<WorkFilters>({});
  const works = useWorkList('publicWorks', filters);
  const like = useLikeToggle();
  return (
    <PageShell
      title={t({ message: `Search Works`, context: 'heading' })}
      eyebrow={t`Public gallery`}
      lead={t`Works that children have chosen to show everyone.`}
    >
      <OfflineDataNote query={works} />
      <WorkFiltersBar value={filters} onSearch={setFilters} />
      <WorksWall
        query={works}
        label={t`Public works`}
        renderWork={(work) => <WorkTile key={work.id} work={work} showAuthor likes="toggle" like={like} />}
        empty={<Trans>No works match this search.</Trans>}
      />
    </PageShell>
  );
}
