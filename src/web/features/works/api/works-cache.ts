/** Edits of the cached works after a like, an update or a delete, without refetching every list. */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import type { Paged, Work } from '@contract/works';
import { isWorkListKey, queryKeys } from '@web/lib/query-keys';

type Pages = InfiniteData<Paged<Work>, number>;

function mapPages(data: Pages | undefined, change: (results: Work[]) => Work[]): Pages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, results: change(page.results) })) };
}

export function patchWork(client: QueryClient, id: number, patch: Partial<Work>): void {
  client.setQueriesData<Pages>({ predicate: (q) => isWorkListKey(q.queryKey) }, (data) =>
    mapPages(data, (results) => results.map((w) => (w.id === id ? { ...w, ...patch } : w))),
  );
  client.setQueryData<Work>(queryKeys.work(id), (w) => (w ? { ...w, ...patch } : w));
}

/** Deleting a work removes it from every loaded list (my works, family gallery …) at once. */
export function dropWork(client: QueryClient, id: number): void {
  client.setQueriesData<Pages>({ predicate: (q) => isWorkListKey(q.queryKey) }, (data) =>
    mapPages(data, (results) => results.filter((w) => w.id !== id)),
  );
  client.removeQueries({ queryKey: queryKeys.work(id) });
}
