import { useInfiniteQuery } from '@tanstack/react-query';

import { API } from '../../../../contract/paths';
import { fetchWorkPage, worksInfiniteOptions, type WorkFilters } from './works-list';

/** One family member's works: all of them if they share with the active profile, else the public ones. */
export function memberWorksPage(memberId: number, filters: WorkFilters, page: number) {
  return fetchWorkPage(API.memberArtworks(memberId), filters, page);
}

export const memberWorksQueryOptions = (memberId: number, filters: WorkFilters) =>
  worksInfiniteOptions(`member-${memberId}`, API.memberArtworks(memberId), filters);

export function useMemberWorks(memberId: number | null, filters: WorkFilters) {
  return useInfiniteQuery({ ...memberWorksQueryOptions(memberId ?? 0, filters), enabled: memberId !== null });
}
