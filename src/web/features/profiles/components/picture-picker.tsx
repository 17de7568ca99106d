import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo } from 'react';

import fieldStyles from '@web/ui/field.module.css';
import styles from './profiles.module.css';

interface PicturePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The field's label: "Icon image" unless said otherwise. */
  label?: string;
  /** Whether the hint says the picture is optional (at registration; not when changing it). */
  optional?: boolean;
}

/**
 * One picture for the profile (issue 28, item 5: the spec's "up to 5 chosen, 1 sent" promised a choice that made no
 * difference, so one is taken), previewed before it is sent.
 */
export function PicturePicker({ file, onChange, label, optional = true }: PicturePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label ?? <Trans>Icon image</Trans>}
      </label>
      {preview && (
        <div className={styles.preview}>
          <img src={preview} alt={t`Preview of the chosen icon`} className={styles.previewImg} width={88} height={88} />
          <p className={fieldStyles.hint}>{file?.name}</p>
        </div>
      )}
      <input
        id={id}
        type="file"
        accept="image/*"
        className={fieldStyles.control}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          onChange(chosen && chosen.type.startsWith('image/') ? chosen : null);
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {optional ? <Trans>Optional. One picture: JPEG, PNG, WebP or AVIF.</Trans> : <Trans>One picture: JPEG, PNG, WebP or AVIF.</Trans>}
      </p>
    </div>
  );
}
