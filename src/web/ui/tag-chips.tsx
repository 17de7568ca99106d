/**
 * Tags as chips that are pressed to choose them (several at once): capture's work form (works) and, `compact`, the
 * contest's upload form in its modal (contests). The tags come from the caller (lib/named-lists.ts).
 */
import { useLingui } from '@lingui/react/macro';

import styles from './tag-chips.module.css';

interface TagChipsProps {
  tags: readonly { id: number; name: string }[];
  value: number[];
  onChange: (tags: number[]) => void;
  disabled?: boolean;
  compact?: boolean;
}

export function TagChips({ tags, value, onChange, disabled, compact = false }: TagChipsProps) {
  const { t } = useLingui();
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className={`${styles.tags} ${compact ? styles.compact : ''}`}>
      <legend className={styles.legend}>{t`Tags`}</legend>
      <div className={styles.chips}>
        {tags.map((tag) => {
          const on = value.includes(tag.id);
          return (
            <button key={tag.id} type="button" className={styles.chip} aria-pressed={on} disabled={disabled} onClick={() => toggle(tag.id)}>
              <span aria-hidden="true">{on ? '✓' : '+'}</span>
              {tag.name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
