import { queryOptions, useQuery } from '@tanstack/react-query';

import type { NavbarLink } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The same check as the contract's `navbarLink`, by hand: the footer shows this on every page, and the
 * schema would bring zod (some 24 KB gzipped) into the JavaScript every first visit must load.
 */
function isNavbarLink(value: unknown): value is NavbarLink {
  if (typeof value !== 'object' || value === null) return false;
  const link = value as Record<string, unknown>;
  return typeof link.navbar_type === 'string' && typeof link.url === 'string';
}

/** The public navbar links (the blog). A failure is only logged (accounts spec §7). */
export async function getPublicNavbar(): Promise<NavbarLink[]> {
  try {
    const data = await http.get<unknown>(API.publicNavbar, { silent: true });
    if (!Array.isArray(data) || !data.every(isNavbarLink)) {
      console.warn(`Unexpected response from ${API.publicNavbar}`, data);
      return Array.isArray(data) ? data.filter(isNavbarLink) : [];
    }
    return data;
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
