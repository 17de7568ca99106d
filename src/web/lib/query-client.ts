/** Server data lives in TanStack Query. Errors are already toasted by lib/http. */
import { onlineManager, QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-error';

// TanStack assumes "online" until an `offline` event; a cold start without signal must know at once,
// so queries pause (and show their persisted data) instead of failing. The events keep it in step.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

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
