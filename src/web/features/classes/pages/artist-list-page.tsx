import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { useClassList } from '../api/class-lists';
import { ClassFiltersBar } from '../components/class-filters';
import { NO_FILTERS, type ClassFilters } from '../components/class-logic';
import { ClassWall } from '../components/class-wall';

/** Every published class, open to everyone (works spec §2): a card opens the class's sign-up page. */
export default function ArtistListPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<ClassFilters>(NO_FILTERS);
  const classes = useClassList('classes', filters);
  return (
    <PageShell
      title={t({ message: `Artist Classes`, context: 'heading' })}
      eyebrow={t`Classes`}
      lead={t`Learn from artists: join a live class online, or watch a recorded one whenever you like.`}
    >
      <OfflineDataNote query={classes} subject="details" />
      <ClassFiltersBar value={filters} onChange={setFilters} />
      <ClassWall query={classes} empty={<Trans>No classes match this search.</Trans>} />
    </PageShell>
  );
}
