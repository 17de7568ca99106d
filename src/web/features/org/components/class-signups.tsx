import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import type { ConsoleClass } from '@contract/classes';
import { adminMailBody } from '@contract/console';
import type { ConsoleOrganization } from '@contract/console';
import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Button } from '@web/ui/button';
import { TextAreaField, TextField } from '@web/ui/field';
import { Notice, pageStyles } from '@web/ui/page-shell';
import { SkeletonBlock } from '@web/ui/skeleton';
import { useClassMail, useClassSignups } from '../api/classes';
import { DetailHead } from './detail-head';
import { formatJapanTime } from './japan-time';
import local from './classes.module.css';
import styles from './org.module.css';

interface ClassSignupsProps {
  org: ConsoleOrganization;
  klass: ConsoleClass;
  backHref: string;
}

interface MailDraft {
  subject: string;
  body: string;
}

/**
 * A class's sign-ups: each child's username and whether the sign-up is confirmed (paid, or free) or pending
 * (payment not confirmed), never the family's e-mail; and an e-mail to the confirmed ones' parents.
 */
export function ClassSignups({ org, klass, backHref }: ClassSignupsProps) {
  const { t, i18n } = useLingui();
  const signups = useClassSignups(org.id, klass.id);
  const mail = useClassMail(org.id, klass.id);
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<MailDraft>({
    resolver: zodResolver(adminMailBody, undefined, { raw: true }),
    defaultValues: { subject: '', body: '' },
    mode: 'onTouched',
  });
  const results = signups.data?.results ?? [];
  const confirmed = results.filter((s) => s.status === 'confirmed').length;
  const pending = results.length - confirmed;
  const className = klass.name;

  const onSend = handleSubmit(async (draft) => {
    setSent(null);
    try {
      const answer = await mail.mutateAsync(draft);
      setSent(answer.message);
      notify.success(answer.message);
      reset({ subject: '', body: '' });
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.subject) setError('subject', { message: errors.subject });
      if (errors.body) setError('body', { message: errors.body });
    }
  });

  return (
    <section aria-labelledby="class-signups">
      <DetailHead
        backHref={backHref}
        backLabel={t`← All classes`}
        headingId="class-signups"
        title={<Trans context="heading">Sign-ups for {className}</Trans>}
        chip={
          <span className={`${styles.chip} ${klass.published ? styles.chipActive : ''}`}>
            {klass.published ? t`Published` : t`Not published`}
          </span>
        }
      />
      <div className={`${pageStyles.card} ${styles.section}`}>
        {!signups.data ? (
          <div role="status">
            <span className="visually-hidden">{t`Loading the sign-ups…`}</span>
            <SkeletonBlock height={140} />
          </div>
        ) : (
          <>
            <div className={local.counts}>
              <div className={local.countBox}>
                <span className={local.countNumber}>{confirmed}</span>
                <span className={local.countLabel}>{t`Confirmed`}</span>
              </div>
              <div className={local.countBox}>
                <span className={local.countNumber}>{pending}</span>
                <span className={local.countLabel}>{t`Pending payment`}</span>
              </div>
            </div>
            {results.length === 0 ? (
              <p className={styles.empty}>
                <Trans>No sign-ups yet. Once the class is published, families can sign up from Artist Class.</Trans>
              </p>
            ) : (
              <ul className={styles.list}>
                {results.map((s) => (
                  <li key={s.id} className={local.signup}>
                    <Avatar username={s.username} src={s.profile_picture} size={40} />
                    <span className={local.signupName}>
                      <strong>{s.username}</strong>
                      <span className={styles.meta}>{formatJapanTime(s.confirmed_at ?? s.created_at, i18n.locale)}</span>
                    </span>
                    <span className={`${styles.chip} ${s.status === 'confirmed' ? styles.chipActive : styles.chipWarm}`}>
                      {s.status === 'confirmed' ? t`Confirmed` : t`Pending`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <form className={pageStyles.card} noValidate onSubmit={(e) => void onSend(e)} aria-labelledby="class-mail">
        <h3 id="class-mail" className={`${styles.sectionTitle} ${local.mailTitle}`}>
          <Trans context="heading">E-mail confirmed sign-ups</Trans>
        </h3>
        <p className={styles.sectionHint}>
          <Trans>Each confirmed child's parent gets their own e-mail; nobody sees the other addresses.</Trans>
        </p>
        <TextField label={t`Subject`} required maxLength={200} error={formState.errors.subject?.message} {...register('subject')} />
        <TextAreaField
          label={t`Message`}
          required
          rows={6}
          maxLength={10000}
          error={formState.errors.body?.message}
          {...register('body')}
        />
        {sent && <Notice>{sent}</Notice>}
        <Button
          type="submit"
          size="large"
          block
          disabled={mail.isPending || (signups.data !== undefined && confirmed === 0)}
          aria-busy={mail.isPending}
        >
          {mail.isPending ? t`Sending…` : t`Send to ${confirmed} confirmed`}
        </Button>
        {signups.data !== undefined && confirmed === 0 && (
          <p className={styles.sectionHint}>
            <Trans>There is nobody to write to until a sign-up is confirmed.</Trans>
          </p>
        )}
      </form>
    </section>
  );
}
