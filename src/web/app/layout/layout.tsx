import { Toaster } from 'react-hot-toast';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';

import { TOAST_MS } from '../../../contract/limits';
import { UploadPanel } from '../../features/works/components/upload-panel';
import { ErrorBoundary } from '../error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { InstallHint } from './install-hint';
import { OfflineBanner } from './offline-banner';

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <>
      <Header />
      <OfflineBanner />
      <InstallHint />
      <main id="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {/* A new page gets a fresh boundary, so one broken page does not stay broken. */}
        <ErrorBoundary key={location}>{children}</ErrorBoundary>
      </main>
      <Footer />
      <UploadPanel />
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_MS.default,
          success: { duration: TOAST_MS.short },
          error: { duration: TOAST_MS.short },
          style: { borderRadius: '14px', background: 'var(--paper)', color: 'var(--ink)', maxWidth: '92vw', whiteSpace: 'pre-line' },
        }}
      />
    </>
  );
}
