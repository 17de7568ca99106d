import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { wipeDevice } from '@web/lib/wipe-device';
import { Button } from '@web/ui/button';
import { ConfirmDeleteModal } from '@web/ui/confirm-delete-modal';
import { Loading, PageShell, pageStyles } from '@web/ui/page-shell';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountInfo } from '../api/get-account-info';
import { AccountForm } from '../components/account-form';
import { DownloadEverything } from '../components/download-everything';
import { FamilyCircle } from '../components/family-circle';
import { TermsAccepted } from '../components/terms-accepted';
import { TimelineLinks } from '../components/timeline-links';
import styles from '../components/account.module.css';

export default function AccountInfoPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const info = useAccountInfo();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  const onDelete = async () => {
    const answer = await remove.mutateAsync().catch(() => null);
    if (!answer) return;
    notify.success(answer.message);
    setConfirming(false);
    // Account deletion clears all local storage (accounts spec §2), and every other store of the
    // account on this device: query cache, upload queue, /media/ cache (lib/wipe-device.ts).
    useSession.getState().clearAll(true);
    void wipeDevice();
    navigate('/login');
  };

  return (
    <PageShell title={t({ message: `Account Information`, context: 'heading' })} width="medium">
      {!info.data ? (
        <Loading label={t`Loading the account…`} />
      ) : (
        <div className={pageStyles.card}>
          <h2 className={styles.sectionTitle}>
            <Trans context="heading">Users</Trans>
          </h2>
          <TimelineLinks profiles={info.data.profiles} />
          <AccountForm key={info.data.email} info={info.data} />
          <TermsAccepted accepted={info.data.terms_accepted} />
          <FamilyCircle />
          <DownloadEverything />
          <div className={styles.dangerZone}>
            <Button variant="dangerOutline" block onClick={() => setConfirming(true)}>
              <Trans>Delete Account</Trans>
            </Button>
          </div>
        </div>
      )}
      <ConfirmDeleteModal
        open={confirming}
        title={t({ message: `Delete Account`, context: 'heading' })}
        warning={<Trans>Your account, all users and all uploaded works will be lost. They cannot be recovered.</Trans>}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </PageShell>
  );
}
