import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';

import { CONTEST_FILTERS, type ContestFilter } from '@contract/contests';
import { Button } from '@web/ui/button';
import type { ContestFilters } from '../api/contest-lists';
import { FILTER_LABELS } from './contest-status';
import styles from './contests.module.css';

/** Free word, status and the Search button (works spec §2); a new search starts again from page 1. */
export function ContestFiltersBar({ value, onSearch }: { value: ContestFilters; onSearch: (filters: ContestFilters) => void }) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState(value.search ?? '');
  const [status, setStatus] = useState<ContestFilter>(value.status);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = search.trim();
    onSearch(words ? { search: words, status } : { status });
  };

  return (
    <form className={styles.filters} role="search" onSubmit={submit}>
      <label className={styles.searchBox}>
        <span className="visually-hidden">{t`Search contests`}</span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t`Search contests`}
          enterKeyHint="search"
        />
      </label>
      <label className={styles.selectBox}>
        <span className="visually-hidden">{t`Status`}</span>
        <select value={status} onChange={(e) => setStatus(e.target.value as ContestFilter)}>
          {CONTEST_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {i18n._(FILTER_LABELS[filter])}
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
