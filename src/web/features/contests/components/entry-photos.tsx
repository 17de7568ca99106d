/**
 * The photos of the contest upload form (works spec §5: 1 to 5): taken or chosen, compressed on the device as
 * capture does (@web/lib/compress), each with its progress, removable.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';

import { compressImage } from '@web/lib/compress';
import { useObjectUrl } from '@web/lib/use-object-url';
import styles from './entry-photos.module.css';

export interface EntryPhoto {
  key: string;
  /** The original while compressing, then the compressed file. */
  file: File;
  /** 0 to 100 while compressing. */
  progress: number;
  status: 'compressing' | 'ready' | 'error';
}

export function newPhoto(file: File): EntryPhoto {
  return { key: crypto.randomUUID(), file, progress: 0, status: 'compressing' };
}

/** Compresses photos one after another, reporting each photo's progress. */
export async function compressPhotos(photos: EntryPhoto[], update: (key: string, patch: Partial<EntryPhoto>) => void): Promise<void> {
  for (const photo of photos) {
    try {
      const file = await compressImage(photo.file, (progress) => update(photo.key, { progress }));
      update(photo.key, { file, progress: 100, status: 'ready' });
    } catch (error) {
      console.warn('Compression failed', error);
      update(photo.key, { status: 'error' });
    }
  }
}

function Preview({ photo, index, onRemove, disabled }: { photo: EntryPhoto; index: number; onRemove: () => void; disabled: boolean }) {
  const { t } = useLingui();
  const src = useObjectUrl(photo.file);
  const n = index + 1;
  const percent = Math.round(photo.progress);
  return (
    <li className={styles.photo}>
      <span className={styles.photoFrame}>
        {src && <img src={src} alt={t`Photo ${n}`} width={96} height={96} />}
        {photo.status === 'compressing' && (
          <span className={styles.photoOverlay}>
            <progress max={100} value={photo.progress} aria-label={t`Preparing photo ${n}`} />
            <span>{t`Preparing ${percent}%`}</span>
          </span>
        )}
        {photo.status === 'error' && <span className={`${styles.photoOverlay} ${styles.bad}`}>{t`This photo could not be read`}</span>}
      </span>
      <button type="button" className={styles.photoRemove} onClick={onRemove} disabled={disabled} aria-label={t`Remove photo ${n}`}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

interface EntryPhotosProps {
  photos: EntryPhoto[];
  canAdd: boolean;
  disabled: boolean;
  onAdd: (files: File[], source: 'camera' | 'library') => void;
  onRemove: (key: string) => void;
  error?: string;
  errorId: string;
}

export function EntryPhotos({ photos, canAdd, disabled, onAdd, onRemove, error, errorId }: EntryPhotosProps) {
  const { t } = useLingui();
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const pick = (input: HTMLInputElement | null, source: 'camera' | 'library') => {
    if (!input?.files) return;
    const files = Array.from(input.files);
    input.value = '';
    if (files.length) onAdd(files, source);
  };
  const count = photos.length;
  const off = disabled || !canAdd;
  return (
    <fieldset className={styles.photos} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>
        <Trans>Photos of the work</Trans> <span className={styles.counter}>{t`${count} of 5`}</span>
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      <div className={styles.photoButtons}>
        <label className={`${styles.photoButton} ${styles.photoTake} ${off ? styles.photoButtonOff : ''}`}>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={off}
            className="visually-hidden"
            onChange={() => pick(camera.current, 'camera')}
          />
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <path
              d="M4 7h3l1.6-2.2A1.5 1.5 0 0 1 9.8 4h4.4a1.5 1.5 0 0 1 1.2.8L17 7h3a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z"
              fill="currentColor"
            />
            <circle cx="12" cy="13" r="4" fill="var(--terracotta)" stroke="#fff" strokeWidth="1.8" />
          </svg>
          <span>{t`Take photo`}</span>
        </label>
        <label className={`${styles.photoButton} ${off ? styles.photoButtonOff : ''}`}>
          <input
            ref={library}
            type="file"
            accept="image/*"
            multiple
            disabled={off}
            className="visually-hidden"
            onChange={() => pick(library.current, 'library')}
          />
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="9" cy="10" r="2" fill="currentColor" />
            <path d="M4 18l5-5 3 3 3-3 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span>{t`Choose from library`}</span>
        </label>
      </div>
      {count > 0 && (
        <ul className={styles.photoList}>
          {photos.map((photo, index) => (
            <Preview key={photo.key} photo={photo} index={index} disabled={disabled} onRemove={() => onRemove(photo.key)} />
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
