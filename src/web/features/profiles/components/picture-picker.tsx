import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';

import { LIMITS } from '@contract/limits';
import fieldStyles from '@web/ui/field.module.css';
import styles from './profiles.module.css';

interface PicturePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
}

/** Up to 5 images may be chosen; only the first becomes the profile picture (accounts spec §5). */
export function PicturePicker({ files, onChange }: PicturePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [error, setError] = useState<string>();
  const first = files[0];
  const count = files.length;
  const preview = useMemo(() => (first ? URL.createObjectURL(first) : null), [first]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));
    if (chosen.length > LIMITS.profilePicturesChosen) {
      setError(t`up to a maximum of 5 pieces`);
      return;
    }
    setError(undefined);
    onChange(chosen);
  };

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        <Trans>Icon image</Trans>
      </label>
      {preview && (
        <div className={styles.preview}>
          <img src={preview} alt={t`Preview of the chosen icon`} className={styles.previewImg} width={88} height={88} />
          <p className={fieldStyles.hint}>{count > 1 ? t`${count} images chosen. The first one becomes the icon.` : first?.name}</p>
        </div>
      )}
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        className={fieldStyles.control}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        <Trans>Optional. JPEG, PNG, WebP or AVIF, up to a maximum of 5 pieces; the first one is used.</Trans>
      </p>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
