import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';

import { SearchBox, SearchButton } from '@web/ui/search-bar';
import type { ClassFilters, PriceFilter, TypeFilter } from './class-logic';
import styles from './class-filters.module.css';

interface Choice<T extends string> {
  value: T;
  label: string;
}

/** A row of pressable choices (one at a time): a radio group that looks like a segmented switch. */
function Segments<T extends string>({
  legend,
  value,
  choices,
  onChange,
}: {
  legend: string;
  value: T;
  choices: Choice<T>[];
  onChange: (v: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.segments}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.segment}>
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Free word (searched on Enter or the Search button; clearing the box shows every class again), the price filter
 * and the class type filter (works spec §2). Each change is a new search, so it starts again from page 1.
 */
export function ClassFiltersBar({ value, onChange }: { value: ClassFilters; onChange: (filters: ClassFilters) => void }) {
  const { t } = useLingui();
  const [search, setSearch] = useState(value.search ?? '');

  const apply = (next: Partial<ClassFilters>) => {
    const merged = { ...value, ...next };
    const words = merged.search?.trim();
    onChange(words ? { ...merged, search: words } : { price: merged.price, type: merged.type });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ search });
  };
  const typed = (text: string) => {
    setSearch(text);
    // Cleared (the box's ✕ or the last letter deleted): back to every class, from page 1.
    if (!text.trim() && value.search) apply({ search: '' });
  };

  return (
    <form className={styles.filters} role="search" onSubmit={submit}>
      <div className={styles.searchRow}>
        <SearchBox label={t`Search classes`} placeholder={t`Search classes`} value={search} onChange={typed} maxLength={100} icon />
        <SearchButton />
      </div>
      <Segments<PriceFilter>
        legend={t`Price`}
        value={value.price}
        onChange={(price) => apply({ price, search })}
        choices={[
          { value: 'all', label: t`All prices` },
          { value: 'free', label: t`Free` },
          { value: 'paid', label: t`Paid` },
        ]}
      />
      <Segments<TypeFilter>
        legend={t`Class type`}
        value={value.type}
        onChange={(type) => apply({ type, search })}
        choices={[
          { value: 'all', label: t`All classes` },
          { value: 'real_time', label: t`Live` },
          { value: 'recorded', label: t`Recorded` },
        ]}
      />
    </form>
  );
}
