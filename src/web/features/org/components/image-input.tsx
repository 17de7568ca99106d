import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';

import { compressImage } from '@web/lib/compress';
import { useObjectUrl } from '@web/lib/use-object-url';
import { buttonClass } from '@web/ui/button';
import { describedBy, useMessageText } from '@web/ui/field';
import fieldStyles from '@web/ui/field.module.css';
import styles from './wall.module.css';

interface ImageInputProps {
  label: string;
  /** The stored image, when editing. */
  currentSrc?: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** True while the chosen photo is being compressed (the form waits for it). */
  onBusy: (busy: boolean) => void;
  error?: string;
  required?: boolean;
  shape: 'square' | 'wide';
}

/** One picture, compressed on the device as capture does (the server re-encodes it again). */
export function ImageInput({ label, currentSrc, file, onChange, onBusy, error, required, shape }: ImageInputProps) {
  const { t } = useLingui();
  const id = useId();
  const text = useMessageText();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string>();
  const preview = useObjectUrl(file) ?? currentSrc ?? null;
  const turn = useRef(0);
  useEffect(() => () => void (turn.current += 1), []);

  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return setFailed(t`Only image files can be chosen`);
    const mine = ++turn.current;
    setFailed(undefined);
    setProgress(0);
    onBusy(true);
    try {
      const small = await compressImage(chosen, (p) => mine === turn.current && setProgress(p));
      if (mine === turn.current) onChange(small);
    } catch {
      if (mine === turn.current) setFailed(t`This image could not be read. Please choose a JPEG, PNG, WebP or AVIF image.`);
    } finally {
      if (mine === turn.current) {
        setProgress(null);
        onBusy(false);
      }
    }
  };

  const shown = failed ?? text(error);
  const percent = Math.round(progress ?? 0);
  const hint = shape === 'wide' ? t`A wide image works best (about 3:1).` : t`A square image works best.`;
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label} id={`${id}-label`}>
        {label}
        {required && (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        )}
      </span>
      <div className={styles.picker}>
        {preview && (
          <img src={preview} alt={t`Preview of the chosen image`} className={shape === 'wide' ? styles.banner : styles.previewSquare} />
        )}
        {progress !== null && (
          <div role="status">
            <progress className={styles.progress} max={100} value={progress} aria-label={t`Preparing the image`} />
            <span className={fieldStyles.hint}>{t`Preparing the image… ${percent}%`}</span>
          </div>
        )}
        <label className={buttonClass({ variant: 'secondary' }, styles.fileButton)}>
          {preview ? <Trans>Choose another image</Trans> : <Trans>Choose an image</Trans>}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy(id, shown, hint)}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
      {shown && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
