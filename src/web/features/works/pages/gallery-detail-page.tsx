import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { isNotFound } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { Carousel } from '@web/ui/carousel';
import { LikeButton } from '@web/ui/like-button';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useWork } from '../api/get-work';
import { downloadWorkZip } from '../components/download-zip';
import { formatDate } from '../components/format';
import { useLikeToggle } from '../components/use-like-toggle';
import { WayBack } from '../components/way-back';
import { CirclePanel } from '../components/circle-panel';
import styles from './gallery-detail.module.css';

export interface EditWorkState {
  workId: number;
}

/** One work: carousel, author, title, likes, comments, category and age; download and edit for editors. */
export default function GalleryDetailPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const params = useParams<{ id: string }>();
  // Only a whole positive number names a work; anything else (`/gallery-detail/abc`) is not found without asking.
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const work = useWork(id !== null && id > 0 ? id : null);
  const waiting = useWaitsForNetwork(work);
  const like = useLikeToggle();
  const [zipping, setZipping] = useState(false);

  if (id === null || id < 1 || (work.isError && !work.data && isNotFound(work.error))) {
    return (
      <PageShell title={t({ message: `This work could not be found`, context: 'heading' })} width="medium">
        <EmptyState action={<WayBack />}>
          <p>
            <Trans>It may have been taken down, or it is not shared with you.</Trans>
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  if (!work.data) {
    return (
      <PageShell title={t({ message: `Work details`, context: 'heading' })} width="medium">
        <OfflineDataNote query={work} subject="details" />
        {work.isError ? (
          <EmptyState
            action={
              <>
                <Button size="large" onClick={() => void work.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
                <WayBack />
              </>
            }
          >
            <p>
              <Trans>The work could not be loaded just now.</Trans>
            </p>
          </EmptyState>
        ) : (
          !waiting && (
            <div className={styles.loading} role="status">
              <span className="visually-hidden">{t`Loading the work…`}</span>
              <SkeletonBlock height={360} />
              <SkeletonBlock height={24} width="60%" />
              <SkeletonBlock height={18} width="40%" />
            </div>
          )
        )}
      </PageShell>
    );
  }

  const w = work.data;
  const age = w.creator_age;
  const download = async () => {
    setZipping(true);
    try {
      await downloadWorkZip(w);
    } catch (error) {
      console.warn('Download failed', error);
      notify.error(t`The work could not be downloaded. Please try again.`);
    } finally {
      setZipping(false);
    }
  };

  return (
    <PageShell title={w.title} eyebrow={formatDate(w.created_at, i18n.locale)} width="medium">
      <OfflineDataNote query={work} subject="details" />
      <Carousel
        title={w.title}
        protect={!w.can_edit}
        images={w.images_data.map((img) => ({ id: img.id, src: img.image_url, thumb: img.thumbnail_url || img.image_url }))}
      />
      <div className={styles.placard}>
        <div className={styles.byline}>
          <Avatar username={w.member.username} src={w.member.profile_picture} size={48} />
          <div>
            <strong className={styles.author}>{w.member.username}</strong>
            {age !== null && <span className={styles.age}>{t`Age ${age}`}</span>}
          </div>
          <div className={styles.like}>
            <LikeButton liked={w.is_liked_by_user} count={w.likes_count} busy={like.busyId === w.id} onToggle={() => void like.toggle(w)} />
          </div>
        </div>
        {w.description && <p className={styles.description}>{w.description}</p>}
        <dl className={styles.facts}>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{w.category?.name ?? t`None`}</dd>
          {w.tags.length > 0 && (
            <>
              <dt>
                <Trans>Tags</Trans>
              </dt>
              <dd>{w.tags.map((tag) => tag.name).join(', ')}</dd>
            </>
          )}
          <dt>
            <Trans>Publish setting</Trans>
          </dt>
          <dd>{w.is_public ? t`Published` : t`Private`}</dd>
        </dl>
        {w.can_edit && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void download()} disabled={zipping} aria-busy={zipping}>
              {zipping ? t`Preparing the download…` : t`Download work`}
            </Button>
            <Button onClick={() => navigate(`/edit-work?id=${w.id}`, { state: { workId: w.id } satisfies EditWorkState })}>
              <Trans>Edit work</Trans>
            </Button>
          </div>
        )}
      </div>
      <CirclePanel work={w} />
    </PageShell>
  );
}
