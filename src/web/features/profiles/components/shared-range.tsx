import { Trans, useLingui } from '@lingui/react/macro';

import type { SharedUser } from '@contract/accounts';
import { Avatar } from '@web/ui/avatar';
import { Switch } from '@web/ui/switch';
import styles from './profiles.module.css';

interface SharedRangeProps {
  value: SharedUser[];
  onChange: (users: SharedUser[]) => void;
}

/** The "Shared range": one Shared / Not Shared switch for every other profile of the family. */
export function SharedRange({ value, onChange }: SharedRangeProps) {
  const { t } = useLingui();
  return (
    <section className={styles.section} aria-labelledby="shared-range-title">
      <h2 id="shared-range-title" className={styles.sectionTitle}>
        <Trans context="heading">Shared range</Trans>
      </h2>
      <p className={styles.sectionHint}>
        <Trans>Choose who in your family can see all of your works, including the private ones.</Trans>
      </p>
      {value.length === 0 ? (
        <p className={styles.sectionHint}>
          <Trans>There is no other user in your family yet.</Trans>
        </p>
      ) : (
        <ul className={styles.shareGrid}>
          {value.map((user) => {
            const name = user.username;
            return (
              <li key={user.id} className={styles.shareRow}>
                <Avatar username={user.username} src={user.profile_picture} size={44} />
                <span className={styles.shareName}>{user.username}</span>
                <Switch
                  checked={user.is_shared}
                  label={t`Share with ${name}`}
                  onText={t`Shared`}
                  offText={t`Not Shared`}
                  onChange={(checked) => onChange(value.map((u) => (u.id === user.id ? { ...u, is_shared: checked } : u)))}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
