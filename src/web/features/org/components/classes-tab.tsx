import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';

import type { ConsoleOrganization } from '@contract/console';
import { M } from '@contract/messages';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useDeleteClass, useOrgClasses } from '../api/classes';
import { ClassCard } from './class-card';
import { ClassForm } from './class-form';
import { ClassSignups } from './class-signups';
import { ConsoleList } from './console-list';
import { consoleHref } from './console-scope';

interface ClassesTabProps {
  org: ConsoleOrganization;
  /** From the address: 'new', or a class's id with `view` 'edit' or 'signups'. */
  klass: string | null;
  view: string | null;
}

/** The organization's artist classes: the list, a form to create or edit one, and a class's sign-ups. */
export function ClassesTab({ org, klass, view }: ClassesTabProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const list = useOrgClasses(org.id);
  const remove = useDeleteClass();
  const listHref = consoleHref(org.id, 'classes');
  const back = () => navigate(listHref, { replace: true });
  const classes = list.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = klass ? classes.find((c) => String(c.id) === klass) : undefined;

  if (klass === 'new') return <ClassForm org={org} onDone={back} />;
  if (klass && !chosen && list.isPending) return <SkeletonBlock height={320} />;
  if (chosen && view === 'edit') return <ClassForm key={chosen.id} org={org} klass={chosen} onDone={back} />;
  if (chosen && view === 'signups') return <ClassSignups org={org} klass={chosen} backHref={listHref} />;

  return (
    <ConsoleList
      headingId="org-classes"
      title={<Trans context="heading">Classes</Trans>}
      newHref={consoleHref(org.id, 'classes', { class: 'new' })}
      newLabel={t`New class`}
      loadingLabel={t`Loading the classes…`}
      empty={<Trans>No classes yet. Create the first one; once it is published, families find it in Artist Class.</Trans>}
      list={list}
      items={classes}
      renderCard={(c, onDelete) => (
        <ClassCard
          key={c.id}
          klass={c}
          signupsHref={consoleHref(org.id, 'classes', { class: c.id, view: 'signups' })}
          editHref={consoleHref(org.id, 'classes', { class: c.id, view: 'edit' })}
          onDelete={onDelete}
        />
      )}
      remove={{
        run: (c) => remove.mutateAsync({ orgId: org.id, classId: c.id }),
        pending: remove.isPending,
        done: M.classDeleted.id,
        title: t`Delete this class?`,
        warning: (name) => (
          <Trans>"{name}" and its thumbnail will be deleted. A class that families have signed up for cannot be deleted.</Trans>
        ),
      }}
    />
  );
}
