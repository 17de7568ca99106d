import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';

/** The organizations the caller runs and whether it is a super admin: the console's first screen. */
export const consoleHomeOptions = () =>
  queryOptions({
    queryKey: apiKey('consoleHome'),
    queryFn: (context) => api('consoleHome', { signal: context.signal, silent: alreadyShown(context) }),
  });

export function useConsoleHome() {
  return useQuery(consoleHomeOptions());
}
