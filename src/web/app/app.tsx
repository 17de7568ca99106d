import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy } from 'react';

import { i18n } from '../lib/i18n';
import { usePwa } from '../lib/pwa';
import { queryClient } from '../lib/query-client';
import { onRestored, persistOptions } from '../lib/query-persist';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout/layout';
import { OptionalPart } from '@web/ui/optional-part';
import { AppRoutes } from './routes';

// Only when a new version waits (lib/pwa).
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

export function App() {
  const updateWaiting = usePwa((s) => s.updateWaiting);
  return (
    <I18nProvider i18n={i18n}>
      {/* Restores the galleries seen before (lib/query-persist), so they show offline. */}
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={onRestored}>
        <ErrorBoundary>
          <Layout>
            <AppRoutes />
          </Layout>
          {updateWaiting && (
            <OptionalPart>
              <UpdatePrompt />
            </OptionalPart>
          )}
        </ErrorBoundary>
      </PersistQueryClientProvider>
    </I18nProvider>
  );
}
