import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { fieldErrors } from '@web/lib/api-error';
import { useNetworkAction } from '@web/lib/network-action';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import fieldStyles from '@web/ui/field.module.css';
import { useChangePicture } from '../api/change-picture';
import { PicturePicker } from './picture-picker';
import styles from './profiles.module.css';

/** The profile's picture, changed on its own (a child's picture can be changed later: issue 28, item 5). */
export function PictureChange() {
  const { t } = useLingui();
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const change = useChangePicture();
  const network = useNetworkAction();

  const save = async () => {
    if (!picture) return;
    try {
      await change.mutateAsync(picture);
      setPicture(null);
      setError(undefined);
      notify.success(t`The picture was changed.`);
    } catch (err) {
      setError(fieldErrors(err).profile_picture);
    }
  };

  return (
    <div className={styles.pictureChange}>
      <PicturePicker label={t`Change the picture`} optional={false} file={picture} onChange={setPicture} />
      {error && (
        <p className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
      {picture && (
        <Button
          variant="secondary"
          block
          disabled={change.isPending}
          aria-disabled={!network.available || undefined}
          aria-describedby={network.available ? undefined : network.reasonId}
          onClick={() => network.run(() => void save())}
        >
          {change.isPending ? t`Saving…` : <Trans>Use this picture</Trans>}
        </Button>
      )}
      {!network.available && picture && (
        <p id={network.reasonId} className={styles.reason}>
          {network.reason}
        </p>
      )}
    </div>
  );
}
