import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';

import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { onRestored, persistOptions } from '../lib/query-persist';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout/layout';
import { AppRoutes } from './routes';
import { UpdatePrompt } from './update-prompt';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      {/* Restores the galleries seen before (lib/query-persist), so they show offline. */}
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={onRestored}>
        <ErrorBoundary>
          <Layout>
            <AppRoutes />
          </Layout>
          <UpdatePrompt />
        </ErrorBoundary>
      </PersistQueryClientProvider>
    </I18nProvider>
  );
}
