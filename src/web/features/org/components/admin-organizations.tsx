import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';

import { createOrganizationBody } from '@contract/console';
import { M } from '@contract/messages';
import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/field';
import { pageStyles } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useAdminOrganizations, useCreateOrganization } from '../api/admin';
import styles from './org.module.css';
import { StaffEditor } from './staff-editor';

/** Every organization with its staff, and a new one (its code is made by the server). */
export function AdminOrganizations() {
  const { t } = useLingui();
  const orgs = useAdminOrganizations();
  return (
    <>
      <CreateOrganization />
      <section aria-labelledby="admin-orgs">
        <h2 id="admin-orgs" className={`${styles.sectionTitle} ${styles.listTitle}`}>
          <Trans context="every organization (the super admin)">Organizations</Trans>
        </h2>
        {!orgs.data ? (
          <div className={styles.skeletonList} role="status">
            <span className="visually-hidden">{t`Loading the organizations…`}</span>
            <SkeletonBlock height={180} />
            <SkeletonBlock height={180} />
          </div>
        ) : orgs.data.results.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No organizations yet.</Trans>
          </p>
        ) : (
          orgs.data.results.map((org) => {
            const code = org.code;
            const members = org.member_count;
            return (
              <article key={org.id} className={`${pageStyles.card} ${styles.section}`} aria-labelledby={`org-${org.id}`}>
                <div className={styles.sectionHead}>
                  <h3 id={`org-${org.id}`} className={styles.sectionTitle}>
                    {org.name}
                  </h3>
                  <span className={styles.chip}>{t`Code ${code}`}</span>
                </div>
                <p className={styles.sectionHint}>{members === 1 ? t`1 member` : t`${members} members`}</p>
                <StaffEditor org={org} />
              </article>
            );
          })
        )}
      </section>
    </>
  );
}

function CreateOrganization() {
  const { t, i18n } = useLingui();
  const create = useCreateOrganization();
  const { register, handleSubmit, formState, setError, reset } = useForm<{ name: string }>({
    resolver: zodResolver(createOrganizationBody, undefined, { raw: true }),
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await create.mutateAsync(name);
      notify.success(i18n._(M.orgCreated.id));
      reset({ name: '' });
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.name) setError('name', { message: errors.name });
    }
  });
  return (
    <form className={`${pageStyles.card} ${styles.section}`} noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="org-new">
      <h2 id="org-new" className={styles.sectionTitle}>
        <Trans context="heading">New organization</Trans>
      </h2>
      <p className={styles.sectionHint}>
        <Trans>Its 6-digit code is made for you. Then appoint its staff by e-mail.</Trans>
      </p>
      <TextField label={t`Organization name`} required maxLength={100} error={formState.errors.name?.message} {...register('name')} />
      <Button type="submit" block disabled={create.isPending} aria-busy={create.isPending}>
        {create.isPending ? t`Creating…` : t`Create the organization`}
      </Button>
    </form>
  );
}
