import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import type { Contest } from '@contract/contests';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { useImageCount } from '@web/lib/image-count';
import { useNamedList } from '@web/lib/named-lists';
import { useNetworkAction } from '@web/lib/network-action';
import type { Photo } from '@web/lib/photos';
import { queuedImageCount, useQueue } from '@web/lib/queue';
import { usePhotoList } from '@web/lib/use-photo-list';
import { Button } from '@web/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/ui/field';
import { Modal } from '@web/ui/modal';
import { Notice } from '@web/ui/page-shell';
import { PhotoPicker } from '@web/ui/photo-picker';
import { TagChips } from '@web/ui/tag-chips';
import { useCreateWork, useSubmitEntry } from '../api/enter-contest';
import { ConsentCheck } from './consent-check';
import { validateEntryForm, type EntryFormErrors } from './contest-logic';
import { ENTRY_NEEDS_NETWORK } from './entry-offline';
import styles from './entry.module.css';

const NO_PHOTOS: Photo[] = [];

interface UploadEntryProps {
  open: boolean;
  contest: Pick<Contest, 'id' | 'name'>;
  onClose: () => void;
  /** The entry went in: the server's message. */
  onEntered: (message: string) => void;
}

/**
 * Upload and submit your work (works spec §2, §4, §5): the contest upload form, then two calls: the work is
 * created (its photos compressed on the device first), then entered with the id that came back; without an id
 * nothing is entered. A work created but not entered (the server refused the entry) is kept: trying again only
 * enters it. The form is never lost on an error; entries need the network and are never queued.
 */
export function UploadEntryModal({ open, contest, onClose, onEntered }: UploadEntryProps) {
  const { t, i18n } = useLingui();
  const categories = useNamedList('categories');
  const tagList = useNamedList('tags');
  const imageCount = useImageCount();
  const create = useCreateWork();
  const submit = useSubmitEntry();
  const network = useNetworkAction(ENTRY_NEEDS_NETWORK);
  const photosErrorId = useId();
  const [title, setTitle] = useState('');
  const [comments, setComments] = useState('');
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState<number[]>([]);
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const busy = create.isPending || submit.isPending;
  const stored = imageCount.data?.total_images ?? 0;
  const limit = imageCount.data ? imageCount.data.limit : LIMITS.freePlanImageLimit;
  // Every photo here is new: the free plan counts them beside the stored ones and this device's queued ones.
  const queued = useQueue((s) => queuedImageCount(s.items));
  const photoList = usePhotoList(NO_PHOTOS, { used: stored + queued, limit });
  const { photos, freeLimitReached, canAdd, compressing } = photoList;
  const ready = photos.filter((p) => p.status === 'ready');
  const locked = busy || createdId !== null;
  // A photo still being prepared counts: Submit waits for it anyway.
  const usable = photos.filter((p) => p.status !== 'error').length;
  const values = { title, comments, category, photos: usable };

  // Shown from the first submit on, then following what is typed (the spec's "shown when touched").
  const errors: EntryFormErrors = tried ? validateEntryForm(values) : {};

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!network.available) return void network.run(() => undefined);
    setTried(true);
    if (Object.keys(validateEntryForm(values)).length) {
      // The first problem into view (the form is longer than a phone's screen): its field focused, or the photos' word.
      const form = event.currentTarget;
      requestAnimationFrame(() => {
        const first = form.querySelector<HTMLElement>(`[aria-invalid="true"], #${CSS.escape(photosErrorId)}`);
        if (first?.id === photosErrorId) first.scrollIntoView({ block: 'center' });
        else first?.focus();
      });
      return;
    }
    if (!consent || compressing) return;
    setFailure(null);
    let workId = createdId;
    if (workId === null) {
      const work = await create
        .mutateAsync({
          fields: { title: title.trim(), description: comments.trim(), category: Number(category), tags, is_public: false },
          images: ready.map((p) => p.file),
        })
        .catch((error: unknown) => {
          setFailure(error instanceof Error ? error.message : String(error));
          return null;
        });
      // No id, nothing to enter (works spec §4).
      if (!work || typeof work.id !== 'number') return;
      workId = work.id;
      setCreatedId(work.id);
    }
    const answer = await submit.mutateAsync({ contestId: contest.id, workId }).catch((error: unknown) => {
      setFailure(error instanceof Error ? error.message : String(error));
      return null;
    });
    if (answer) onEntered(answer.message);
  };

  const step = create.isPending ? 1 : submit.isPending ? 2 : 0;
  const fieldError = (id: string | undefined) => (id ? i18n._(id) : undefined);
  const contestName = contest.name;

  return (
    <Modal open={open} onClose={close} title={t({ message: `Upload and submit your work`, context: 'heading' })}>
      <form onSubmit={(e) => void send(e)} noValidate className={styles.uploadForm}>
        <p className={styles.muted}>
          <Trans>Your work is saved in My Gallery (private) and entered in {contestName}.</Trans>
        </p>
        {network.reason && (
          <p id={network.reasonId} className={styles.offline} role="status">
            {network.reason}
          </p>
        )}
        <fieldset disabled={locked} className={styles.plainFieldset}>
          <PhotoPicker
            compact
            required
            photos={photos}
            canAdd={canAdd}
            disabled={locked}
            onAdd={photoList.add}
            onRemove={photoList.remove}
            error={fieldError(errors.photos)}
            errorId={photosErrorId}
            planLeft={imageCount.data ? photoList.left : null}
            note={photoList.leftOut}
          />
          {freeLimitReached && photos.length < LIMITS.maxImagesPerWork && (
            <Notice>
              {i18n._(M.freePlanLimit.id, { count: photoList.counted })} <Link href="/plans">{t`Ask a grown-up to upgrade`}</Link>
            </Notice>
          )}
          <TextField
            label={t`Title`}
            required
            maxLength={100}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
          />
          <TextAreaField
            label={t`Comments`}
            required
            maxLength={2000}
            rows={3}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            error={errors.comments}
          />
          <SelectField label={t`Category`} required value={category} onChange={(e) => setCategory(e.target.value)} error={errors.category}>
            <option value="">{t`Please select`}</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          {tagList.data?.length ? <TagChips compact tags={tagList.data} value={tags} onChange={setTags} disabled={locked} /> : null}
        </fieldset>
        {createdId !== null && !busy && (
          <Notice>
            <Trans>Your work is saved in My Gallery. Only the entry is left to send.</Trans>
          </Notice>
        )}
        <ConsentCheck checked={consent} onChange={setConsent} disabled={busy} />
        {failure && <Notice tone="error">{failure}</Notice>}
        {step > 0 && (
          <div className={styles.progress} role="status">
            <progress max={2} value={step - 0.5} aria-hidden="true" />
            <span>{step === 1 ? t`Uploading your work… (step 1 of 2)` : t`Entering it in the contest… (step 2 of 2)`}</span>
          </div>
        )}
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={close} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="submit"
            disabled={!consent || busy || compressing}
            aria-busy={busy}
            aria-disabled={!network.available || undefined}
            aria-describedby={network.reason ? network.reasonId : undefined}
          >
            {busy ? <Trans>Submitting...</Trans> : compressing ? t`Preparing photos…` : <Trans>Submit</Trans>}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
