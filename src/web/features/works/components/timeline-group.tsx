import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

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
 * One year of the child's life on the timeline: its plaque (age and count) and the works of that age. A parent sees
 * the child's private works here, but a work's own page shows a parent token public works only
 * (domain/visibility.ts): `openPrivate` false leaves those tiles without a link.
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
            {group.works.map((w) => (
              <WorkTile key={w.id} work={w} showDescription={false} linked={openPrivate || w.is_public} />
            ))}
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
