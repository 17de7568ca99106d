import { useLingui } from '@lingui/react/macro';

import { useNamedList } from '../api/get-named-lists';
import styles from './works.module.css';

/** Tags as chips that are pressed to choose them (several at once). */
export function TagChips({ value, onChange }: { value: number[]; onChange: (tags: number[]) => void }) {
  const { t } = useLingui();
  const tags = useNamedList('tags');
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className={styles.tags}>
      <legend className={styles.tagsLegend}>{t`Tags`}</legend>
      <div className={styles.chips}>
        {tags.data?.map((tag) => {
          const on = value.includes(tag.id);
          return (
            <button key={tag.id} type="button" className={styles.chip} aria-pressed={on} onClick={() => toggle(tag.id)}>
              <span aria-hidden="true">{on ? '✓' : '+'}</span>
              {tag.name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
