import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';

import type { Work } from '@contract/works';
import type { TimelineGroup } from '@web/lib/timeline';
import { WorkGrid } from '@web/ui/work-card';
import { WorkTile } from './work-tile';
import styles from './timeline.module.css';

/** "Age 4" / "4 さい"; "Age unknown" without a date of birth. */
export function useAgeLabel(): (age: number | null) => string {
  const { t } = useLingui();
  return (age) => (age === null ? t`Age unknown` : t`${plural(age, { one: 'Age #', other: 'Age #' })}`);
}

/** "12 works" / "さくひん 12 こ": every work of that age, loaded or not. */
export function useWorkCount(): (count: number) => string {
  const { t } = useLingui();
  return (count) => t`${plural(count, { one: '# work', other: '# works' })}`;
}

export const ageAnchor = (age: number | null) => `age-${age ?? 'unknown'}`;

/**
 * A private work on the parent's timeline (issue 28): a work's own page shows a parent token public works only
 * (decisions.md, "Made private means private"; domain/visibility.ts), so the tile does not open; a tap says why,
 * and how to see it: as the child, chosen under Manage Users. Said on the tile, not in a toast, as the timeline is
 * kept for offline, where the toasts' code may never have loaded.
 */
function PrivateTile({ work }: { work: Work }) {
  const { t } = useLingui();
  const [why, setWhy] = useState(false);
  const name = work.member.username;
  return (
    <WorkTile
      work={work}
      showDescription={false}
      linked={false}
      badge={t`Private`}
      onOpen={() => setWhy(true)}
      note={
        why ? (
          <Trans>
            This work is private: only {name} can open it. To see it, choose {name} in <Link href="/add-user">Manage Users</Link>.
          </Trans>
        ) : null
      }
    />
  );
}

/**
 * One year of the child's life on the timeline: its plaque (age and count) and the works of that age. A parent sees
 * the child's private works here, but a work's own page shows a parent token public works only
 * (domain/visibility.ts): `openPrivate` false makes those tiles say so when tapped (PrivateTile).
 */
export function TimelineYear({ group, loadingMore, openPrivate }: { group: TimelineGroup; loadingMore: boolean; openPrivate: boolean }) {
  const ageLabel = useAgeLabel();
  const workCount = useWorkCount();
  const label = ageLabel(group.age);
  const notYet = group.count - group.works.length;
  return (
    <section className={styles.year} id={ageAnchor(group.age)} aria-label={label}>
      <header className={styles.plaque}>
        <span className={styles.dot} aria-hidden="true" />
        <h2 className={styles.age}>{label}</h2>
        <span className={styles.count} data-testid="timeline-count">
          {workCount(group.count)}
        </span>
      </header>
      {group.works.length > 0 && (
        <div className={styles.works}>
          <WorkGrid label={label}>
            {group.works.map((w) =>
              openPrivate || w.is_public ? <WorkTile key={w.id} work={w} showDescription={false} /> : <PrivateTile key={w.id} work={w} />,
            )}
          </WorkGrid>
        </div>
      )}
      {notYet > 0 && (
        <p className={styles.more}>
          {loadingMore ? (
            <Trans>Loading...</Trans>
          ) : group.works.length ? (
            <Trans>More works of this age follow further down the timeline.</Trans>
          ) : (
            <Trans>These works hang further down the timeline.</Trans>
          )}
        </p>
      )}
    </section>
  );
}
