import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';

import { useActiveProfileId } from '@web/lib/profile';
import { useQueue } from '@web/lib/queue';
import { useSession } from '@web/lib/session';
import { useWorkList, type WorkFilters } from '@web/lib/work-lists';
import { LinkButton } from '@web/ui/button';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { PendingCard } from '../components/pending-card';
import { TimelineSwitch } from '../components/timeline-switch';
import { WorkFiltersBar } from '../components/work-filters';
import { WorkTile } from '../components/work-tile';
import { WorksWall } from '../components/works-wall';
import styles from './my-work.module.css';

function EmptyWall({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.wall}>
      <div className={styles.frames} aria-hidden="true">
        <span className={styles.frame} />
        <span className={`${styles.frame} ${styles.tall}`} />
        <span className={styles.frame} />
      </div>
      {children}
    </div>
  );
}

/** My gallery: the child's works, with queued works as pending cards until they land. */
export default function MyWorkPage() {
  const { t } = useLingui();
  const childToken = useSession((s) => s.childToken);
  const parentToken = useSession((s) => s.token);
  const profileId = useActiveProfileId();
  const [filters, setFilters] = useState<WorkFilters>({});
  const works = useWorkList('myWorks', filters, { enabled: Boolean(childToken) });
  const queued = useQueue((s) => s.items);
  const pending = useMemo(() => queued.filter((i) => i.profileId === profileId && i.status !== 'done'), [queued, profileId]);
  const filtered = Boolean(filters.search || filters.category);

  if (!childToken) {
    return (
      <PageShell title={t({ message: `My Gallery`, context: 'heading' })} eyebrow={t`Your own museum`} width="medium">
        <EmptyWall>
          <p className={styles.text}>
            <Trans>Choose a user to see their gallery.</Trans>
          </p>
          <LinkButton href={parentToken ? '/add-user' : '/login'} size="large">
            {parentToken ? <Trans>Select a user</Trans> : <Trans>Login</Trans>}
          </LinkButton>
        </EmptyWall>
      </PageShell>
    );
  }

  return (
    <PageShell title={t({ message: `My Gallery`, context: 'heading' })} eyebrow={t`Your own museum`}>
      <TimelineSwitch current="wall" />
      <OfflineDataNote query={works} />
      <WorkFiltersBar value={filters} onSearch={setFilters} />
      <WorksWall
        query={works}
        label={t`My works`}
        leading={!filtered && pending.length ? pending.map((item) => <PendingCard key={item.id} item={item} />) : undefined}
        renderWork={(work) => <WorkTile key={work.id} work={work} />}
        empty={
          filtered ? (
            <p className={styles.text}>
              <Trans>No works match this search.</Trans>
            </p>
          ) : (
            <EmptyWall>
              <p className={styles.text}>
                <Trans>
                  Your gallery walls are waiting for the first work. Take a photo of a drawing, a painting or a craft and hang it here.
                </Trans>
              </p>
              {/* data-capture-call: the floating Register button stands down while this one shows (header.module.css). */}
              <div data-capture-call="" style={{ display: 'contents' }}>
                <LinkButton href="/register-work" size="large">
                  <Trans>Register your work</Trans>
                </LinkButton>
              </div>
            </EmptyWall>
          )
        }
      />
    </PageShell>
  );
}
