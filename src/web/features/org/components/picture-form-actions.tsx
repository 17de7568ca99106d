import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@web/ui/button';
import { pageStyles } from '@web/ui/page-shell';
import styles from './org.module.css';
import wall from './wall.module.css';

interface PictureFormActionsProps {
  saving: boolean;
  /** The form's picture (./use-form-image): the upload shows while a chosen one is sent, the button waits while it is prepared. */
  image: { file: File | null; busy: boolean };
  /** The upload's name and the words beside it; a thumbnail's by default. */
  uploadLabel?: string;
  uploadText?: string;
  submitLabel: string;
  onCancel: () => void;
}

/** The end of a console form with a picture (contest, class, banner): the upload's progress, Save and Cancel. */
export function PictureFormActions({ saving, image, uploadLabel, uploadText, submitLabel, onCancel }: PictureFormActionsProps) {
  const { t } = useLingui();
  const upload = { label: uploadLabel ?? t`Uploading the thumbnail`, text: uploadText ?? t`Uploading the thumbnail…` };
  return (
    <>
      {saving && image.file && (
        <div role="status">
          <progress className={wall.progress} aria-label={upload.label} />
          <span className={pageStyles.lead}>{upload.text}</span>
        </div>
      )}
      <div className={styles.formActions}>
        <Button type="submit" size="large" block disabled={saving || image.busy} aria-busy={saving}>
          {saving ? t`Saving…` : image.busy ? t`Preparing the image…` : submitLabel}
        </Button>
        <Button variant="ghost" block onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </>
  );
}
