import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';

import type { ConsoleOrganization } from '@contract/console';
import { M } from '@contract/messages';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useDeleteContest, useOrgContests } from '../api/contests';
import { ContestCard } from './contest-card';
import { ContestEntries } from './contest-entries';
import { ContestForm } from './contest-form';
import { ConsoleList } from './console-list';
import { consoleHref } from './console-scope';

interface ContestsTabProps {
  org: ConsoleOrganization;
  /** From the address: 'new', or a contest's id with `view` 'edit' or 'entries'. */
  contest: string | null;
  view: string | null;
}

/** The organization's contests: the list, a form to create or edit one, and a contest's wall of entries. */
export function ContestsTab({ org, contest, view }: ContestsTabProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const list = useOrgContests(org.id);
  const remove = useDeleteContest();
  const listHref = consoleHref(org.id, 'contests');
  const back = () => navigate(listHref, { replace: true });
  const contests = list.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = contest ? contests.find((c) => String(c.id) === contest) : undefined;

  if (contest === 'new') return <ContestForm org={org} onDone={back} />;
  if (contest && !chosen && list.isPending) return <SkeletonBlock height={320} />;
  if (chosen && view === 'edit') return <ContestForm key={chosen.id} org={org} contest={chosen} onDone={back} />;
  if (chosen && view === 'entries') return <ContestEntries org={org} contest={chosen} backHref={listHref} />;

  return (
    <ConsoleList
      headingId="org-contests"
      title={<Trans context="heading">Contests</Trans>}
      newHref={consoleHref(org.id, 'contests', { contest: 'new' })}
      newLabel={t`New contest`}
      loadingLabel={t`Loading the contests…`}
      empty={<Trans>No contests yet. Create the first one, and families will see it in All Contests.</Trans>}
      list={list}
      items={contests}
      renderCard={(c, onDelete) => (
        <ContestCard
          key={c.id}
          contest={c}
          entriesHref={consoleHref(org.id, 'contests', { contest: c.id, view: 'entries' })}
          editHref={consoleHref(org.id, 'contests', { contest: c.id, view: 'edit' })}
          onDelete={onDelete}
        />
      )}
      remove={{
        run: (c) => remove.mutateAsync({ orgId: org.id, contestId: c.id }),
        pending: remove.isPending,
        done: M.contestDeleted.id,
        title: t`Delete this contest?`,
        warning: (name) => <Trans>"{name}" and its thumbnail will be deleted. Families will no longer see it.</Trans>,
      }}
    />
  );
}
