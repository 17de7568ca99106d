/**
 * The account's payments (GET billing/payments/, issue 28): a paged list, newest first; See more appends the next
 * page. Under the `billing` area, so a payment or a plan change refreshes it; its first page is kept for offline
 * (lib/query-persist).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@web/lib/http';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

export function paymentHistoryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.payments,
    queryFn: (context) =>
      api('billingPayments', {
        query: { page: context.pageParam },
        signal: context.signal,
        silent: alreadyShown(context, context.pageParam),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

export function usePaymentHistory() {
  return useInfiniteQuery(paymentHistoryOptions());
}
