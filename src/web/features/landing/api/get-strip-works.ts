import { useQuery } from '@tanstack/react-query';

import type { Work } from '@contract/works';
import { api, areaKey } from '@web/lib/http';

/**
 * The film strip's works: the first page of the public gallery, newest first. Its own key in the works area (an
 * upload or a like refreshes it with the rest) but not a works list's, whose cached pages have another shape.
 * Silent: the strip leaves itself out when the works cannot be had.
 */
export function useStripWorks() {
  return useQuery({
    queryKey: [...areaKey('works'), 'film-strip'],
    queryFn: ({ signal }) => api('publicWorks', { query: { page: 1 }, silent: true, signal }).then((page): Work[] => page.results),
    staleTime: 5 * 60_000,
  });
}
