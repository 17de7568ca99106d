import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

import { LIMITS } from '@contract/limits';
import type { QueueItem } from '@web/lib/queue';

/**
 * Why a queued work failed, in words: the server's reason, or, when the free plan's limit refused it (issue 28),
 * what that means and the way out (a parent upgrades, or an older work is deleted), never a bare failure.
 */
export function QueueFailure({ item, className, links = true }: { item: QueueItem; className?: string; links?: boolean }) {
  if (item.status !== 'failed') return null;
  if (item.refusal === 'limit') {
    const limit = LIMITS.freePlanImageLimit;
    return (
      <p className={className} role="alert">
        <Trans>
          This work doesn't fit: the free plan holds {limit} images for the whole family, and they are all used. Ask a grown-up to upgrade,
          or delete an older work, then try again.
        </Trans>
        {links && (
          <>
            {' '}
            <Link href="/plans">
              <Trans>Ask a grown-up to upgrade</Trans>
            </Link>
            {' · '}
            <Link href="/my-work">
              <Trans>My Gallery</Trans>
            </Link>
          </>
        )}
      </p>
    );
  }
  if (!item.lastError) return null;
  return (
    <p className={className} role="alert">
      {item.lastError}
    </p>
  );
}
