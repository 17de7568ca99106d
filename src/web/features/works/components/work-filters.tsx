import { useLingui } from '@lingui/react/macro';

import type { WorkFilters } from '@web/lib/work-lists';
import { WorkSearchBar } from '@web/ui/search-bar';

/** The works walls' search: title or comments, and a category; a new search starts again from page 1. */
export function WorkFiltersBar({ value, onSearch }: { value: WorkFilters; onSearch: (filters: WorkFilters) => void }) {
  const { t } = useLingui();
  return <WorkSearchBar icon label={t`Search by title or comments`} placeholder={t`Search works`} value={value} onSearch={onSearch} />;
}
