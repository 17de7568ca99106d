import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import type { ArtistClass } from '@contract/classes';
import { Button, buttonClass } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { isNotFound, useArtistClass } from '../api/get-class';
import { StartTime, TypeBadge } from './class-badges';
import { ClassThumbnail } from './class-card';
import styles from './classes.module.css';

export function ToTheClasses({ href = '/artist-list' }: { href?: '/artist-list' | '/my-artist-classes' }) {
  return (
    <Link href={href} className={buttonClass({ variant: 'primary', size: 'large' })}>
      {href === '/artist-list' ? <Trans>See all classes</Trans> : <Trans>My Artist Classes</Trans>}
    </Link>
  );
}

/**
 * A class page's frame: the class `id` names, loaded; a friendly word when none is named, it cannot be found or
 * cannot be loaded; skeletons meanwhile. `children` renders the loaded class.
 */
export function ClassPageFrame({
  id,
  pageTitle,
  children,
}: {
  id: number | null;
  pageTitle: string;
  children: (item: ArtistClass) => ReactNode;
}) {
  const { t } = useLingui();
  const query = useArtistClass(id);
  const waiting = useWaitsForNetwork(query);

  if (id === null || (query.isError && !query.data)) {
    const notFound = id === null || isNotFound(query.error);
    return (
      <PageShell title={pageTitle} width="medium">
        <EmptyState
          action={
            <>
              {!notFound && (
                <Button size="large" variant="secondary" onClick={() => void query.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              )}
              <ToTheClasses />
            </>
          }
        >
          <p>
            {id === null ? (
              <Trans>No class was chosen. Pick one from the list of classes.</Trans>
            ) : notFound ? (
              <Trans>This class could not be found.</Trans>
            ) : (
              <Trans>The class could not be loaded just now.</Trans>
            )}
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  if (!query.data) {
    return (
      <PageShell title={pageTitle} width="medium">
        <OfflineDataNote query={query} subject="details" />
        {!waiting && (
          <div className={styles.loading} role="status">
            <span className="visually-hidden">{t`Loading the class…`}</span>
            <SkeletonBlock height={240} />
            <SkeletonBlock height={28} width="70%" />
            <SkeletonBlock height={18} width="50%" />
            <SkeletonBlock height={80} />
          </div>
        )}
      </PageShell>
    );
  }

  return (
    <PageShell title={query.data.name} eyebrow={pageTitle} width="medium">
      <OfflineDataNote query={query} subject="details" />
      {children(query.data)}
    </PageShell>
  );
}

/** The class's picture, its type, organization and, for a live class, its start in Japan time (the price is on the ticket below). */
export function ClassSummary({ item, size = 'hero' }: { item: ArtistClass; size?: 'hero' | 'card' }) {
  const { t } = useLingui();
  const organization = item.organization.name;
  return (
    <div className={styles.summary}>
      <ClassThumbnail src={item.thumbnail} size={size} />
      <div className={styles.summaryText}>
        <span className={styles.badges}>
          <TypeBadge type={item.class_type} />
        </span>
        <span className={styles.organiser}>{t`By ${organization}`}</span>
        {item.class_type === 'real_time' && <StartTime at={item.start_at} />}
      </div>
    </div>
  );
}
