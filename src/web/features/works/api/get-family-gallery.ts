import { useInfiniteQuery } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { fetchWorkPage, worksInfiniteOptions, type WorkFilters } from './works-list';

/** Works of the family members who share with the active profile. */
export function familyGalleryPage(filters: WorkFilters, page: number) {
  return fetchWorkPage(API.familyGallery, filters, page);
}

export const familyGalleryQueryOptions = (filters: WorkFilters) => worksInfiniteOptions('family', API.familyGallery, filters);

export function useFamilyGallery(filters: WorkFilters, enabled = true) {
  return useInfiniteQuery({ ...familyGalleryQueryOptions(filters), enabled });
}
