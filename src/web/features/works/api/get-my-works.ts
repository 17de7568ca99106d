import { useInfiniteQuery } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { fetchWorkPage, worksInfiniteOptions, type WorkFilters } from './works-list';

/** The active profile's works, public and private. */
export function myWorksPage(filters: WorkFilters, page: number) {
  return fetchWorkPage(API.myArtworks, filters, page);
}

export const myWorksQueryOptions = (filters: WorkFilters) => worksInfiniteOptions('my', API.myArtworks, filters);

export function useMyWorks(filters: WorkFilters, enabled = true) {
  return useInfiniteQuery({ ...myWorksQueryOptions(filters), enabled });
}
