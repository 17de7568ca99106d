/** The plans (GET billing/plans/): public, so anyone can compare them. */
import { useQuery } from '@tanstack/react-query';

import { api, apiKey } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';

export function usePlans() {
  return useQuery({
    queryKey: apiKey('billingPlans'),
    queryFn: (context) => api('billingPlans', { signal: context.signal, silent: alreadyShown(context) }),
    staleTime: 10 * 60_000,
  });
}
