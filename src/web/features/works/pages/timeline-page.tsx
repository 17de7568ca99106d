import { Trans, useLingui } from '@lingui/react/macro';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useSearchParams } from 'wouter';

import { api } from '@web/lib/http';
import { pageIdFrom } from '@web/lib/page-id';
import { useActiveProfileId } from '@web/lib/profile';
import { alreadyShown } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';
import { groupByAge } from '@web/lib/timeline';
import { Avatar } from '@web/ui/avatar';
import { LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { WorkGridSkeleton } from '@web/ui/skeleton';
import { SeeMore } from '@web/ui/see-more';
import { ageAnchor, TimelineYear, useAgeLabel, useWorkCount } from '../components/timeline-group';
import { TimelineSwitch } from '../components/timeline-switch';
import styles from '../components/timeline.module.css';

function timelineOptions(profileId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.timeline(profileId),
    queryFn: (context) =>
      api('timeline', {
        params: { id: profileId },
        query: { page: context.pageParam },
        signal: context.signal,
        silent: alreadyShown(context, context.pageParam),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

/**
 * A child's lifelong timeline (issue 15): the works by the age the child was when each was made, newest first, with
 * the number of works of each age. A child sees its own (a view of My Gallery); the parent opens each child's from
 * the account page (`/timeline?profile={id}`). Kept for offline like the galleries (lib/query-persist).
 */
export default function TimelinePage() {
  const { t } = useLingui();
  const childToken = useSession((s) => s.childToken);
  const own = useActiveProfileId();
  const [search] = useSearchParams();
  const profileId = childToken ? own : pageIdFrom(null, `?${search.toString()}`, 'profileId', 'profile');
  const timeline = useInfiniteQuery({ ...timelineOptions(profileId ?? 0), enabled: profileId !== null });
  const data = useDeferredValue(timeline.data);
  const waiting = useWaitsForNetwork(timeline);
  const ageLabel = useAgeLabel();
  const workCount = useWorkCount();

  const first = data?.pages[0];
  const works = data?.pages.flatMap((p) => p.results) ?? [];
  const groups = first ? groupByAge(works, first.profile.date_of_birth, first.ages) : [];
  const name = first?.profile.username ?? '';
  const title = t({ message: `Timeline`, context: 'heading' });
  const eyebrow = name ? t`${name}'s years in the museum` : t`Your years in the museum`;

  /** Loads pages until the works of `age` are on the timeline, then goes there. */
  const goTo = async (age: number | null) => {
    const anchor = ageAnchor(age);
    let current = timeline;
    for (let i = 0; i < 50 && current.hasNextPage; i++) {
      const loaded = current.data?.pages.flatMap((p) => p.results) ?? [];
      const group = groupByAge(loaded, current.data?.pages[0]?.profile.date_of_birth, current.data?.pages[0]?.ages).find(
        (g) => g.age === age,
      );
      if (group?.works.length) break;
      current = await current.fetchNextPage();
    }
    requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  if (profileId === null) {
    return (
      <PageShell title={title} width="medium">
        <EmptyState
          action={
            <LinkButton href={childToken ? '/my-work' : '/account-info'} size="large">
              {childToken ? <Trans>Back to My Gallery</Trans> : <Trans>Choose a child</Trans>}
            </LinkButton>
          }
        >
          <p>
            <Trans>Choose a child to see their timeline.</Trans>
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  return (
    <PageShell title={title} eyebrow={eyebrow} lead={<Trans>Every work, by the age it was made at.</Trans>}>
      {childToken && <TimelineSwitch current="timeline" />}
      <OfflineDataNote query={timeline} />
      {first && (
        <div className={styles.who}>
          <Avatar username={first.profile.username} src={first.profile.profile_picture} size={56} />
          <div>
            <p className={styles.whoName}>{first.profile.username}</p>
            <p className={styles.whoTotal}>{workCount(first.count)}</p>
          </div>
        </div>
      )}
      {groups.length > 1 && (
        <nav className={styles.rail} aria-label={t`Ages`}>
          {groups.map((g) => (
            <button key={String(g.age)} type="button" className={styles.chip} onClick={() => void goTo(g.age)}>
              <span className={styles.chipAge}>{ageLabel(g.age)}</span>
              <span className={styles.chipCount}>{g.count}</span>
            </button>
          ))}
        </nav>
      )}
      {waiting ? null : !data && timeline.isError ? (
        <p className={styles.empty}>{t`The timeline could not be loaded. Please try again later.`}</p>
      ) : !data ? (
        <WorkGridSkeleton label={t`Loading works…`} />
      ) : groups.length === 0 ? (
        <EmptyState
          action={
            childToken ? (
              <LinkButton href="/register-work" size="large">
                <Trans>Register your work</Trans>
              </LinkButton>
            ) : undefined
          }
        >
          <p>
            <Trans>The timeline starts with the first work. Each year of works will hang here, the newest first.</Trans>
          </p>
        </EmptyState>
      ) : (
        <div className={styles.line}>
          {groups.map((g) => (
            <TimelineYear key={String(g.age)} group={g} loadingMore={timeline.isFetchingNextPage} openPrivate={Boolean(childToken)} />
          ))}
          <SeeMore
            hasMore={Boolean(timeline.hasNextPage)}
            loading={timeline.isFetchingNextPage}
            onMore={() => void timeline.fetchNextPage()}
          />
        </div>
      )}
    </PageShell>
  );
}
