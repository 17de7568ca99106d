import type { ReactNode } from 'react';

import { EaselArt } from './easel';
import { pageStyles } from './page-shell';

interface EmptyStateProps {
  /** What the visitor is told: a line or two. */
  children: ReactNode;
  /** The way on (a link or button), under the words. */
  action?: ReactNode;
  /** Announced when it appears. */
  role?: 'status';
  'data-testid'?: string;
}

/**
 * The museum's easel with a word and, where there is one, a way on: a room being prepared, a work that cannot be
 * found, a page with nothing kept while offline. One look for every "nothing to show here".
 */
export function EmptyState({ children, action, role, 'data-testid': testId }: EmptyStateProps) {
  return (
    <div className={`${pageStyles.card} ${pageStyles.placeholder}`} role={role} data-testid={testId}>
      <EaselArt />
      <div className={pageStyles.placeholderText}>{children}</div>
      {action && <div className={pageStyles.placeholderAction}>{action}</div>}
    </div>
  );
}
