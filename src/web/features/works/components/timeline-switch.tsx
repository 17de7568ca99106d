import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import styles from './timeline-switch.module.css';

/** My Gallery's two views of the child's works: the wall, and the timeline by age (issue 15). */
export function TimelineSwitch({ current }: { current: 'wall' | 'timeline' }) {
  const { t } = useLingui();
  return (
    <nav className={styles.switch} aria-label={t`View`}>
      <Link href="/my-work" className={styles.option} aria-current={current === 'wall' ? 'page' : undefined}>
        <Trans>Gallery</Trans>
      </Link>
      <Link href="/timeline" className={styles.option} aria-current={current === 'timeline' ? 'page' : undefined}>
        <Trans>Timeline</Trans>
      </Link>
    </nav>
  );
}
