import { useQuery } from '@tanstack/react-query';

import type { Advertisement } from '@contract/site';
import type { Work } from '@contract/works';
import { api, apiKey, areaKey } from '@web/lib/http';

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

const isBanner = (ad: Advertisement) => ad.add_type === 'banner';

/** The sponsor banners running today (works spec §2: the advertisements whose add_type is banner). Silent too. */
export function useBanners() {
  return useQuery({
    queryKey: apiKey('advertisements', { query: { add_type: 'banner' } }),
    queryFn: ({ signal }) => api('advertisements', { query: { add_type: 'banner' }, silent: true, signal }),
    select: (ads) => ads.filter(isBanner),
    staleTime: 10 * 60_000,
  });
}
