import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { Work } from '@contract/works';
import { formatDay } from '@web/lib/billing-format';
import { useFollowedChildren } from '@web/lib/circle';
import { Carousel } from '@web/ui/carousel';
import { EmptyState } from '@web/ui/empty-state';
import { Button, LinkButton } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import { OfflineDataNote } from '@web/ui/offline-data-note';
import { Loading, PageShell } from '@web/ui/page-shell';
import { SeeMore } from '@web/ui/see-more';
import { WorkCard } from '@web/ui/work-card';
import { useChildCircleWorks } from '../api/circle';
import styles from './circle.module.css';

/** One work, large: its pictures, title, the child's words and age when it was made. */
function WorkView({ work, onClose }: { work: Work; onClose: () => void }) {
  const { i18n } = useLingui();
  const age = work.creator_age;
  const day = formatDay(work.created_at, i18n.locale);
  return (
    <Modal
      open
      title={work.title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <Carousel protect title={work.title} images={work.images_data.map((i) => ({ id: i.id, src: i.image_url, thumb: i.thumbnail_url }))} />
      <p className={styles.workMeta}>
        {age === null ? (
          day
        ) : (
          <Trans>
            {day} · drawn at age {age}
          </Trans>
        )}
      </p>
      {work.description && <p className={styles.workWords}>{work.description}</p>}
    </Modal>
  );
}

/** A followed child's circle works, newest first (issue 32): readable offline once seen, like the family gallery. */
export function ChildMuseum({ id }: { id: number }) {
  const { t } = useLingui();
  const followed = useFollowedChildren();
  const works = useChildCircleWorks(id);
  const [open, setOpen] = useState<Work | null>(null);
  const child = followed.data?.results.find((k) => k.id === id);
  // Removed from the circle (or the child no longer followed): the answer replaced what this phone kept.
  const gone = Boolean(works.data?.pages[0]?.gone);
  const list = works.data?.pages.flatMap((p) => p.results) ?? [];
  const title = child ? t`${child.username}'s museum` : t({ message: 'Family circle', context: 'heading' });

  return (
    <PageShell title={title} eyebrow={t`Family circle`}>
      <OfflineDataNote query={works} />
      {works.isPending && !works.data ? (
        <Loading label={t`Loading the works…`} />
      ) : gone || !works.data ? (
        <EmptyState action={<LinkButton href="/circle">{t`Back to the family circle`}</LinkButton>}>
          {gone ? (
            <Trans>You do not follow this child, or the family has removed you from its circle.</Trans>
          ) : (
            <Trans>The works could not be loaded. Please check the connection and try again.</Trans>
          )}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState action={<LinkButton href="/circle">{t`Back to the family circle`}</LinkButton>}>
          <Trans>Nothing has been shared with the family circle yet.</Trans>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.wall}>
            {list.map((w) => (
              <WorkCard
                key={w.id}
                onOpen={() => setOpen(w)}
                imageSrc={w.images_data[0]?.thumbnail_url ?? null}
                title={w.title}
                date={w.creator_age === null ? undefined : t`Age ${w.creator_age}`}
              />
            ))}
          </ul>
          <SeeMore hasMore={Boolean(works.hasNextPage)} loading={works.isFetchingNextPage} onMore={() => void works.fetchNextPage()} />
        </>
      )}
      {open && <WorkView work={open} onClose={() => setOpen(null)} />}
    </PageShell>
  );
}
