import { useLingui } from '@lingui/react/macro';

import { Icon } from './line-icon';
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
        {/* Drawn, not a "×" character: a character is visible text that the name ("Remove …") would have to contain
            (axe's label-content-name-mismatch, WCAG 2.5.3), even hidden from screen readers. */}
        <span className={styles.x} aria-hidden="true">
          <Icon name="close" size={16} />
        </span>
      </button>
    </li>
  );
}
