/** The account's image count and its free-plan limit: capture's forms (works) and the contest's upload form. */
import { queryOptions, useQuery, type QueryFunctionContext } from '@tanstack/react-query';

import { LIMITS } from '@contract/limits';
import type { ImageCount } from '@contract/works';
import { ApiError, api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The account's stored image count. A failure falls back to zero images (works spec §8), logged only, unless the
 * count is known (kept on the phone, lib/query-persist) or the museum was not reached: then the query keeps what it
 * knows, or waits for the network, so that offline the free plan's limit holds as online (issue 28).
 */
export async function getImageCount(context?: Pick<QueryFunctionContext, 'client' | 'queryKey'>): Promise<ImageCount> {
  try {
    return await api('imageCount', { silent: true });
  } catch (error) {
    const known = context?.client.getQueryData(context.queryKey) !== undefined;
    if (known || (error instanceof ApiError && error.status === null)) throw error;
    console.warn('Image count unavailable; counting 0', error);
    return { total_images: 0, limit: LIMITS.freePlanImageLimit };
  }
}

export const imageCountQueryOptions = () => queryOptions({ queryKey: queryKeys.imageCount, queryFn: getImageCount, staleTime: 0 });

export function useImageCount() {
  return useQuery(imageCountQueryOptions());
}
