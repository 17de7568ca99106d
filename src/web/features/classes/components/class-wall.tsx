import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { useNamedList } from '@web/lib/named-lists';
import { useWaitsForNetwork } from '@web/ui/offline-data-note';
import { SeeMore } from '@web/ui/see-more';
import type { useClassList } from '../api/class-lists';
import { ClassCard } from './class-card';
import { tagNames } from './class-logic';
import styles from './classes.module.css';

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.skeletonCard}>
            <span className={styles.skeletonFrame} />
            <span className={`${styles.skeletonLine} ${styles.skeletonWide}`} />
            <span className={styles.skeletonLine} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A paged wall of classes (works spec §2, §4): skeleton cards while the first page loads, each class once, and
 * See more (reading "Loading..." while it loads) only while there is a next page.
 */
export function ClassWall({
  query,
  empty,
  showSignup = false,
}: {
  query: ReturnType<typeof useClassList>;
  empty: ReactNode;
  showSignup?: boolean;
}) {
  const { t } = useLingui();
  const waiting = useWaitsForNetwork(query);
  const tags = useNamedList('tags');
  const classes = query.data?.classes ?? [];
  // Named once the tag list is here, so no tag reads "Unknown Tag" while it loads.
  const unknown = t`Unknown Tag`;
  // Offline with nothing kept, the page's note says it will fill in (ui/offline-data-note): no frames that never fill.
  if (waiting) return null;
  if (query.isPending) return <CardsSkeleton label={t`Loading classes…`} />;
  if (query.isError && !classes.length) {
    return <p className={styles.empty}>{t`The classes could not be loaded. Please try again later.`}</p>;
  }
  if (!classes.length) return <div className={styles.empty}>{empty}</div>;
  return (
    <div className={styles.wall}>
      <ul className={styles.grid}>
        {classes.map((item) => (
          <ClassCard key={item.id} item={item} tags={tags.data ? tagNames(item.tags, tags.data, unknown) : []} showSignup={showSignup} />
        ))}
      </ul>
      <SeeMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </div>
  );
}
