import { useInfiniteQuery } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { fetchWorkPage, worksInfiniteOptions, type WorkFilters } from './works-list';

/** Public works of everyone (open to visitors). */
export function publicWorksPage(filters: WorkFilters, page: number) {
  return fetchWorkPage(API.artworks, filters, page);
}

export const publicWorksQueryOptions = (filters: WorkFilters) => worksInfiniteOptions('public', API.artworks, filters);

export function usePublicWorks(filters: WorkFilters, enabled = true) {
  return useInfiniteQuery({ ...publicWorksQueryOptions(filters), enabled });
}
