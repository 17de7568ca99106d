import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';

import { buttonClass } from '@web/ui/button';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { useClassList } from '../api/class-lists';
import { ClassFiltersBar } from '../components/class-filters';
import { NO_FILTERS, type ClassFilters } from '../components/class-logic';
import { ClassWall } from '../components/class-wall';
import { useReturnedPayment } from '../components/use-returned-payment';

/**
 * The classes this child has signed up for (works spec §2), each with its sign-up state; a card opens the class. Also
 * where Stripe returns a payer after a bank's page.
 */
export default function MyArtistClassesPage() {
  const { t } = useLingui();
  useReturnedPayment();
  const [filters, setFilters] = useState<ClassFilters>(NO_FILTERS);
  const classes = useClassList('myClasses', filters);
  const filtered = Boolean(filters.search) || filters.price !== 'all' || filters.type !== 'all';
  return (
    <PageShell
      title={t({ message: `My Artist Classes`, context: 'heading' })}
      eyebrow={t`Classes`}
      lead={t`The classes you have signed up for.`}
    >
      <OfflineDataNote query={classes} subject="details" />
      <ClassFiltersBar value={filters} onChange={setFilters} />
      <ClassWall
        query={classes}
        showSignup
        empty={
          filtered ? (
            <Trans>No classes match this search.</Trans>
          ) : (
            <>
              <p>
                <Trans>You have not signed up for a class yet.</Trans>
              </p>
              <Link href="/artist-list" className={buttonClass({ variant: 'primary' })}>
                <Trans>See all classes</Trans>
              </Link>
            </>
          )
        }
      />
    </PageShell>
  );
}
