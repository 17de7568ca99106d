import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';

import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getTags() {
  return http.get(API.tags, { schema: () => import('./schemas').then((m) => m.idNames) });
}

/** Names come in the request language, so the key carries it. */
export const tagsQueryOptions = (locale: string) =>
  queryOptions({ queryKey: [...queryKeys.tags, locale], queryFn: getTags, staleTime: 10 * 60_000 });

export function useTags() {
  const { i18n } = useLingui();
  return useQuery(tagsQueryOptions(i18n.locale));
}
