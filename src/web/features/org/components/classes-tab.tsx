import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import type { ConsoleClass } from '@contract/classes';
import type { ConsoleOrganization } from '@contract/console';
import { M } from '@contract/messages';
import { notify } from '@web/lib/toast';
import { LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { SeeMore } from '@web/ui/see-more';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useDeleteClass, useOrgClasses } from '../api/classes';
import { ClassCard } from './class-card';
import { ClassForm } from './class-form';
import { ClassSignups } from './class-signups';
import { ConfirmModal } from './confirm-modal';
import { consoleHref } from './console-scope';
import styles from './org.module.css';
import wall from './wall.module.css';

interface ClassesTabProps {
  org: ConsoleOrganization;
  /** From the address: 'new', or a class's id with `view` 'edit' or 'signups'. */
  klass: string | null;
  view: string | null;
}

/** The organization's artist classes: the list, a form to create or edit one, and a class's sign-ups. */
export function ClassesTab({ org, klass, view }: ClassesTabProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const list = useOrgClasses(org.id);
  const remove = useDeleteClass();
  const [deleting, setDeleting] = useState<ConsoleClass | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const listHref = consoleHref(org.id, 'classes');
  const back = () => navigate(listHref, { replace: true });
  const classes = list.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = klass ? classes.find((c) => String(c.id) === klass) : undefined;

  if (klass === 'new') return <ClassForm org={org} onDone={back} />;
  if (klass && !chosen && list.isPending) return <SkeletonBlock height={320} />;
  if (chosen && view === 'edit') return <ClassForm key={chosen.id} org={org} klass={chosen} onDone={back} />;
  if (chosen && view === 'signups') return <ClassSignups org={org} klass={chosen} backHref={listHref} />;

  const onDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync({ orgId: org.id, classId: deleting.id });
      notify.success(i18n._(M.classDeleted.id));
      setDeleting(null);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : String(error));
    }
  };
  const name = deleting?.name ?? '';

  return (
    <section aria-labelledby="org-classes">
      <div className={styles.sectionHead}>
        <h2 id="org-classes" className={styles.sectionTitle}>
          <Trans>Classes</Trans>
        </h2>
        <LinkButton href={consoleHref(org.id, 'classes', { class: 'new' })}>{t`New class`}</LinkButton>
      </div>
      {!list.data ? (
        <div className={styles.skeletonList} role="status">
          <span className="visually-hidden">{t`Loading the classes…`}</span>
          <SkeletonBlock height={150} />
          <SkeletonBlock height={150} />
        </div>
      ) : classes.length === 0 ? (
        <EmptyState>
          <p>
            <Trans>No classes yet. Create the first one; once it is published, families find it in Artist Class.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className={wall.cards}>
            {classes.map((c) => (
              <ClassCard
                key={c.id}
                klass={c}
                signupsHref={consoleHref(org.id, 'classes', { class: c.id, view: 'signups' })}
                editHref={consoleHref(org.id, 'classes', { class: c.id, view: 'edit' })}
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
        title={t`Delete this class?`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting…`}
        pending={remove.isPending}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      >
        <Trans>"{name}" and its thumbnail will be deleted. A class that families have signed up for cannot be deleted.</Trans>
      </ConfirmModal>
    </section>
  );
}
