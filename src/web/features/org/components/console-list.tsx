import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';

import type { Paged } from '@contract/works';
import { notify } from '@web/lib/toast';
import { LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { SeeMore } from '@web/ui/see-more';
import { SkeletonBlock } from '@web/ui/skeleton';
import { ConfirmModal } from './confirm-modal';
import styles from './org.module.css';
import wall from './wall.module.css';

interface Named {
  id: number;
  name: string;
}

interface ConsoleListProps<T extends Named> {
  /** The heading's id (the section is labelled by it) and text. */
  headingId: string;
  title: ReactNode;
  newHref: string;
  newLabel: string;
  loadingLabel: string;
  /** What the empty list says. */
  empty: ReactNode;
  list: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  items: T[];
  /** One card; `onDelete` asks before deleting it. */
  renderCard: (item: T, onDelete: () => void) => ReactNode;
  remove: {
    /** Deletes it; a failure's message is shown in the dialog. */
    run: (item: T) => Promise<unknown>;
    pending: boolean;
    /** The toast once deleted (a message id). */
    done: string;
    title: string;
    /** What goes with it, by its name. */
    warning: (name: string) => ReactNode;
  };
}

/** A console tab's list of the organization's things (contests, classes): heading and New, cards, See more, delete. */
export function ConsoleList<T extends Named>({
  headingId,
  title,
  newHref,
  newLabel,
  loadingLabel,
  empty,
  list,
  items,
  renderCard,
  remove,
}: ConsoleListProps<T>) {
  const { t, i18n } = useLingui();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.run(deleting);
      notify.success(i18n._(remove.done));
      setDeleting(null);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        <LinkButton href={newHref}>{newLabel}</LinkButton>
      </div>
      {!list.data ? (
        <div className={styles.skeletonList} role="status">
          <span className="visually-hidden">{loadingLabel}</span>
          <SkeletonBlock height={150} />
          <SkeletonBlock height={150} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState>
          <p>{empty}</p>
        </EmptyState>
      ) : (
        <>
          <ul className={wall.cards}>
            {items.map((item) =>
              renderCard(item, () => {
                setDeleteError(null);
                setDeleting(item);
              }),
            )}
          </ul>
          <SeeMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </>
      )}
      <ConfirmModal
        open={deleting !== null}
        title={remove.title}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting…`}
        pending={remove.pending}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      >
        {remove.warning(deleting?.name ?? '')}
      </ConfirmModal>
    </section>
  );
}
