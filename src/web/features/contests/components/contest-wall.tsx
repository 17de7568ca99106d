import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

import type { Contest } from '@contract/contests';
import type { Paged } from '@contract/works';
import { CardWall, framedCardStyles } from '@web/ui/framed-card';
import { splitSections } from './contest-logic';
import styles from './contests.module.css';

interface ContestWallProps {
  query: UseInfiniteQueryResult<InfiniteData<Paged<Contest>>>;
  renderContest: (contest: Contest) => ReactNode;
  empty: ReactNode;
}

function Section({ title, contests, render }: { title: string; contests: Contest[]; render: (c: Contest) => ReactNode }) {
  const id = useId();
  if (!contests.length) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={framedCardStyles.grid}>{contests.map(render)}</ul>
    </section>
  );
}

/**
 * A paged list of contests in its two sections (works spec §2): scheduled and ongoing first, then those already
 * held; skeleton cards while the first page loads, See more while there is a next page.
 */
export function ContestWall({ query, renderContest, empty }: ContestWallProps) {
  const { t } = useLingui();
  const contests = query.data?.pages.flatMap((p) => p.results) ?? [];
  const { upcoming, held } = splitSections(contests);
  return (
    <CardWall
      query={query}
      count={contests.length}
      loadingLabel={t`Loading contests…`}
      failed={t`The contests could not be loaded. Please try again later.`}
      empty={empty}
    >
      <Section title={t({ message: `Scheduled and ongoing contests`, context: 'heading' })} contests={upcoming} render={renderContest} />
      <Section title={t({ message: `Contests already held`, context: 'heading' })} contests={held} render={renderContest} />
    </CardWall>
  );
}
