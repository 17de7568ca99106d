import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

import type { Contest } from '@contract/contests';
import type { Paged } from '@contract/works';
import { useWaitsForNetwork } from '@web/ui/offline-data-note';
import { SeeMore } from '@web/ui/see-more';
import { splitSections } from './contest-logic';
import styles from './contests.module.css';

interface ContestWallProps {
  query: UseInfiniteQueryResult<InfiniteData<Paged<Contest>>>;
  renderContest: (contest: Contest) => ReactNode;
  empty: ReactNode;
}

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

function Section({ title, contests, render }: { title: string; contests: Contest[]; render: (c: Contest) => ReactNode }) {
  const id = useId();
  if (!contests.length) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.grid}>{contests.map(render)}</ul>
    </section>
  );
}

/**
 * A paged list of contests in its two sections (works spec §2): scheduled and ongoing first, then those already
 * held; skeleton cards while the first page loads, See more while there is a next page.
 */
export function ContestWall({ query, renderContest, empty }: ContestWallProps) {
  const { t } = useLingui();
  const waiting = useWaitsForNetwork(query);
  const contests = query.data?.pages.flatMap((p) => p.results) ?? [];
  // Offline with nothing kept, the page's note says it will fill in (ui/offline-data-note): no frames that never fill.
  if (waiting) return null;
  if (query.isPending) return <CardsSkeleton label={t`Loading contests…`} />;
  if (query.isError && !contests.length) {
    return <p className={styles.empty}>{t`The contests could not be loaded. Please try again later.`}</p>;
  }
  if (!contests.length) return <div className={styles.empty}>{empty}</div>;
  const { upcoming, held } = splitSections(contests);
  return (
    <div className={styles.wall}>
      <Section title={t`Scheduled and ongoing contests`} contests={upcoming} render={renderContest} />
      <Section title={t`Contests already held`} contests={held} render={renderContest} />
      <SeeMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </div>
  );
}
