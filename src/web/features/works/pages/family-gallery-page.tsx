import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { useProfile } from '@web/lib/profile';
import { useWorkList, type WorkFilters } from '@web/lib/work-lists';
import { Avatar } from '@web/ui/avatar';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { useLikeToggle } from '../components/use-like-toggle';
import { WorkFiltersBar } from '../components/work-filters';
import { SaveForOffline } from '../components/save-for-offline';
import { WorkTile } from '../components/work-tile';
import { WorksWall } from '../components/works-wall';
import styles from './galleries.module.css';

export interface UserGalleryState {
  userId: number;
  username: string;
}

/** Works of the family members who share with the active profile, and a strip to visit each member. */
export default function FamilyGalleryPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [filters, setFilters] = useState<WorkFilters>({});
  const profile = useProfile();
  const works = useWorkList('familyGallery', filters);
  const like = useLikeToggle();
  const members = profile.data?.shared_users ?? [];
  const filtered = Boolean(filters.search || filters.category);
  const loaded = works.data?.pages.flatMap((p) => p.results) ?? [];

  return (
    <PageShell title={t({ message: `Family Gallery`, context: 'heading' })} eyebrow={t`Shared in your family`}>
      <OfflineDataNote query={works} />
      <WorkFiltersBar value={filters} onSearch={setFilters} />
      {members.length > 0 && (
        <section className={styles.strip} aria-labelledby="shared-users">
          <h2 id="shared-users" className={styles.stripTitle}>
            <Trans context="heading">Shared Users</Trans>
          </h2>
          <ul className={styles.members}>
            {members.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={styles.member}
                  onClick={() => navigate('/user-gallery', { state: { userId: m.id, username: m.username } satisfies UserGalleryState })}
                >
                  <Avatar username={m.username} src={m.profile_picture} size={56} />
                  <span className={styles.memberName}>{m.username}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <WorksWall
        query={works}
        label={t`Family works`}
        renderWork={(work) => <WorkTile key={work.id} work={work} showAuthor likes="toggle" like={like} />}
        empty={<Trans>When someone in your family shares their works with you, they will hang here.</Trans>}
      />
      {/* Below the wall it saves (the art comes first). Only the unfiltered wall is kept for offline
          (lib/query-persist), so only it is saved. */}
      {!filtered && <SaveForOffline works={loaded} />}
    </PageShell>
  );
}
