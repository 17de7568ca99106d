import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';

import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import { workFields } from '@contract/works';
import { imageCountQueryOptions, useImageCount } from '@web/lib/image-count';
import { useNamedList } from '@web/lib/named-lists';
import type { NetworkAction } from '@web/lib/network-action';
import type { Photo } from '@web/lib/photos';
import { queryClient } from '@web/lib/query-client';
import { queuedImageCount, useQueue, type QueueFields } from '@web/lib/queue';
import { isOnline } from '@web/lib/use-online';
import { usePhotoList, type PhotoAllowance } from '@web/lib/use-photo-list';
import { Button } from '@web/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/ui/field';
import { Notice } from '@web/ui/page-shell';
import { PhotoPicker } from '@web/ui/photo-picker';
import { Switch } from '@web/ui/switch';
import { TagChips } from '@web/ui/tag-chips';
import styles from './work-form.module.css';

// The paper's review (issue 15): loaded with the first photo, and only where a work is captured (`paper`: the register
// page and a contest's Upload and enter; its client and worker come a little earlier, when the form opens: the
// warm-up below). Capture is never blocked: when it cannot load (offline before the app was precached), the photos
// simply stay as taken.
const PaperReview = lazy(() =>
  import('./paper-review').catch((error: unknown) => {
    console.warn('The paper review could not be loaded', error);
    return { default: () => null };
  }),
);

const schema = z.object({ title: workFields.shape.title, description: workFields.shape.description });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

export interface WorkFormProps {
  initialFields: QueueFields;
  initialPhotos: Photo[];
  /** Photos shared from another app: added (and compressed) like a library pick when they arrive. */
  sharedFiles?: File[];
  /** A queued item being edited: its images do not count twice toward the free plan. */
  queuedId?: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (fields: QueueFields, photos: Photo[]) => Promise<void>;
  /** More actions under the submit button (Delete on the edit page). */
  children?: ReactNode;
  /** Whether this person may change who sees the work: the artist only (a family member editing does not). */
  canPublish?: boolean;
  /** Saving needs the server now (editing): offline the button says why instead. Registering queues, so it has none. */
  network?: NetworkAction;
  /** Capture: each new photo gets its turn to have its paper found and straightened (./paper-review). */
  paper?: boolean;
  /** Shown just above the submit button (a contest's consent to its entry history). */
  beforeSubmit?: ReactNode;
  /** The submit button is off (e.g. until that consent is ticked). */
  submitDisabled?: boolean;
  /** Inside a modal: no card of its own. */
  bare?: boolean;
}

/**
 * Photos, title, comments, category, tags and publishing: the one work form (issue 28), for registering a work, for
 * editing one, and for a contest's Upload and enter, which asks the same fields with the same paper review.
 */
export function WorkForm({
  initialFields,
  initialPhotos,
  sharedFiles,
  queuedId,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
  canPublish = true,
  network,
  paper = false,
  beforeSubmit,
  submitDisabled = false,
  bare = false,
}: WorkFormProps) {
  const { t, i18n } = useLingui();
  const categories = useNamedList('categories');
  const tagList = useNamedList('tags');
  const imageCount = useImageCount();
  const queued = useQueue((s) => queuedImageCount(s.items, queuedId));
  const [category, setCategory] = useState(initialFields.category ? String(initialFields.category) : '');
  const [tags, setTags] = useState<number[]>(initialFields.tags);
  const [isPublic, setIsPublic] = useState(initialFields.is_public);
  // The family circle (issue 32): a work being edited says whether it is shared with it; a new one takes the family's choice.
  const [isCircle, setIsCircle] = useState(initialFields.is_circle);
  const [photoError, setPhotoError] = useState<string | undefined>();
  /** The new photos waiting for their paper's turn. */
  const [paperQueue, setPaperQueue] = useState<string[]>([]);
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { title: initialFields.title, description: initialFields.description },
    mode: 'onTouched',
  });

  // The server's count as last known (kept offline with the other queries) and this device's queued images: the
  // free plan's limit holds offline exactly as online (lib/image-room, issue 28).
  const stored = imageCount.data?.total_images ?? 0;
  const limit = imageCount.data ? imageCount.data.limit : LIMITS.freePlanImageLimit;
  const photoList = usePhotoList(initialPhotos, { used: stored + queued, limit });
  const { photos, freeLimitReached, canAdd, compressing } = photoList;

  const add = async (picked: File[], source: 'camera' | 'library') => {
    // The count kept on the phone may be older than the plan (an upgrade or a deletion since, on another phone): a
    // pick it would cut for the limit waits, online, for the server's count of now (the one under way, or a new one).
    // Offline the kept count decides, as the limit holds offline too.
    let allowance: PhotoAllowance | undefined;
    const wouldCut = photoList.left !== null && picked.length > photoList.left;
    if (wouldCut && isOnline() && (imageCount.isFetching || !imageCount.isFetchedAfterMount)) {
      const fresh = await queryClient.fetchQuery(imageCountQueryOptions()).catch(() => null);
      if (fresh) allowance = { used: fresh.total_images + queued, limit: fresh.limit };
    }
    const added = photoList.add(picked, source, allowance);
    if (!added) return;
    setPhotoError(undefined);
    if (paper) setPaperQueue((queue) => [...queue, ...added.map((p) => p.key)]);
  };

  // Capture: the paper's worker is readied while the child frames the drawing, so that the first photo's corners
  // come nearly as fast as the next ones' (lib/paper/client.ts `warmPaper`). Offline without the app's files, nothing.
  useEffect(() => {
    if (!paper) return;
    const timer = setTimeout(() => {
      import('@web/lib/paper/client').then(
        (client) => client.warmPaper(),
        () => undefined,
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [paper]);

  const sharedAdded = useRef<File[] | undefined>(undefined);
  useEffect(() => {
    if (!sharedFiles?.length || sharedAdded.current === sharedFiles) return;
    sharedAdded.current = sharedFiles;
    add(sharedFiles, 'library');
    // `add` reads the current photos and limits; the effect runs only when new shared files arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sharedFiles]);

  // Every error of a submit shows at once: the photos' beside the fields' (works spec §5), not one after the other.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (network && !network.available) {
      event.preventDefault();
      return void network.run(() => undefined);
    }
    const usable = photos.filter((p) => p.status === 'ready');
    const problem = !usable.length ? M.imagesMin.id : usable.length > LIMITS.maxImagesPerWork ? M.imagesMax.id : undefined;
    setPhotoError(problem && i18n._(problem));
    return handleSubmit(async ({ title, description }) => {
      if (problem) return;
      await onSubmit(
        {
          title,
          description,
          category: category ? Number(category) : null,
          tags,
          is_public: isPublic,
          ...(isCircle === undefined ? {} : { is_circle: isCircle }),
        },
        usable,
      );
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate className={bare ? styles.bare : styles.form}>
      <PhotoPicker
        photos={photos}
        canAdd={canAdd}
        onAdd={add}
        onRemove={photoList.remove}
        onMove={photoList.move}
        error={photoError}
        planLeft={imageCount.data ? photoList.left : null}
        note={photoList.leftOut}
      />
      {paper && photos.some((p) => p.original) && (
        <Suspense fallback={null}>
          <PaperReview photos={photos} queue={paperQueue} setQueue={setPaperQueue} onReplace={photoList.replace} />
        </Suspense>
      )}
      {freeLimitReached && limit !== null && (
        <Notice>
          {i18n._(M.freePlanLimit.id, { count: photoList.counted })} <Link href="/plans">{t`Ask a grown-up to upgrade`}</Link>
        </Notice>
      )}
      <TextField label={t`Title`} required maxLength={100} error={formState.errors.title?.message} {...register('title')} />
      <TextAreaField
        label={t`Comments`}
        maxLength={2000}
        rows={4}
        error={formState.errors.description?.message}
        {...register('description')}
      />
      <SelectField label={t`Category`} value={category} onChange={(e) => setCategory(e.target.value)}>
        <option value="">{t`Please select`}</option>
        {categories.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TagChips tags={tagList.data ?? []} value={tags} onChange={setTags} />
      <div className={styles.publish}>
        <span className={styles.publishLabel} id="publish-label">
          <Trans>Publish setting</Trans>
        </span>
        {canPublish ? (
          <Switch checked={isPublic} onChange={setIsPublic} label={t`Publish to everyone`} onText={t`Published`} offText={t`Private`} />
        ) : (
          <span className={styles.publishState}>{isPublic ? t`Published` : t`Private`}</span>
        )}
        <p className={styles.publishHint}>
          {!canPublish ? (
            <Trans>Only the artist can change who sees this work.</Trans>
          ) : isPublic ? (
            <Trans>Everyone can see this work in the public gallery.</Trans>
          ) : (
            <Trans>Only you and the family members who share with you can see it.</Trans>
          )}
        </p>
      </div>
      {isCircle !== undefined && canPublish && (
        <div className={styles.publish}>
          <span className={styles.publishLabel}>
            <Trans>Family circle</Trans>
          </span>
          {isPublic ? (
            <span className={styles.publishState}>{t`Shared`}</span>
          ) : (
            <Switch
              checked={isCircle}
              onChange={setIsCircle}
              label={t`Share with the family circle`}
              onText={t`Shared`}
              offText={t`Not shared`}
            />
          )}
          <p className={styles.publishHint}>
            {isPublic ? (
              <Trans>A published work is seen by the family circle too.</Trans>
            ) : isCircle ? (
              <Trans>Grandparents and relatives in your family circle can see it.</Trans>
            ) : (
              <Trans>Your family circle does not see it.</Trans>
            )}
          </p>
        </div>
      )}
      {beforeSubmit}
      <Button
        type="submit"
        size="large"
        block
        disabled={busy || compressing || submitDisabled}
        aria-busy={busy}
        aria-disabled={(network && !network.available) || undefined}
        aria-describedby={network && !network.available ? network.reasonId : undefined}
      >
        {busy ? busyLabel : compressing ? t`Preparing photos…` : submitLabel}
      </Button>
      {network && !network.available && (
        <p id={network.reasonId} className={styles.reason}>
          {network.reason}
        </p>
      )}
      {children}
    </form>
  );
}
