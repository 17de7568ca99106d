import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';

import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getCategories() {
  return http.get(API.categories, { schema: () => import('./schemas').then((m) => m.idNames) });
}

/** Names come in the request language, so the key carries it. */
export const categoriesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: [...queryKeys.categories, locale], queryFn: getCategories, staleTime: 10 * 60_000 });

export function useCategories() {
  const { i18n } = useLingui();
  return useQuery(categoriesQueryOptions(i18n.locale));
}
