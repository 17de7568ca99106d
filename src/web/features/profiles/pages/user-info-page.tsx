import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { useNetworkAction } from '@web/lib/network-action';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { ConfirmDeleteModal } from '@web/ui/confirm-delete-modal';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { Loading, PageShell, pageStyles } from '@web/ui/page-shell';
import { useDeleteProfile } from '../api/delete-profile';
import { useProfile } from '../api/get-profile';
import { PictureChange } from '../components/picture-change';
import { ProfileForm } from '../components/profile-form';
import styles from '../components/profiles.module.css';

export default function UserInfoPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const profile = useProfile();
  const waiting = useWaitsForNetwork(profile);
  // Deleting needs the museum now: offline the button says why (lib/network-action).
  const network = useNetworkAction();
  const remove = useDeleteProfile();
  const [confirming, setConfirming] = useState(false);

  const onDelete = async () => {
    if (!profile.data) return;
    const answer = await remove.mutateAsync(profile.data.id).catch(() => null);
    if (!answer) return;
    notify.success(answer.message);
    setConfirming(false);
    useSession.getState().clearChild();
    navigate('/login');
  };

  return (
    <PageShell title={t`Profile`} eyebrow={t`User information`} width="medium">
      <OfflineDataNote query={profile} subject="details" />
      {!profile.data ? (
        !waiting && <Loading label={t`Loading the profile…`} />
      ) : (
        <div className={pageStyles.card}>
          <div className={styles.preview}>
            <Avatar username={profile.data.username} src={profile.data.profile_picture} size={88} />
            <div>
              <strong>{profile.data.username}</strong>
              <p className={styles.sectionHint}>{profile.data.first_name}</p>
            </div>
          </div>
          <PictureChange />
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <div className={styles.dangerZone}>
            <Button
              variant="dangerOutline"
              block
              aria-disabled={!network.available || undefined}
              aria-describedby={network.available ? undefined : network.reasonId}
              onClick={() => network.run(() => setConfirming(true))}
            >
              <Trans>Delete the profile</Trans>
            </Button>
            {!network.available && (
              <p id={network.reasonId} className={styles.reason}>
                {network.reason}
              </p>
            )}
          </div>
        </div>
      )}
      <ConfirmDeleteModal
        open={confirming}
        title={t`Delete the profile`}
        warning={<Trans>All works uploaded by this user will be lost. They cannot be recovered.</Trans>}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </PageShell>
  );
}
