import type { ReactNode } from 'react';

import { useWaitsForNetwork } from './offline-data-note';
import { SeeMore } from './see-more';
import styles from './framed-card.module.css';
import skeleton from './skeleton.module.css';
import workCard from './work-card.module.css';

/** A contest's or class's picture in its frame: a card's, or (`hero`) the top of its own page, loaded at once. */
export function FramedPicture({ src, size = 'card' }: { src: string | null; size?: 'card' | 'hero' }) {
  const [width, height] = size === 'hero' ? [960, 720] : [480, 360];
  return (
    <span className={workCard.frame}>
      <span className={styles.mat}>
        {src ? (
          // alt="": the name right beside it names it; repeating it would be read twice.
          <img
            src={src}
            alt=""
            width={width}
            height={height}
            loading={size === 'hero' ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.image}
          />
        ) : (
          <span className={styles.noImage} aria-hidden="true" />
        )}
      </span>
    </span>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={`${skeleton.card} ${skeleton.breathing}`}>
            <span className={`${skeleton.frame} ${skeleton.landscape}`} />
            <span className={`${skeleton.line} ${skeleton.wide}`} />
            <span className={skeleton.line} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the wall reads of a paged list's query (TanStack's infinite query). */
interface PagedQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface CardWallProps {
  query: PagedQuery;
  /** How many cards the pages hold. */
  count: number;
  loadingLabel: string;
  /** Said when the first page could not be loaded. */
  failed: string;
  /** Shown when there is none. */
  empty: ReactNode;
  /** The cards, in one or more grids (`framedCardStyles.grid`). */
  children: ReactNode;
}

/**
 * A paged wall of cards (works spec §2, §4): skeleton cards while the first page loads, and See more (reading
 * "Loading..." while it loads) only while there is a next page.
 */
export function CardWall({ query, count, loadingLabel, failed, empty, children }: CardWallProps) {
  const waiting = useWaitsForNetwork(query);
  // Offline with nothing kept, the page's note says it will fill in (./offline-data-note): no frames that never fill.
  if (waiting) return null;
  if (query.isPending) return <CardsSkeleton label={loadingLabel} />;
  if (query.isError && !count) return <p className={styles.empty}>{failed}</p>;
  if (!count) return <div className={styles.empty}>{empty}</div>;
  return (
    <div className={styles.wall}>
      {children}
      <SeeMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </div>
  );
}

/** The card's classes; its link is a work card's, so the frame lifts when the link is hovered. */
export const framedCardStyles: CSSModuleClasses = { ...styles, cardLink: workCard.link ?? '' };
