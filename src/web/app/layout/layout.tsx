import { lazy, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { useInstall } from '@web/lib/install';
import { useQueue } from '@web/lib/queue';
import { useToasts } from '@web/lib/toast';
import { ErrorBoundary } from '../error-boundary';
import { OptionalPart } from '@web/ui/optional-part';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import { useScrollOnNavigate } from './scroll-on-navigate';

// None is part of the first load: the upload panel only once something is queued, the Toaster
// (react-hot-toast) with the first toast (lib/toast), the iOS install hint only on iOS Safari.
const UploadPanel = lazy(() => import('@web/features/works/components/upload-panel').then((m) => ({ default: m.UploadPanel })));
const AppToaster = lazy(() => import('./toaster'));
const InstallHint = lazy(() => import('./install-hint').then((m) => ({ default: m.InstallHint })));

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useScrollOnNavigate(location);
  const queued = useQueue((s) => s.items.length > 0);
  const toasts = useToasts((s) => s.wanted);
  const iosHint = useInstall((s) => s.iosHint);
  return (
    <>
      <Header />
      <OfflineBanner />
      {iosHint && (
        <OptionalPart>
          <InstallHint />
        </OptionalPart>
      )}
      <main id="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {/* A new page gets a fresh boundary, so one broken page does not stay broken. */}
        <ErrorBoundary key={location}>{children}</ErrorBoundary>
      </main>
      <Footer />
      {queued && (
        <OptionalPart>
          <UploadPanel />
        </OptionalPart>
      )}
      {toasts && (
        <OptionalPart>
          <AppToaster />
        </OptionalPart>
      )}
    </>
  );
}
