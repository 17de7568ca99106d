import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';

import { whenIdle } from '@web/lib/first-paint';

import type { Paged, Work } from '@contract/works';
import { useWaitsForNetwork } from '@web/ui/offline-data-note';
import { SeeMore } from '@web/ui/see-more';
import { WorkGridSkeleton } from '@web/ui/skeleton';
import { WorkGrid } from '@web/ui/work-card';
import { useRememberGallery } from './last-gallery';
import styles from './works.module.css';

/**
 * How many cards a wall renders before the rest: two rows on a phone, about a screen. The other cards of the
 * page follow at idle (interleaved Lighthouse runs on /public-gallery: Total Blocking Time 187 ms against 240 with
 * the whole page of cards at once).
 */
const FIRST_SCREEN_CARDS = 4;

interface WorksWallProps {
  query: UseInfiniteQueryResult<InfiniteData<Paged<Work>>>;
  renderWork: (work: Work) => ReactNode;
  /** Cards shown before the loaded works (My Gallery's pending uploads). */
  leading?: ReactNode;
  empty: ReactNode;
  label: string;
}

/**
 * A paged wall of works: skeleton frames while loading, See more for the next page. The cards render as a
 * transition (useDeferredValue): an answer arriving renders a page of cards in slices the browser can
 * interleave with input and paint, instead of one long task; meanwhile the wall shows what it showed before.
 */
export function WorksWall({ query, renderWork, leading, empty, label }: WorksWallProps) {
  const { t } = useLingui();
  const data = useDeferredValue(query.data);
  const works = data?.pages.flatMap((p) => p.results) ?? [];
  const arriving = data !== query.data && !works.length;
  const waiting = useWaitsForNetwork(query);
  useRememberGallery();
  // The first screen's cards first; the rest of the page once the phone is idle, as a second, separate render.
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || works.length <= FIRST_SCREEN_CARDS) return;
    let live = true;
    void whenIdle(500).then(() => live && startTransition(() => setAll(true)));
    return () => {
      live = false;
    };
  }, [all, works.length]);
  // Offline with nothing kept, the page's note says it will fill in (ui/offline-data-note): no frames that never fill.
  if (waiting && !leading) return null;
  if ((query.isPending || arriving) && !leading) return <WorkGridSkeleton label={t`Loading works…`} />;
  if (query.isError && !works.length && !leading) {
    return <p className={styles.empty}>{t`The works could not be loaded. Please try again later.`}</p>;
  }
  if (!query.isPending && !works.length && !leading) return <div className={styles.empty}>{empty}</div>;
  return (
    <div className={styles.wall}>
      <WorkGrid label={label}>
        {leading}
        {(all ? works : works.slice(0, FIRST_SCREEN_CARDS)).map(renderWork)}
      </WorkGrid>
      {query.isPending && !waiting && <WorkGridSkeleton count={2} label={t`Loading works…`} />}
      <SeeMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </div>
  );
}
