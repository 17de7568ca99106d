/**
 * The paper, found and straightened on the phone (issue 15): each new photo gets its turn here, under the photo
 * picker. The sheet's corners are looked for in a worker (lib/paper), shown as handles to adjust, and Straighten puts
 * the straightened photo in the original's place (it is then compressed and queued as any photo). *Keep the photo as
 * it is* is always one tap away. Once every photo has had its turn, their thumbnails open it again.
 *
 * Capture's own code: work-form.tsx loads this module lazily, and only the register page and a contest's Upload and
 * enter ask for it, so the paper's client (and its worker) never load with any other page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';

import { findPaper, straightenPhoto, type Corners } from '@web/lib/paper/client';
import type { Photo } from '@web/lib/photos';
import { notify } from '@web/lib/toast';
import { useObjectUrl } from '@web/lib/use-object-url';
import { Button } from '@web/ui/button';
import { PaperCorners } from './paper-corners';
import styles from './paper-review.module.css';

export interface PaperReviewProps {
  photos: Photo[];
  /** The keys of the photos waiting for their turn, first first. */
  queue: string[];
  setQueue: Dispatch<SetStateAction<string[]>>;
  /** Puts a new version of a photo (straightened, or the original back) in its place. */
  onReplace: (key: string, file: File) => void;
}

interface Seen {
  width: number;
  height: number;
  found: boolean;
  corners: Corners;
  /** Whether the photo in the work is the straightened one. */
  straightened: boolean;
}

/** What each original's turn ended with, so that opening it again starts from there (and finds nothing twice). */
const seen = new WeakMap<File, Seen>();

export default function PaperReview({ photos, queue, setQueue, onReplace }: PaperReviewProps) {
  const waiting = queue.map((key) => photos.find((p) => p.key === key && p.original));
  const current = waiting.find((p) => p !== undefined);
  const done = (key: string) => setQueue((q) => q.filter((k) => k !== key));
  if (current) {
    return (
      <Turn
        key={current.key}
        photo={current}
        number={photos.indexOf(current) + 1}
        count={photos.length}
        onDone={() => done(current.key)}
        onReplace={(file) => onReplace(current.key, file)}
      />
    );
  }
  const again = photos.filter((p) => p.original && p.status !== 'error');
  if (!again.length) return null;
  return (
    <div className={styles.again}>
      <p className={styles.againText}>
        <Trans>Paper not straight? Tap a photo to move its corners.</Trans>
      </p>
      <ul className={styles.againList}>
        {again.map((photo) => (
          <li key={photo.key}>
            <AgainButton photo={photo} number={photos.indexOf(photo) + 1} onOpen={() => setQueue([photo.key])} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function AgainButton({ photo, number, onOpen }: { photo: Photo; number: number; onOpen: () => void }) {
  const { t } = useLingui();
  const src = useObjectUrl(photo.file);
  return (
    <button type="button" className={styles.againButton} onClick={onOpen} aria-label={t`Move the corners of photo ${number}`}>
      {src && <img src={src} alt="" width={52} height={52} />}
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.againIcon}>
        <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    </button>
  );
}

interface TurnProps {
  photo: Photo;
  number: number;
  count: number;
  onDone: () => void;
  onReplace: (file: File) => void;
}

function whole(width: number, height: number): Corners {
  return [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
}

function named(original: File, type: string): string {
  const base = original.name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}-straight.${type === 'image/webp' ? 'webp' : type === 'image/png' ? 'png' : 'jpg'}`;
}

/** One photo's turn: looking for the paper, then the handles, Straighten and Keep. */
function Turn({ photo, number, count, onDone, onReplace }: TurnProps) {
  const { t } = useLingui();
  const original = photo.original as File;
  const src = useObjectUrl(original);
  const hintId = useId();
  const card = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [paper, setPaper] = useState<Omit<Seen, 'corners' | 'straightened'> | null>(() => seen.get(original) ?? null);
  const [corners, setCorners] = useState<Corners | null>(() => seen.get(original)?.corners ?? null);
  // The search can fail (no worker, say): the handles then start at the photo's corners, as when no paper is found,
  // once both the failure and the photo's size are known.
  const searchFailed = useRef(false);
  const natural = useRef<{ width: number; height: number } | null>(null);
  const fallBack = ({ width, height }: { width: number; height: number }) => {
    setPaper({ width, height, found: false });
    setCorners(whole(width, height));
  };
  const onImageLoad = (size: { width: number; height: number }) => {
    natural.current = size;
    if (searchFailed.current) fallBack(size);
  };
  const [straightening, setStraightening] = useState(false);
  const life = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    life.current = controller;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    // The last turn ended with a tap on its button, which went with it: the next turn takes the focus.
    if (document.activeElement === document.body) title.current?.focus({ preventScroll: true });
    if (!seen.has(original)) {
      findPaper(original, controller.signal).then(
        (found) => {
          setPaper(found);
          setCorners(found.corners);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Could not look for the paper', error);
          searchFailed.current = true;
          if (natural.current) fallBack(natural.current);
        },
      );
    }
    return () => controller.abort();
  }, [original]);

  const remember = (straightened: boolean) => {
    if (paper && corners) seen.set(original, { ...paper, corners, straightened });
  };

  const straighten = async () => {
    if (!corners || straightening) return;
    setStraightening(true);
    try {
      const blob = await straightenPhoto(original, corners, life.current?.signal);
      remember(true);
      onReplace(new File([blob], named(original, blob.type), { type: blob.type, lastModified: Date.now() }));
      onDone();
    } catch (error) {
      if (life.current?.signal.aborted) return;
      console.warn('Could not straighten the photo', error);
      notify.error(t`The photo could not be straightened. Try again, or keep it as it is.`);
      setStraightening(false);
    }
  };

  const keep = () => {
    const wasStraightened = seen.get(original)?.straightened ?? false;
    remember(false);
    if (wasStraightened) onReplace(original);
    onDone();
  };

  const finding = !paper;
  return (
    <section className={styles.card} ref={card} aria-labelledby={`${hintId}-title`}>
      <header className={styles.head}>
        {count > 1 && <p className={styles.eyebrow}>{t`Photo ${number} of ${count}`}</p>}
        <h2 className={styles.title} id={`${hintId}-title`} ref={title} tabIndex={-1}>
          <Trans context="heading">Straighten the paper</Trans>
        </h2>
      </header>
      <div className={styles.mat}>
        {src && (
          <PaperCorners
            src={src}
            width={paper?.width ?? 1}
            height={paper?.height ?? 1}
            corners={paper ? corners : null}
            onChange={setCorners}
            hintId={hintId}
            disabled={straightening}
            onImageLoad={onImageLoad}
            onImageError={onDone}
            overlay={
              (finding || straightening) && (
                <span className={styles.working} role="status">
                  <span className={styles.spinner} aria-hidden="true" />
                  {finding ? t`Finding the paper…` : t`Straightening…`}
                </span>
              )
            }
          />
        )}
      </div>
      <p className={`${styles.hint} ${paper && !paper.found ? styles.hintLost : ''}`} id={hintId}>
        {finding ? (
          <Trans>Looking for the edges of the paper. You can keep the photo as it is at any time.</Trans>
        ) : paper.found ? (
          <Trans>Drag the corners to the edges of the paper</Trans>
        ) : (
          <Trans>The paper was not found. Drag the corners to its edges.</Trans>
        )}
        <span className="visually-hidden">
          {' '}
          <Trans>Arrow keys move a corner; with Shift, further.</Trans>
        </span>
      </p>
      <div className={styles.actions}>
        <Button size="large" block onClick={() => void straighten()} disabled={!corners || straightening} aria-busy={straightening}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M5 7l3-3h11v13l-3 3H5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            <path
              d="M9 12l2.2 2.2L16 9.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {straightening ? t`Straightening…` : t`Straighten`}
        </Button>
        <Button variant="ghost" block onClick={keep} disabled={straightening} className={styles.keep}>
          <Trans>Keep the photo as it is</Trans>
        </Button>
      </div>
    </section>
  );
}
