/**
 * The account's subscription (GET billing/subscription-status/), for the plans page, the payment-completion page and
 * /account-payment-info. A parent's call: it is asked only with the parent alone (no child chosen). Its failure is
 * shown by the page in a message block, which falls back to the free plan (works spec §8), so it is silent here.
 */
import { useQuery } from '@tanstack/react-query';

import { api, apiKey, areaKey } from './http';

/** Every billing answer (the plans, the status): a subscription change refreshes them all. */
export const BILLING_AREA = areaKey('billing');

/** `sessionId`: the checkout the payment-completion page returns from, settled with the provider first. */
export function useSubscriptionStatus({ enabled = true, sessionId }: { enabled?: boolean; sessionId?: string } = {}) {
  const query = sessionId ? { session_id: sessionId } : undefined;
  return useQuery({
    queryKey: apiKey('billingStatus', { query }),
    queryFn: (context) => api('billingStatus', { query, signal: context.signal, silent: true }),
    enabled,
    staleTime: 0,
  });
}
