import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { CONTEST_FILTERS, type ContestFilter } from '@contract/contests';
import { SearchBar } from '@web/ui/search-bar';
import type { ContestFilters } from '../api/contest-lists';
import { FILTER_LABELS } from './contest-status';

/** Free word, status and the Search button (works spec §2); a new search starts again from page 1. */
export function ContestFiltersBar({ value, onSearch }: { value: ContestFilters; onSearch: (filters: ContestFilters) => void }) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState(value.search ?? '');
  const [status, setStatus] = useState<ContestFilter>(value.status);

  const submit = () => {
    const words = search.trim();
    onSearch(words ? { search: words, status } : { status });
  };

  return (
    <SearchBar
      label={t`Search contests`}
      placeholder={t`Search contests`}
      search={search}
      onSearchChange={setSearch}
      maxLength={100}
      icon
      select={{
        label: t`Status`,
        value: status,
        onChange: (next) => setStatus(next as ContestFilter),
        options: CONTEST_FILTERS.map((filter) => ({ value: filter, label: i18n._(FILTER_LABELS[filter]) })),
      }}
      onSubmit={submit}
    />
  );
}
