import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { staffMailBody, type StaffAudience } from '@contract/console';
import { M } from '@contract/messages';
import { fieldErrors } from '@web/lib/api-error';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { TextAreaField, TextField } from '@web/ui/field';
import { Notice, pageStyles } from '@web/ui/page-shell';
import { useMailPreview, useMailSend, type MailDraft, type MailScope } from '../api/mail';
import { MailLog } from './mail-log';
import styles from './org.module.css';
import wall from './wall.module.css';

/**
 * Writing to many: staff to their members' families or their fellow staff, a super admin to every user. A preview
 * says how many people it reaches and shows the e-mail as the server will send it (its sender, the subject with
 * its mark, the body with the footer) before Send; the recipients' addresses are never shown.
 */
export function MailTab({ scope }: { scope: MailScope }) {
  const { t, i18n } = useLingui();
  const preview = useMailPreview(scope);
  const send = useMailSend(scope);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control, reset, getValues } = useForm<MailDraft>({
    // The super admin's e-mail has no audience; the field is then fixed and never sent.
    resolver: zodResolver(staffMailBody, undefined, { raw: true }),
    defaultValues: { audience: 'members', subject: '', body: '' },
    mode: 'onTouched',
  });
  // The count holds for the draft it was made for: any change asks for a fresh preview before sending.
  const [audience, subject, body] = useWatch({ control, name: ['audience', 'subject', 'body'] });
  const draftKey = JSON.stringify([audience, subject, body]);
  const [previewedKey, setPreviewedKey] = useState<string | null>(null);

  const onPreview = handleSubmit((draft) => {
    setSentMessage(null);
    setPreviewedKey(JSON.stringify([draft.audience, draft.subject, draft.body]));
    preview.mutate(draft);
  });

  const onSend = async () => {
    const draft = getValues();
    try {
      const answer = await send.mutateAsync(draft);
      setSentMessage(answer.message);
      notify.success(answer.message);
      reset({ audience: draft.audience, subject: '', body: '' });
      preview.reset();
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.subject) setError('subject', { message: errors.subject });
      if (errors.body) setError('body', { message: errors.body });
    }
  };

  const count = previewedKey === draftKey ? preview.data?.recipients : undefined;
  const letter = previewedKey === draftKey ? preview.data?.message : undefined;
  return (
    <>
      <form className={`${pageStyles.card} ${styles.section}`} noValidate onSubmit={(e) => void onPreview(e)} aria-labelledby="mail-write">
        <h2 id="mail-write" className={styles.sectionTitle}>
          {scope.kind === 'org' ? <Trans context="heading">Write an e-mail</Trans> : <Trans context="heading">Write to all users</Trans>}
        </h2>
        <p className={styles.sectionHint}>
          <Trans>Each person gets their own e-mail; nobody sees the other addresses.</Trans>
        </p>
        {scope.kind === 'org' && (
          <fieldset className={wall.fieldset}>
            <legend className={wall.legend}>
              <Trans>To</Trans>
            </legend>
            {(['members', 'staff'] as StaffAudience[]).map((audience) => (
              <label key={audience} className={wall.check}>
                <input type="radio" value={audience} {...register('audience')} />
                {audience === 'members' ? t`The families of approved members` : t`The staff of this organization`}
              </label>
            ))}
          </fieldset>
        )}
        <TextField label={t`Subject`} required maxLength={200} error={formState.errors.subject?.message} {...register('subject')} />
        <TextAreaField
          label={t`Message`}
          required
          rows={8}
          maxLength={10000}
          error={formState.errors.body?.message}
          {...register('body')}
        />
        {sentMessage && <Notice>{sentMessage}</Notice>}
        {count === undefined ? (
          <Button type="submit" size="large" block disabled={preview.isPending} aria-busy={preview.isPending}>
            {preview.isPending ? t`Counting the recipients…` : t`Preview`}
          </Button>
        ) : (
          <div className={wall.preview} role="status">
            <p className={wall.previewCount}>
              <Plural value={count} one="This e-mail will go to # person" other="This e-mail will go to # people" />
            </p>
            {letter && (
              <figure className={wall.letter} aria-labelledby="mail-letter">
                <figcaption id="mail-letter" className={wall.letterCaption}>
                  <Trans>Each person receives this e-mail:</Trans>
                </figcaption>
                <dl className={wall.letterHead}>
                  <dt>
                    <Trans>From</Trans>
                  </dt>
                  <dd>{letter.from}</dd>
                  <dt>
                    <Trans>Subject</Trans>
                  </dt>
                  <dd className={wall.letterSubject}>{letter.subject}</dd>
                </dl>
                <p className={wall.letterBody}>{letter.text}</p>
              </figure>
            )}
            {count === 0 ? (
              <p className={styles.modalText}>{i18n._(M.mailNoRecipients.id)}</p>
            ) : (
              <Button size="large" block disabled={send.isPending} aria-busy={send.isPending} onClick={() => void onSend()}>
                {send.isPending ? t`Sending…` : t`Send`}
              </Button>
            )}
          </div>
        )}
      </form>
      <div className={pageStyles.card}>
        <MailLog scope={scope} />
      </div>
    </>
  );
}
