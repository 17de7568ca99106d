import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { EmptyState } from './empty-state';
import { PageShell } from './page-shell';

/** A tasteful stand-in for a room of the museum that is still being prepared. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageShell title={title} width="medium">
      <EmptyState>
        <p>
          <Trans>This room of the museum is being prepared. Please come back soon.</Trans>
        </p>
        {children}
      </EmptyState>
    </PageShell>
  );
}
