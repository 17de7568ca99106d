import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { navbarLink } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The public navbar links (the blog). A failure is only logged (accounts spec §7). */
export async function getPublicNavbar() {
  try {
    return await http.get(API.publicNavbar, { schema: z.array(navbarLink), silent: true });
  } catch (error) {
    console.warn('Navbar links could not be loaded', error);
    return [];
  }
}

export const publicNavbarQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.publicNavbar, queryFn: getPublicNavbar, staleTime: 60 * 60 * 1000 });

export function useBlogUrl(): string | null {
  const { data } = useQuery(publicNavbarQueryOptions());
  return data?.find((link) => link.navbar_type === 'blog')?.url ?? null;
}
