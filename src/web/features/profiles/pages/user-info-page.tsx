import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { M } from '@contract/messages';
import { ApiError, fieldErrors } from '@web/lib/api-error';
import { useNetworkAction } from '@web/lib/network-action';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { AskGrownUp } from '@web/ui/ask-grown-up';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { ConfirmDeleteModal } from '@web/ui/confirm-delete-modal';
import { OfflineDataNote, useWaitsForNetwork } from '@web/ui/offline-data-note';
import { Modal } from '@web/ui/modal';
import { Loading, PageShell, pageStyles } from '@web/ui/page-shell';
import { useDeleteProfile } from '../api/delete-profile';
import { useProfile } from '../api/get-profile';
import { PictureChange } from '../components/picture-change';
import { ProfileForm } from '../components/profile-form';
import styles from '../components/profiles.module.css';

export default function UserInfoPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const profile = useProfile();
  const waiting = useWaitsForNetwork(profile);
  // Deleting needs the museum now: offline the button says why (lib/network-action).
  const network = useNetworkAction();
  const remove = useDeleteProfile({ silent: true });
  const [confirming, setConfirming] = useState(false);
  // A parent's word (decisions.md): the server asked for the parent (403); the parent types the password here.
  const [askParent, setAskParent] = useState(false);

  const username = profile.data?.username ?? '';
  const deleted = (message: string) => {
    notify.success(message);
    setConfirming(false);
    setAskParent(false);
    useSession.getState().clearChild();
    navigate('/login');
  };

  const onDelete = async () => {
    if (!profile.data) return;
    try {
      deleted((await remove.mutateAsync({ id: profile.data.id })).message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setConfirming(false);
        setAskParent(true);
      } else notify.error(error instanceof Error ? error.message : i18n._(M.serverError.id));
    }
  };

  const withParent = async (password: string): Promise<string | null> => {
    if (!profile.data) return null;
    try {
      deleted((await remove.mutateAsync({ id: profile.data.id, parentPassword: password })).message);
      return null;
    } catch (error) {
      return fieldErrors(error).parent_password ?? (error instanceof Error ? error.message : i18n._(M.serverError.id));
    }
  };

  return (
    <PageShell title={t({ message: `Profile`, context: 'heading' })} eyebrow={t`User information`} width="medium">
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
        title={t({ message: `Delete the profile`, context: 'heading' })}
        warning={<Trans>All works uploaded by this user will be lost. They cannot be recovered.</Trans>}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
      <Modal open={askParent} title={t({ message: `Delete the profile`, context: 'heading' })} onClose={() => setAskParent(false)}>
        <AskGrownUp
          what={<Trans>Deleting {username} and every work needs your parent. Hand this phone to a grown-up.</Trans>}
          confirmLabel={<Trans>Allow and delete</Trans>}
          onConfirm={withParent}
          onCancel={() => setAskParent(false)}
          disabledReason={network.available ? null : network.reason}
        />
      </Modal>
    </PageShell>
  );
}
