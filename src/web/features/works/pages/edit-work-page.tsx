import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { M } from '@contract/messages';
import type { Work } from '@contract/works';
import { isNotFound } from '@web/lib/api-error';
import { useNetworkAction } from '@web/lib/network-action';
import { fetchAsFile, readyPhoto, type Photo } from '@web/lib/photos';
import { useActiveProfileId } from '@web/lib/profile';
import type { QueueFields } from '@web/lib/queue';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { ConfirmDeleteModal } from '@web/ui/confirm-delete-modal';
import { EmptyState } from '@web/ui/empty-state';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { PageShell } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useDeleteWork } from '../api/delete-work';
import { useWork } from '../api/get-work';
import { useUpdateWork } from '../api/update-work';
import { WayBack } from '../components/way-back';
import { WorkForm } from '@web/ui/work-form/work-form';
import styles from '../components/works.module.css';
import type { EditWorkState } from './gallery-detail-page';

const EDITING_NEEDS_NETWORK = msg`You're offline. Saving or deleting a work needs a connection, so try again when you're back online.`;

/** The work's images as files (re-fetched; a failure is logged and that image skipped). */
function useExistingPhotos(work: Work | undefined): Photo[] | null {
  const [photos, setPhotos] = useState<{ id: number; list: Photo[] } | null>(null);
  useEffect(() => {
    if (!work) return;
    let live = true;
    void Promise.all(
      work.images_data.map(async (img, i) => {
        const file = await fetchAsFile(img.image_url, `image_${i + 1}.webp`);
        return file ? readyPhoto(file, img.id) : null;
      }),
    ).then((list) => {
      if (live) setPhotos({ id: work.id, list: list.filter((p): p is Photo => p !== null) });
    });
    return () => {
      live = false;
    };
  }, [work]);
  return photos && work && photos.id === work.id ? photos.list : null;
}

export default function EditWorkPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const state = useHistoryState<Partial<EditWorkState> | null>();
  const fallback = Number(new URLSearchParams(useSearch()).get('id'));
  const workId = state?.workId ?? (fallback > 0 ? fallback : null);
  const work = useWork(workId);
  const photos = useExistingPhotos(work.data);
  const profileId = useActiveProfileId();
  const update = useUpdateWork();
  const remove = useDeleteWork();
  const [confirming, setConfirming] = useState(false);
  const network = useNetworkAction(EDITING_NEEDS_NETWORK);
  const waiting = useWaitsForNetwork(work);

  if (workId === null || (work.isError && !work.data)) {
    const notFound = workId === null || isNotFound(work.error);
    return (
      <PageShell title={t({ message: `Edit work`, context: 'heading' })} width="narrow">
        <EmptyState
          action={
            <>
              {!notFound && (
                <Button size="large" onClick={() => void work.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              )}
              <WayBack />
            </>
          }
        >
          <p>
            {workId === null ? (
              <Trans>No work was chosen. Open a work in a gallery, then choose Edit work.</Trans>
            ) : notFound ? (
              <Trans>This work could not be found.</Trans>
            ) : (
              <Trans>The work could not be loaded just now.</Trans>
            )}
          </p>
        </EmptyState>
      </PageShell>
    );
  }

  const w = work.data;
  const onSubmit = async (fields: QueueFields, chosen: Photo[]) => {
    if (!w) return;
    const done = await update
      .mutateAsync({
        id: w.id,
        fields,
        newImages: chosen.filter((p) => p.existingId === null).map((p) => p.file),
        keepImages: chosen.flatMap((p) => (p.existingId === null ? [] : [p.existingId])),
      })
      .catch(() => null);
    if (!done) return;
    notify.success(i18n._(M.workUpdated.id));
    navigate('/my-work', { replace: true });
  };

  const onDelete = async () => {
    if (!w) return;
    const outcome = await remove.mutateAsync(w.id).catch(() => null);
    if (!outcome) return;
    // Deleted meanwhile on another phone: the work is gone either way, so the confirmation closes as after a delete.
    if (outcome === 'already') notify.info(t`This work had already been deleted.`);
    else notify.success(i18n._(M.workDeleted.id));
    setConfirming(false);
    navigate('/my-work', { replace: true });
  };

  return (
    <PageShell title={t({ message: `Edit work`, context: 'heading' })} lead={w?.title} width="narrow">
      <OfflineDataNote query={work} subject="details" />
      {waiting ? null : !w || !photos ? (
        <div className={styles.form} role="status">
          <span className="visually-hidden">{t`Loading the work…`}</span>
          <SkeletonBlock height={88} />
          <p />
          <SkeletonBlock height={48} />
          <p />
          <SkeletonBlock height={112} />
        </div>
      ) : (
        <WorkForm
          key={w.id}
          initialFields={{
            title: w.title,
            description: w.description,
            category: w.category?.id ?? null,
            tags: w.tags.map((tag) => tag.id),
            is_public: w.is_public,
            // A backend that follows the spec says nothing of a circle: the switch is not shown then.
            ...(w.is_circle === undefined ? {} : { is_circle: w.is_circle }),
          }}
          initialPhotos={photos}
          busy={update.isPending}
          submitLabel={t`Update`}
          busyLabel={t`Updating...`}
          onSubmit={onSubmit}
          canPublish={w.member.id === profileId}
          network={network}
        >
          {w.member.id === profileId && (
            <div className={styles.formActions}>
              <Button
                variant="dangerOutline"
                block
                aria-disabled={!network.available || undefined}
                aria-describedby={network.available ? undefined : network.reasonId}
                onClick={() => network.run(() => setConfirming(true))}
              >
                <Trans>Delete this work</Trans>
              </Button>
            </div>
          )}
        </WorkForm>
      )}
      <ConfirmDeleteModal
        open={confirming}
        title={t({ message: `Delete this work`, context: 'heading' })}
        warning={<Trans>The work and all of its images will be removed from every gallery.</Trans>}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </PageShell>
  );
}
