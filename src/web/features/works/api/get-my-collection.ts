import { useInfiniteQuery } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { fetchWorkPage, worksInfiniteOptions, type WorkFilters } from './works-list';

/** Works the active profile has liked and can still see. */
export function myCollectionPage(filters: WorkFilters, page: number) {
  return fetchWorkPage(API.myCollection, filters, page);
}

export const myCollectionQueryOptions = (filters: WorkFilters) => worksInfiniteOptions('collection', API.myCollection, filters);

export function useMyCollection(filters: WorkFilters, enabled = true) {
  return useInfiniteQuery({ ...myCollectionQueryOptions(filters), enabled });
}
