/** The categories and tags, for the works' forms and filters and the contest's entry forms (one cache, one key). */
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/** Categories or tags: names come in the request language, so the key carries it. */
export const namedListOptions = (op: 'categories' | 'tags', locale: string) =>
  queryOptions({
    queryKey: [...queryKeys[op], locale],
    queryFn: (context) => api(op, { silent: alreadyShown(context) }),
    staleTime: 10 * 60_000,
  });

export function useNamedList(op: 'categories' | 'tags') {
  const { i18n } = useLingui();
  return useQuery(namedListOptions(op, i18n.locale));
}
