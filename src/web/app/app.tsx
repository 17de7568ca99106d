import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';

import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout/layout';
import { AppRoutes } from './routes';
import { UpdatePrompt } from './update-prompt';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <Layout>
            <AppRoutes />
          </Layout>
          <UpdatePrompt />
        </ErrorBoundary>
      </QueryClientProvider>
    </I18nProvider>
  );
}
