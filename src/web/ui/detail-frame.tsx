import type { UseQueryResult } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { isNotFound } from '@web/lib/api-error';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { OfflineDataNote, useWaitsForNetwork } from './offline-data-note';
import { PageShell } from './page-shell';
import { SkeletonBlock } from './skeleton';
import styles from './skeleton.module.css';

interface DetailFrameProps<T extends { name: string }> {
  /** The id the address names (null: none). */
  id: number | null;
  query: UseQueryResult<T>;
  pageTitle: string;
  /** What it says when none is named, it cannot be found or cannot be loaded, and while it loads. */
  words: { noneChosen: ReactNode; notFound: ReactNode; failed: ReactNode; loading: string };
  /** Beside Try again: the way to the list. */
  toTheList: ReactNode;
  /** Renders the loaded thing. */
  children: (item: T) => ReactNode;
}

/**
 * The frame of one contest's or class's page: the thing `id` names, loaded; a friendly word when none is named, it
 * cannot be found or cannot be loaded; skeletons meanwhile (none offline with nothing kept: the note says so).
 */
export function DetailFrame<T extends { name: string }>({ id, query, pageTitle, words, toTheList, children }: DetailFrameProps<T>) {
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
              {toTheList}
            </>
          }
        >
          <p>{id === null ? words.noneChosen : notFound ? words.notFound : words.failed}</p>
        </EmptyState>
      </PageShell>
    );
  }

  if (!query.data) {
    return (
      <PageShell title={pageTitle} width="medium">
        <OfflineDataNote query={query} subject="details" />
        {!waiting && <DetailSkeleton label={words.loading} />}
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

/** A detail page's picture, title, line and text, while it loads. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.stack} role="status">
      <span className="visually-hidden">{label}</span>
      <SkeletonBlock height={240} />
      <SkeletonBlock height={28} width="70%" />
      <SkeletonBlock height={18} width="50%" />
      <SkeletonBlock height={80} />
    </div>
  );
}
