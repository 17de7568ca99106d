/** Server data lives in TanStack Query. Errors are already toasted by lib/http (see `alreadyShown`). */
import { onlineManager, QueryClient, type QueryKey } from '@tanstack/react-query';

import { ApiError } from './api-error';
import { isOnline, subscribeOnline } from './use-online';

// TanStack assumes "online" until an `offline` event. It follows the app's own measure instead (the browser's
// hint, corrected by requests that fail for the network), so that on a cold start without signal, or on a dead
// network, queries pause and show their persisted data instead of failing: a query whose request got no answer
// waits (fetchStatus 'paused', its data kept) and goes on by itself once any answer, the probe or the browser's
// `online` event says the way is open again.
if (typeof navigator !== 'undefined') {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline());
    return subscribeOnline(() => setOnline(isOnline()));
  });
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a network or server failure may (a network failure pauses
      // between attempts while the app counts as offline, see above).
      retry: (count, error) => !(error instanceof ApiError && error.status !== null && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

/**
 * Whether the page already shows what a query function is fetching (its data, or for a paged list that page):
 * the call is then a refresh in the background, and its failure is no news worth a toast. What was shown stays,
 * and the page's note says it may not be the latest (ui/offline-data-note). A first load, or a page the user asked
 * for (See more), still toasts its failure. Pass it as the call's `silent`.
 */
export function alreadyShown(context: { client: QueryClient; queryKey: QueryKey }, page?: number): boolean {
  const data: unknown = context.client.getQueryData(context.queryKey);
  if (data === undefined) return false;
  if (page === undefined) return true;
  const pages = (data as { pages?: unknown }).pages;
  return Array.isArray(pages) && pages.length >= page;
}
