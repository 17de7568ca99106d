import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

import { Avatar } from '@web/ui/avatar';
import styles from './timeline-links.module.css';

interface ChildRef {
  id: number;
  username: string;
  profile_picture: string | null;
}

/** The family's children on the account page: each opens that child's timeline by age (issue 15). */
export function TimelineLinks({ profiles }: { profiles: readonly ChildRef[] }) {
  return (
    <>
      <ul className={styles.grid}>
        {profiles.map((p) => (
          <li key={p.id}>
            {/* Named by the words it shows ("hana Timeline"), so a voice command can say what is on screen. */}
            <Link href={`/timeline?profile=${p.id}`} className={styles.cell}>
              <Avatar username={p.username} src={p.profile_picture} size={40} />
              <span className={styles.name}>{p.username}</span>
              <span className={styles.go}>
                <Trans>Timeline</Trans>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {profiles.length > 0 && (
        <p className={styles.hint}>
          <Trans>Tap a child to see their timeline: every work, by the age it was made at.</Trans>
        </p>
      )}
    </>
  );
}
