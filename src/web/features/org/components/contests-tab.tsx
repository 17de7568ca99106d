import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import type { ConsoleOrganization } from '@contract/console';
import type { Contest } from '@contract/contests';
import { M } from '@contract/messages';
import { notify } from '@web/lib/toast';
import { LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { SeeMore } from '@web/ui/see-more';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useDeleteContest, useOrgContests } from '../api/contests';
import { ConfirmModal } from './confirm-modal';
import { ContestCard } from './contest-card';
import { ContestEntries } from './contest-entries';
import { ContestForm } from './contest-form';
import { consoleHref } from './console-scope';
import styles from './org.module.css';
import wall from './wall.module.css';

interface ContestsTabProps {
  org: ConsoleOrganization;
  /** From the address: 'new', or a contest's id with `view` 'edit' or 'entries'. */
  contest: string | null;
  view: string | null;
}

/** The organization's contests: the list, a form to create or edit one, and a contest's wall of entries. */
export function ContestsTab({ org, contest, view }: ContestsTabProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const list = useOrgContests(org.id);
  const remove = useDeleteContest();
  const [deleting, setDeleting] = useState<Contest | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const listHref = consoleHref(org.id, 'contests');
  const back = () => navigate(listHref, { replace: true });
  const contests = list.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = contest ? contests.find((c) => String(c.id) === contest) : undefined;

  if (contest === 'new') return <ContestForm org={org} onDone={back} />;
  if (contest && !chosen && list.isPending) return <SkeletonBlock height={320} />;
  if (chosen && view === 'edit') return <ContestForm key={chosen.id} org={org} contest={chosen} onDone={back} />;
  if (chosen && view === 'entries') return <ContestEntries org={org} contest={chosen} backHref={listHref} />;

  const onDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync({ orgId: org.id, contestId: deleting.id });
      notify.success(i18n._(M.contestDeleted.id));
      setDeleting(null);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : String(error));
    }
  };
  const name = deleting?.name ?? '';

  return (
    <section aria-labelledby="org-contests">
      <div className={styles.sectionHead}>
        <h2 id="org-contests" className={styles.sectionTitle}>
          <Trans>Contests</Trans>
        </h2>
        <LinkButton href={consoleHref(org.id, 'contests', { contest: 'new' })}>{t`New contest`}</LinkButton>
      </div>
      {!list.data ? (
        <div className={styles.skeletonList} role="status">
          <span className="visually-hidden">{t`Loading the contests…`}</span>
          <SkeletonBlock height={150} />
          <SkeletonBlock height={150} />
        </div>
      ) : contests.length === 0 ? (
        <EmptyState>
          <p>
            <Trans>No contests yet. Create the first one, and families will see it in All Contests.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className={wall.cards}>
            {contests.map((c) => (
              <ContestCard
                key={c.id}
                contest={c}
                entriesHref={consoleHref(org.id, 'contests', { contest: c.id, view: 'entries' })}
                editHref={consoleHref(org.id, 'contests', { contest: c.id, view: 'edit' })}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(c);
                }}
              />
            ))}
          </ul>
          <SeeMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </>
      )}
      <ConfirmModal
        open={deleting !== null}
        title={t`Delete this contest?`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting…`}
        pending={remove.isPending}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      >
        <Trans>"{name}" and its thumbnail will be deleted. Families will no longer see it.</Trans>
      </ConfirmModal>
    </section>
  );
}
