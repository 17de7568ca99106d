import { queryOptions, useQuery } from '@tanstack/react-query';

import type { NavbarLink } from '@contract/accounts';
import { api } from '@web/lib/http';
import { queryKeys } from '@web/lib/query-keys';

/** The public navbar links (the blog). A failure is only logged (accounts spec §7). */
export async function getPublicNavbar(): Promise<NavbarLink[]> {
  try {
    return await api('publicNavbar', { silent: true });
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
