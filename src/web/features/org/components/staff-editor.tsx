import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { staffInviteBody, type AdminOrganization } from '@contract/console';
import { fieldErrors } from '@web/lib/api-error';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { useStaffChange } from '../api/admin';
import { ConfirmModal } from './confirm-modal';
import styles from './org.module.css';

/** An organization's staff (active, or invited until the address has an account), appointed and removed by e-mail. */
export function StaffEditor({ org }: { org: AdminOrganization }) {
  const { t } = useLingui();
  const change = useStaffChange();
  const [removing, setRemoving] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<{ email: string }>({
    resolver: zodResolver(staffInviteBody, undefined, { raw: true }),
    defaultValues: { email: '' },
  });
  const onInvite = handleSubmit(async ({ email }) => {
    try {
      await change.mutateAsync({ orgId: org.id, email: email.trim().toLowerCase(), change: 'invite' });
      reset({ email: '' });
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.email) setError('email', { message: errors.email });
    }
  });
  const onRemove = async () => {
    if (!removing) return;
    await change.mutateAsync({ orgId: org.id, email: removing, change: 'remove' }).catch(() => null);
    setRemoving(null);
  };
  const address = removing ?? '';
  const orgName = org.name;

  return (
    <>
      <h4 className={`${styles.plaqueLabel} ${styles.subTitle}`}>
        <Trans>Staff</Trans>
      </h4>
      {org.staff.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No staff yet.</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {org.staff.map((s) => (
            <li key={s.email} className={styles.member}>
              <span className={styles.memberName}>
                {/* A line may break after the @ rather than inside the address. */}
                <strong>
                  {s.email.split('@')[0]}@<wbr />
                  {s.email.split('@').slice(1).join('@')}
                </strong>
                <span>
                  <span className={`${styles.chip} ${s.status === 'active' ? styles.chipActive : styles.chipWarm}`}>
                    {s.status === 'active' ? t`Active` : t`Invited`}
                  </span>
                </span>
              </span>
              <Button variant="ghost" className={styles.compact} onClick={() => setRemoving(s.email)}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void onInvite(e)} className={styles.section}>
        <TextField
          label={t`Appoint staff by e-mail`}
          type="email"
          autoComplete="off"
          inputMode="email"
          hint={t`An address without an account is invited, and becomes staff once it signs up.`}
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="secondary" disabled={change.isPending} aria-busy={change.isPending}>
          {t`Appoint`}
        </Button>
      </form>
      <ConfirmModal
        open={removing !== null}
        title={t({ message: `Remove this staff member?`, context: 'heading' })}
        confirmLabel={t`Remove`}
        pendingLabel={t`Removing…`}
        pending={change.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void onRemove()}
      >
        <Trans>
          {address} will no longer run {orgName}.
        </Trans>
      </ConfirmModal>
    </>
  );
}
