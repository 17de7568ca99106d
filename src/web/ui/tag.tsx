import { useLingui } from '@lingui/react/macro';

import styles from './tag.module.css';

export function TagList({ children }: { children: React.ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}

/** A tag that removes itself when pressed. */
export function RemovableTag({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <li>
      <button type="button" className={styles.tag} onClick={onRemove} aria-label={t`Remove ${label}`}>
        <span>{label}</span>
        <span className={styles.x} aria-hidden="true">
          ×
        </span>
      </button>
    </li>
  );
}
