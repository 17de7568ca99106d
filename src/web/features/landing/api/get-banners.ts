import { useQuery } from '@tanstack/react-query';

import type { Advertisement } from '@contract/site';
import { api, apiKey } from '@web/lib/http';

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
