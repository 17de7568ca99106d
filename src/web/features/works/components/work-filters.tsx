import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';

import { Button } from '@web/ui/button';
import type { WorkFilters } from '../api/works-list';
import { useNamedList } from '../api/get-named-lists';
import styles from './works.module.css';

/** Search box, category select and search button; a new search starts again from page 1. */
export function WorkFiltersBar({ value, onSearch }: { value: WorkFilters; onSearch: (filters: WorkFilters) => void }) {
  const { t } = useLingui();
  const categories = useNamedList('categories');
  const [search, setSearch] = useState(value.search ?? '');
  const [category, setCategory] = useState(value.category ? String(value.category) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters: WorkFilters = {};
    if (search.trim()) filters.search = search.trim();
    if (category) filters.category = Number(category);
    onSearch(filters);
  };

  return (
    <form className={styles.filters} role="search" onSubmit={submit}>
      <label className={styles.searchBox}>
        <span className="visually-hidden">{t`Search by title or comments`}</span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t`Search works`}
          enterKeyHint="search"
        />
      </label>
      <label className={styles.categoryBox}>
        <span className="visually-hidden">{t`Category`}</span>
        <select value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t`All categories`}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" className={styles.searchButton}>
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}
