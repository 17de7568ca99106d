/**
 * The photos of a work being made, camera first: a Take photo button (one photo per tap), Choose from library
 * (several), and each photo previewed with its compression progress. Capture's register and edit forms (works)
 * show it full size, with arrows to reorder and the first photo marked Cover; the contest's upload form (contests)
 * shows it `compact`, in its modal: smaller, and each photo only removable. The list and its rules are
 * lib/use-photo-list.ts. Not part of any first load (capture and the contest pages load it).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';

import type { Photo } from '@web/lib/photos';
import { useObjectUrl } from '@web/lib/use-object-url';
import styles from './photo-picker.module.css';

interface CommonProps {
  photos: Photo[];
  /** Whether more photos may be added (under 5, and under the free plan's limit). */
  canAdd: boolean;
  onAdd: (files: File[], source: 'camera' | 'library') => void;
  onRemove: (key: string) => void;
  error?: string;
  /** The error's id, for the fieldset's description (and for a form that scrolls to it). */
  errorId?: string;
  /** Nothing may change (the form is being sent). */
  disabled?: boolean;
  /** Marks the legend as a required field. */
  required?: boolean;
  /** Images left on the free plan (the family's, beside this work's 5), shown under the buttons; null (no limit, or the count not known yet): not shown. */
  planLeft?: number | null;
  /** Why the last pick left photos out (the plan's limit), shown beside the photos. */
  note?: string | null;
}

type PhotoPickerProps = CommonProps &
  ({ compact?: false; onMove: (key: string, step: -1 | 1) => void } | { compact: true; onMove?: undefined });

interface PreviewProps {
  photo: Photo;
  index: number;
  count: number;
  compact: boolean;
  disabled: boolean;
  onRemove: (key: string) => void;
  onMove?: (key: string, step: -1 | 1) => void;
}

function Preview({ photo, index, count, compact, disabled, onRemove, onMove }: PreviewProps) {
  const { t } = useLingui();
  const src = useObjectUrl(photo.file);
  const n = index + 1;
  const percent = Math.round(photo.progress);
  const size = compact ? 96 : 120;
  return (
    <li className={styles.preview}>
      <span className={styles.frame}>
        {src && <img src={src} alt={t`Photo ${n}`} width={size} height={size} />}
        {photo.status === 'compressing' && (
          <span className={styles.overlay}>
            <progress max={100} value={photo.progress} aria-label={t`Preparing photo ${n}`} />
            <span>{t`Preparing ${percent}%`}</span>
          </span>
        )}
        {photo.status === 'error' && <span className={`${styles.overlay} ${styles.bad}`}>{t`This photo could not be read`}</span>}
        {onMove && index === 0 && <span className={styles.cover}>{t`Cover`}</span>}
      </span>
      {onMove ? (
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
      ) : (
        <button
          type="button"
          className={styles.cornerRemove}
          onClick={() => onRemove(photo.key)}
          disabled={disabled}
          aria-label={t`Remove photo ${n}`}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

export function PhotoPicker({
  photos,
  canAdd,
  onAdd,
  onRemove,
  onMove,
  error,
  errorId = 'photos-error',
  disabled = false,
  required = false,
  compact = false,
  planLeft = null,
  note = null,
}: PhotoPickerProps) {
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
    <fieldset className={`${styles.picker} ${compact ? styles.compact : styles.full}`} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>
        <Trans>Photos in this work:</Trans> <span className={styles.counter}>{t`${count} / 5`}</span>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className={styles.buttons}>
        <label className={`${styles.take} ${off ? styles.disabled : ''}`}>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={off}
            className="visually-hidden"
            onChange={() => pick(camera.current, 'camera')}
          />
          <svg viewBox="0 0 24 24" width={compact ? 26 : 32} height={compact ? 26 : 32} aria-hidden="true">
            <path
              d="M4 7h3l1.6-2.2A1.5 1.5 0 0 1 9.8 4h4.4a1.5 1.5 0 0 1 1.2.8L17 7h3a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z"
              fill="currentColor"
            />
            <circle cx="12" cy="13" r="4" fill="var(--terracotta)" stroke="#fff" strokeWidth="1.8" />
          </svg>
          <span>{t`Take photo`}</span>
        </label>
        <label className={`${styles.choose} ${off ? styles.disabled : ''}`}>
          <input
            ref={library}
            type="file"
            accept="image/*"
            multiple
            disabled={off}
            className="visually-hidden"
            onChange={() => pick(library.current, 'library')}
          />
          <svg viewBox="0 0 24 24" width={compact ? 22 : 24} height={compact ? 22 : 24} aria-hidden="true">
            <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="9" cy="10" r="2" fill="currentColor" />
            <path d="M4 18l5-5 3 3 3-3 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span>{t`Choose from library`}</span>
        </label>
      </div>
      {planLeft !== null && (
        <p className={styles.planLeft}>
          <Trans>Images left on the free plan:</Trans> <strong>{planLeft}</strong>
        </p>
      )}
      {note && (
        <p className={styles.note} role="status">
          {note}
        </p>
      )}
      {count > 0 && (
        <ul className={styles.previews}>
          {photos.map((photo, index) => (
            <Preview
              key={photo.key}
              photo={photo}
              index={index}
              count={count}
              compact={compact}
              disabled={disabled}
              onRemove={onRemove}
              onMove={onMove}
            />
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
