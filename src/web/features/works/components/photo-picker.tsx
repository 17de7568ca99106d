import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';

import { useObjectUrl } from '@web/lib/use-object-url';
import type { Photo } from './photos';
import styles from './photo-picker.module.css';

interface PhotoPickerProps {
  photos: Photo[];
  /** Whether more photos may be added (under 5, and under the free plan's limit). */
  canAdd: boolean;
  onAdd: (files: File[], source: 'camera' | 'library') => void;
  onRemove: (key: string) => void;
  onMove: (key: string, step: -1 | 1) => void;
  error?: string;
}

function Preview({
  photo,
  index,
  count,
  onRemove,
  onMove,
}: { photo: Photo; index: number; count: number } & Pick<PhotoPickerProps, 'onRemove' | 'onMove'>) {
  const { t } = useLingui();
  const src = useObjectUrl(photo.file);
  const n = index + 1;
  const percent = Math.round(photo.progress);
  return (
    <li className={styles.preview}>
      <span className={styles.frame}>
        {src && <img src={src} alt={t`Photo ${n}`} width={120} height={120} />}
        {photo.status === 'compressing' && (
          <span className={styles.overlay}>
            <progress max={100} value={photo.progress} aria-label={t`Preparing photo ${n}`} />
            <span>{t`Preparing ${percent}%`}</span>
          </span>
        )}
        {photo.status === 'error' && <span className={`${styles.overlay} ${styles.bad}`}>{t`This photo could not be read`}</span>}
        {index === 0 && <span className={styles.cover}>{t`Cover`}</span>}
      </span>
      <span className={styles.tools}>
        <button type="button" onClick={() => onMove(photo.key, -1)} disabled={index === 0} aria-label={t`Move photo ${n} earlier`}>
          <span aria-hidden="true">←</span>
        </button>
        <button type="button" onClick={() => onRemove(photo.key)} aria-label={t`Remove photo ${n}`} className={styles.remove}>
          <span aria-hidden="true">×</span>
        </button>
        <button type="button" onClick={() => onMove(photo.key, 1)} disabled={index === count - 1} aria-label={t`Move photo ${n} later`}>
          <span aria-hidden="true">→</span>
        </button>
      </span>
    </li>
  );
}

/** Camera first: a big Take photo button (one photo per tap) and Choose from library (several). */
export function PhotoPicker({ photos, canAdd, onAdd, onRemove, onMove, error }: PhotoPickerProps) {
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
  return (
    <fieldset className={styles.picker} aria-describedby={error ? 'photos-error' : undefined}>
      <legend className={styles.legend}>
        <Trans>Photos of the work</Trans> <span className={styles.counter}>{t`${count} of 5`}</span>
      </legend>
      <div className={styles.buttons}>
        <label className={`${styles.take} ${canAdd ? '' : styles.disabled}`}>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={!canAdd}
            className="visually-hidden"
            onChange={() => pick(camera.current, 'camera')}
          />
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
            <path
              d="M4 7h3l1.6-2.2A1.5 1.5 0 0 1 9.8 4h4.4a1.5 1.5 0 0 1 1.2.8L17 7h3a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z"
              fill="currentColor"
            />
            <circle cx="12" cy="13" r="4" fill="var(--terracotta)" stroke="#fff" strokeWidth="1.8" />
          </svg>
          <span>{t`Take photo`}</span>
        </label>
        <label className={`${styles.choose} ${canAdd ? '' : styles.disabled}`}>
          <input
            ref={library}
            type="file"
            accept="image/*"
            multiple
            disabled={!canAdd}
            className="visually-hidden"
            onChange={() => pick(library.current, 'library')}
          />
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="9" cy="10" r="2" fill="currentColor" />
            <path d="M4 18l5-5 3 3 3-3 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span>{t`Choose from library`}</span>
        </label>
      </div>
      {count > 0 && (
        <ul className={styles.previews}>
          {photos.map((photo, index) => (
            <Preview key={photo.key} photo={photo} index={index} count={count} onRemove={onRemove} onMove={onMove} />
          ))}
        </ul>
      )}
      {error && (
        <p id="photos-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
