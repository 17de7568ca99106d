import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import type { Contest } from '@contract/contests';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { useNetworkAction } from '@web/lib/network-action';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/ui/field';
import { Modal } from '@web/ui/modal';
import { Notice } from '@web/ui/page-shell';
import { useCreateWork, useSubmitEntry } from '../api/enter-contest';
import { useImageCount, useNamedList } from '../api/work-helpers';
import { ConsentCheck } from './consent-check';
import { validateEntryForm, type EntryFormErrors } from './contest-logic';
import { compressPhotos, EntryPhotos, newPhoto, type EntryPhoto } from './entry-photos';
import { ENTRY_NEEDS_NETWORK } from './entry-offline';
import styles from './entry.module.css';

interface UploadEntryProps {
  open: boolean;
  contest: Pick<Contest, 'id' | 'name'>;
  onClose: () => void;
  /** The entry went in: the server's message. */
  onEntered: (message: string) => void;
}

function TagChoices({ value, onChange, disabled }: { value: number[]; onChange: (tags: number[]) => void; disabled: boolean }) {
  const { t } = useLingui();
  const tags = useNamedList('tags');
  if (!tags.data?.length) return null;
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className={styles.tags}>
      <legend className={styles.legend}>{t`Tags`}</legend>
      <div className={styles.chips}>
        {tags.data.map((tag) => {
          const on = value.includes(tag.id);
          return (
            <button key={tag.id} type="button" className={styles.chip} aria-pressed={on} disabled={disabled} onClick={() => toggle(tag.id)}>
              <span aria-hidden="true">{on ? '✓' : '+'}</span>
              {tag.name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
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
  const imageCount = useImageCount();
  const create = useCreateWork();
  const submit = useSubmitEntry();
  const network = useNetworkAction(ENTRY_NEEDS_NETWORK);
  const photosErrorId = useId();
  const [photos, setPhotos] = useState<EntryPhoto[]>([]);
  const [title, setTitle] = useState('');
  const [comments, setComments] = useState('');
  const [category, setCategory] = useState('');
  const [tags, setTags] = useState<number[]>([]);
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const busy = create.isPending || submit.isPending;
  const compressing = photos.some((p) => p.status === 'compressing');
  const ready = photos.filter((p) => p.status === 'ready');
  const stored = imageCount.data?.total_images ?? 0;
  const limit = imageCount.data ? imageCount.data.limit : LIMITS.freePlanImageLimit;
  const freeLimitReached = limit !== null && stored + photos.length >= limit;
  const canAdd = photos.length < LIMITS.maxImagesPerWork && !freeLimitReached;
  const locked = busy || createdId !== null;
  // A photo still being prepared counts: Submit waits for it anyway.
  const usable = photos.filter((p) => p.status !== 'error').length;
  const values = { title, comments, category, photos: usable };

  // Shown from the first submit on, then following what is typed (the spec's "shown when touched").
  const errors: EntryFormErrors = tried ? validateEntryForm(values) : {};

  const update = (key: string, patch: Partial<EntryPhoto>) => {
    if (mounted.current) setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  };

  const add = (picked: File[], source: 'camera' | 'library') => {
    const files = picked.filter((f) => f.type.startsWith('image/'));
    if (files.length < picked.length) notify.error(t`Only image files can be chosen`);
    if (!files.length) return;
    if (source === 'library' && files.length > LIMITS.maxImagesPerWork) return void notify.error(t`You can only upload up to 5 images`);
    if (photos.length + files.length > LIMITS.maxImagesPerWork) return void notify.error(t`Total number of images cannot exceed 5`);
    if (limit !== null && stored + photos.length + files.length > limit) {
      return void notify.error(i18n._(M.freePlanLimit.id, { count: stored }), 6000);
    }
    const added = files.map(newPhoto);
    setPhotos((list) => [...list, ...added]);
    void compressPhotos(added, update);
  };

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
    <Modal open={open} onClose={close} title={t`Upload and submit your work`}>
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
          <EntryPhotos
            photos={photos}
            canAdd={canAdd}
            disabled={locked}
            onAdd={add}
            onRemove={(key) => setPhotos((list) => list.filter((p) => p.key !== key))}
            error={fieldError(errors.photos)}
            errorId={photosErrorId}
          />
          {freeLimitReached && photos.length < LIMITS.maxImagesPerWork && <Notice>{i18n._(M.freePlanLimit.id, { count: stored })}</Notice>}
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
          <TagChoices value={tags} onChange={setTags} disabled={locked} />
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
