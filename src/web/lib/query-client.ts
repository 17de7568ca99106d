/** Server data lives in TanStack Query. Errors are already toasted by lib/http. */
import { onlineManager, QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-error';
import { isOnline, subscribeOnline } from './use-online';

// TanStack assumes "online" until an `offline` event. It follows the app's own measure instead (the browser's
// hint, corrected by requests that fail for the network), so that on a cold start without signal, or on a dead
// network, queries pause and show their persisted data instead of failing.
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
      // A 4xx will not change by asking again; a network or server failure may.
      retry: (count, error) => !(error instanceof ApiError && error.status !== null && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
