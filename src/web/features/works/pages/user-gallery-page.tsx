import { Trans, useLingui } from '@lingui/react/macro';
import { useHistoryState } from 'wouter/use-browser-location';
import { useSearch } from 'wouter';

import { useWorkList } from '@web/lib/work-lists';
import { LinkButton } from '@web/ui/button';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { WorkTile } from '../components/work-tile';
import { WorksWall } from '../components/works-wall';
import type { UserGalleryState } from './family-gallery-page';

const NO_FILTERS = {};

/** One family member's works (title, date, likes). The member comes in navigation state, or ?id=. */
export default function UserGalleryPage() {
  const { t } = useLingui();
  const state = useHistoryState<Partial<UserGalleryState> | null>();
  const fallback = Number(new URLSearchParams(useSearch()).get('id'));
  const userId = state?.userId ?? (fallback > 0 ? fallback : null);
  const works = useWorkList('memberWorks', NO_FILTERS, { memberId: userId ?? 0, enabled: userId !== null });
  const username = state?.username ?? works.data?.pages[0]?.results[0]?.member.username ?? '';

  if (userId === null) {
    return (
      <PageShell title={t({ message: `User Gallery`, context: 'heading' })} width="medium">
        <p>
          <Trans>Choose a family member in the Family Gallery.</Trans>
        </p>
        <LinkButton href="/family-gallery">
          <Trans>Family Gallery</Trans>
        </LinkButton>
      </PageShell>
    );
  }

  return (
    <PageShell
      title={username ? t({ message: `${username}'s gallery`, context: 'heading' }) : t({ message: `User Gallery`, context: 'heading' })}
      eyebrow={t`User Gallery`}
    >
      {/* Offline with nothing kept, the easel says the page will fill in once back online (never a blank wall). */}
      <OfflineDataNote query={works} />
      <WorksWall
        query={works}
        label={t`Works`}
        renderWork={(work) => <WorkTile key={work.id} work={work} showDescription={false} />}
        empty={<Trans>There are no works to see here yet.</Trans>}
      />
    </PageShell>
  );
}
