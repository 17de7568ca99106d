/** The account's image count and its free-plan limit: capture's forms (works) and the contest's upload form. */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { LIMITS } from '@contract/limits';
import type { ImageCount } from '@contract/works';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

/** The account's stored image count; a failure falls back to zero images (works spec §8), logged only. */
export async function getImageCount(): Promise<ImageCount> {
  try {
    return await api('imageCount', { silent: true });
  } catch (error) {
    console.warn('Image count unavailable; counting 0', error);
    return { total_images: 0, limit: LIMITS.freePlanImageLimit };
  }
}

export const imageCountQueryOptions = () => queryOptions({ queryKey: queryKeys.imageCount, queryFn: getImageCount, staleTime: 0 });

export function useImageCount() {
  return useQuery(imageCountQueryOptions());
}
