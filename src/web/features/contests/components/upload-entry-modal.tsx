import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { Contest } from '@contract/contests';
import { useNetworkAction } from '@web/lib/network-action';
import type { Photo } from '@web/lib/photos';
import type { QueueFields } from '@web/lib/queue';
import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/modal';
import { Notice } from '@web/ui/page-shell';
import { WorkForm } from '@web/ui/work-form/work-form';
import { useCreateWork, useSubmitEntry } from '../api/enter-contest';
import { ConsentCheck } from './consent-check';
import { UPLOAD_ENTRY_NEEDS_NETWORK } from './entry-offline';
import styles from './entry.module.css';

const NO_PHOTOS: Photo[] = [];
const EMPTY: QueueFields = { title: '', description: '', category: null, tags: [], is_public: false };

interface UploadEntryProps {
  open: boolean;
  contest: Pick<Contest, 'id' | 'name'>;
  onClose: () => void;
  /** The entry went in: the server's message. */
  onEntered: (message: string) => void;
}

/**
 * Upload and enter (works spec §2, §4; issue 28): the register page's own work form, with the same paper review, the
 * same fields and the same free-plan limit, then two calls: the work is created (its photos straightened if the
 * child chose so, and compressed on the device), then entered with the id that came back; without an id nothing is
 * entered. A work created but not entered (the server refused the entry, or the network went) is kept: trying again
 * only enters it. Entries need the network and are never queued (the entry must be checked by the server while the
 * child is here): offline the submit button says so, and what was filled in stays in the form.
 */
export function UploadEntryModal({ open, contest, onClose, onEntered }: UploadEntryProps) {
  const { t } = useLingui();
  const create = useCreateWork();
  const submit = useSubmitEntry();
  const network = useNetworkAction(UPLOAD_ENTRY_NEEDS_NETWORK);
  const [consent, setConsent] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const busy = create.isPending || submit.isPending;
  const failed = (error: unknown) => {
    setFailure(error instanceof Error ? error.message : String(error));
    return null;
  };

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  const enter = async (workId: number) => {
    const answer = await submit.mutateAsync({ contestId: contest.id, workId }).catch(failed);
    if (answer) onEntered(answer.message);
  };

  const send = async (fields: QueueFields, photos: Photo[]) => {
    setFailure(null);
    const work = await create.mutateAsync({ fields, images: photos.map((p) => p.file) }).catch(failed);
    // No id, nothing to enter (works spec §4).
    if (!work || typeof work.id !== 'number') return;
    setCreatedId(work.id);
    await enter(work.id);
  };

  const step = create.isPending ? 1 : submit.isPending ? 2 : 0;
  const contestName = contest.name;
  const consentCheck = <ConsentCheck checked={consent} onChange={setConsent} disabled={busy} />;
  const progress = step > 0 && (
    <div className={styles.progress} role="status">
      <progress max={2} value={step - 0.5} aria-hidden="true" />
      <span>{step === 1 ? t`Uploading your work… (step 1 of 2)` : t`Entering it in the contest… (step 2 of 2)`}</span>
    </div>
  );

  return (
    <Modal open={open} onClose={close} title={t({ message: `Upload and submit your work`, context: 'heading' })}>
      <p className={styles.muted}>
        <Trans>Your work is saved in My Gallery and entered in {contestName}.</Trans>
      </p>
      {createdId === null ? (
        <WorkForm
          bare
          paper
          initialFields={EMPTY}
          initialPhotos={NO_PHOTOS}
          busy={busy}
          submitLabel={t`Submit`}
          busyLabel={t`Submitting...`}
          onSubmit={send}
          network={network}
          submitDisabled={!consent}
          beforeSubmit={
            <>
              {consentCheck}
              {failure && <Notice tone="error">{failure}</Notice>}
              {progress}
            </>
          }
        >
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={close} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </WorkForm>
      ) : (
        <>
          {!busy && (
            <Notice>
              <Trans>Your work is saved in My Gallery. Only the entry is left to send.</Trans>
            </Notice>
          )}
          {consentCheck}
          {failure && <Notice tone="error">{failure}</Notice>}
          {progress}
          {!network.available && (
            <p id={network.reasonId} className={styles.offline} role="status">
              {network.reason}
            </p>
          )}
          <div className={styles.modalActions}>
            <Button variant="ghost" onClick={close} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              disabled={!consent || busy}
              aria-busy={busy}
              aria-disabled={!network.available || undefined}
              aria-describedby={network.available ? undefined : network.reasonId}
              onClick={() => network.run(() => void enter(createdId))}
            >
              {busy ? <Trans>Submitting...</Trans> : <Trans>Submit</Trans>}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
