/**
 * A search form: a search box, one select beside it and the Search button. The contest lists fill it in with a
 * status; WorkSearchBar with a category, for the works walls and the contest's gallery picker (`compact`, in its
 * modal), where a search means the same: words and a category.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';

import { useNamedList } from '@web/lib/named-lists';
import type { WorkFilters } from '@web/lib/work-lists';
import { Button } from './button';
import styles from './search-bar.module.css';

interface SearchBarProps {
  /** The search box's name (for screen readers) and placeholder. */
  label: string;
  placeholder: string;
  search: string;
  onSearchChange: (search: string) => void;
  maxLength?: number;
  /** A magnifying glass in the search box. */
  icon?: boolean;
  select: {
    label: string;
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
  };
  /** The Search button (or Enter): the values are the caller's. */
  onSubmit: () => void;
  compact?: boolean;
}

interface SearchBoxProps {
  /** The box's name (for screen readers) and placeholder. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (search: string) => void;
  maxLength?: number;
  /** A magnifying glass in the box. */
  icon?: boolean;
  className?: string;
}

/** The search box of a search form (SearchBar's, and the class lists'). */
export function SearchBox({ label, placeholder, value, onChange, maxLength, icon, className }: SearchBoxProps) {
  return (
    <label className={className ? `${styles.searchBox} ${className}` : styles.searchBox}>
      <span className="visually-hidden">{label}</span>
      {icon && (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      )}
      <input
        type="search"
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        enterKeyHint="search"
      />
    </label>
  );
}

/** A search form's submit button. */
export function SearchButton() {
  return (
    <Button type="submit" className={styles.searchButton}>
      <Trans>Search</Trans>
    </Button>
  );
}

export function SearchBar({ label, placeholder, search, onSearchChange, maxLength, icon, select, onSubmit, compact }: SearchBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={compact ? styles.compact : styles.filters} role="search" onSubmit={submit}>
      <SearchBox
        label={label}
        placeholder={placeholder}
        value={search}
        onChange={onSearchChange}
        maxLength={maxLength}
        icon={icon}
        className={styles.ownRow}
      />
      <label className={styles.selectBox}>
        <span className="visually-hidden">{select.label}</span>
        <select value={select.value} onChange={(e) => select.onChange(e.target.value)}>
          {select.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <SearchButton />
    </form>
  );
}

interface WorkSearchBarProps extends Pick<SearchBarProps, 'label' | 'placeholder' | 'maxLength' | 'icon' | 'compact'> {
  /** The filters the form starts with. */
  value?: WorkFilters;
  /** A new search (the caller starts again from page 1). */
  onSearch: (filters: WorkFilters) => void;
}

/** Works by words and a category. */
export function WorkSearchBar({ value = {}, onSearch, ...bar }: WorkSearchBarProps) {
  const { t } = useLingui();
  const categories = useNamedList('categories');
  const [search, setSearch] = useState(value.search ?? '');
  const [category, setCategory] = useState(value.category ? String(value.category) : '');

  const submit = () => {
    const filters: WorkFilters = {};
    if (search.trim()) filters.search = search.trim();
    if (category) filters.category = Number(category);
    onSearch(filters);
  };

  return (
    <SearchBar
      {...bar}
      search={search}
      onSearchChange={setSearch}
      select={{
        label: t`Category`,
        value: category,
        onChange: setCategory,
        options: [{ value: '', label: t`All categories` }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
      }}
      onSubmit={submit}
    />
  );
}
