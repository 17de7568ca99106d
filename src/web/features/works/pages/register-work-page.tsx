import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { readyPhoto, type Photo } from '@web/lib/photos';
import { useActiveProfileId, useProfile } from '@web/lib/profile';
import { addToQueue, replaceInQueue, useQueue, type QueueFields, type QueuedImage } from '@web/lib/queue';
import { flushQueue, tellKeptOnDevice } from '@web/lib/queue-sync';
import { takeSharedFiles } from '@web/lib/shared-files';
import { isOnline } from '@web/lib/use-online';
import { notify } from '@web/lib/toast';
import { PageShell } from '@web/ui/page-shell';
import { WorkForm } from '@web/ui/work-form/work-form';

const EMPTY: QueueFields = { title: '', description: '', category: null, tags: [], is_public: false };

async function toQueued(photos: Photo[]): Promise<QueuedImage[]> {
  return Promise.all(photos.map(async (p) => ({ name: p.file.name, type: p.file.type, bytes: await p.file.arrayBuffer() })));
}

/**
 * Register a work, camera first. Submitting puts it in the upload queue (IndexedDB) and goes to
 * My Gallery, where it shows as pending until it lands. `?queued=<id>` edits a queued item;
 * `?shared=1` is where the service worker sends photos shared from another app.
 */
export default function RegisterWorkPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const queuedId = new URLSearchParams(useSearch()).get('queued') ?? undefined;
  const profileId = useActiveProfileId();
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  const editing = useQueue((s) => (queuedId ? s.items.find((i) => i.id === queuedId) : undefined));
  // Photos shared from another app (share_target) join a new work once the page opens.
  const [shared, setShared] = useState<File[]>([]);
  useEffect(() => {
    if (queuedId) return;
    let live = true;
    void takeSharedFiles().then((files) => live && files.length > 0 && setShared(files));
    return () => {
      live = false;
    };
  }, [queuedId]);
  const initialPhotos = useMemo(
    () => editing?.images.map((i) => readyPhoto(new File([i.bytes], i.name, { type: i.type }))) ?? [],
    [editing],
  );

  const onSubmit = async (fields: QueueFields, photos: Photo[]) => {
    if (profileId === null) return;
    setBusy(true);
    try {
      const upload = { profileId, profileName: profile.data?.username ?? null, fields, images: await toQueued(photos) };
      let id = editing?.id;
      if (id) await replaceInQueue(id, upload);
      else id = (await addToQueue(upload)).id;
      // One message: offline it is kept here for later; online the queue says "registered" once it lands
      // (or that it is kept here, if that first attempt fails).
      if (!isOnline()) tellKeptOnDevice(id);
      flushQueue();
      navigate('/my-work');
    } catch (error) {
      console.warn('Could not save the work on this device', error);
      notify.error(t`The work could not be saved on this device. Please try again.`);
      setBusy(false);
    }
  };

  return (
    <PageShell title={t({ message: `Register your work`, context: 'heading' })} eyebrow={t`Hang a new picture`} width="narrow">
      <WorkForm
        key={editing?.id ?? 'new'}
        initialFields={editing?.fields ?? EMPTY}
        initialPhotos={initialPhotos}
        sharedFiles={shared}
        queuedId={editing?.id}
        busy={busy}
        submitLabel={editing ? t`Save and upload again` : t`Register`}
        busyLabel={t`Saving…`}
        onSubmit={onSubmit}
        paper
      />
    </PageShell>
  );
}
