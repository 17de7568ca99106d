import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';

import { inquiryFields } from '@contract/site';
import { fieldErrors } from '@web/lib/api-error';
import { useMe } from '@web/lib/me';
import { useNetworkAction } from '@web/lib/network-action';
import { useSession } from '@web/lib/session';
import { isOnline } from '@web/lib/use-online';
import { notify } from '@web/lib/toast';
import { Button } from '@web/ui/button';
import { TextAreaField, TextField } from '@web/ui/field';
import { PageShell } from '@web/ui/page-shell';
import { useSendInquiry } from '../api/send-inquiry';
import { forgetDraft, keepDraft, readDraft, type InquiryDraft } from '../components/inquiry-draft';
import styles from '../components/contact.module.css';

/** The form's fields (works spec §5: subject, inquiryDetails, email, fullName) with the contract's rules. */
const guestSchema = z.object({
  subject: inquiryFields.shape.subject,
  inquiryDetails: inquiryFields.shape.inquiry_message,
  email: inquiryFields.shape.user_email,
  fullName: inquiryFields.shape.user_name,
});
/** A logged-in user's e-mail and name come from the current-user call, not from the form. */
const memberSchema = guestSchema.pick({ subject: true, inquiryDetails: true }).extend({ email: z.string(), fullName: z.string() });
type Output = z.output<typeof guestSchema>;

/** The server's field names, as the form calls them. */
const FORM_FIELD: Record<string, keyof InquiryDraft> = {
  subject: 'subject',
  inquiry_message: 'inquiryDetails',
  user_email: 'email',
  user_name: 'fullName',
};

interface FormContext {
  guest: boolean;
}

/** A guest's form checks all four fields; a logged-in user's, the two it shows. */
const resolver: Resolver<InquiryDraft, FormContext, Output> = (values, context, options) =>
  (context?.guest === false ? zodResolver(memberSchema) : zodResolver(guestSchema))(values, context, options) as ReturnType<
    Resolver<InquiryDraft, FormContext, Output>
  >;

const NEEDS_NETWORK = msg`You're offline. What you have written stays here, and you can send it once you're back online.`;

export default function ContactUsPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const loggedIn = useSession((s) => Boolean(s.token || s.childToken));
  const me = useMe();
  // Works spec §2: when the current user cannot be fetched, that is only logged; the form then asks for both.
  useEffect(() => {
    if (me.isError) console.warn('The current user could not be loaded for the contact form', me.error);
  }, [me.isError, me.error]);
  const member = loggedIn && !me.isError ? me.data : undefined;
  const asGuest = !loggedIn || me.isError;
  const { register, handleSubmit, formState, control, setError, setFocus } = useForm<InquiryDraft, FormContext, Output>({
    resolver,
    context: { guest: asGuest },
    defaultValues: readDraft(),
    // Works spec §5: validation runs on submit only, never on change or blur.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const draft = useWatch({ control });
  useEffect(() => {
    keepDraft({ subject: '', inquiryDetails: '', email: '', fullName: '', ...draft });
  }, [draft]);

  const send = useSendInquiry();
  const network = useNetworkAction(NEEDS_NETWORK);

  const onSubmit = handleSubmit(async (fields) => {
    if (!network.available) return;
    const guest = asGuest;
    try {
      const answer = await send.mutateAsync({
        subject: fields.subject,
        inquiry_message: fields.inquiryDetails,
        user_email: guest ? fields.email : (member?.email ?? ''),
        // A parent account may have no username: its address then names it.
        user_name: guest ? fields.fullName : (member?.username ?? member?.email.split('@')[0] ?? ''),
      });
      forgetDraft();
      // A logged-in family is sent on from the thank-you page (accounts spec: guest-only), so it hears it here.
      if (!guest) notify.success(answer.message);
      navigate('/inquiry-thank-you');
    } catch (error) {
      const errors = fieldErrors(error);
      const shown = Object.entries(errors).filter(([name]) => FORM_FIELD[name] && (guest || !['user_email', 'user_name'].includes(name)));
      for (const [name, message] of shown) setError(FORM_FIELD[name]!, { message });
      if (shown[0]) setFocus(FORM_FIELD[shown[0][0]]!);
      // A send that never reached us: the offline note above the button says so, and the form keeps it all.
      else if (isOnline()) notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  const errors = formState.errors;
  const waitingForMe = loggedIn && me.isPending;
  return (
    <PageShell
      title={t({ message: `Contact Us`, context: 'heading' })}
      eyebrow={t`We are here to help`}
      lead={t`Questions about your account, your children's works, contests or classes: write to us here. A member of staff will reply within 3 to 5 business days.`}
      width="narrow"
    >
      <aside className={styles.hours} aria-label={t`Contact hours`}>
        <p className={styles.hoursTitle}>
          <Trans>Contact hours</Trans>
        </p>
        <p>
          <Trans>10:00 to 15:00 on weekdays (Japan time), except weekends and holidays</Trans>
        </p>
      </aside>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {member && (
          <div className={styles.sender}>
            <p className={styles.senderLabel}>
              <Trans>We will reply to</Trans>
            </p>
            <p className={styles.senderValue}>{member.username ? `${member.username} <${member.email}>` : member.email}</p>
          </div>
        )}
        {asGuest && (
          <>
            <TextField
              label={t`Email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField label={t`Full name`} autoComplete="name" required error={errors.fullName?.message} {...register('fullName')} />
          </>
        )}
        <TextField label={t`Subject`} required error={errors.subject?.message} {...register('subject')} />
        <TextAreaField
          label={t`Inquiry details`}
          hint={t`Please write at least 10 characters, so that we can answer well.`}
          rows={7}
          required
          error={errors.inquiryDetails?.message}
          {...register('inquiryDetails')}
        />
        {network.reason && (
          <p id={network.reasonId} className={styles.offline} role="status">
            {network.reason}
          </p>
        )}
        <Button
          type="submit"
          size="large"
          block
          disabled={send.isPending || waitingForMe}
          aria-disabled={!network.available || undefined}
          aria-describedby={network.reason ? network.reasonId : undefined}
          // Offline the button stays in place and says why it does not send (the note above it); what was
          // typed stays in the form.
          onClick={(e) => !network.available && e.preventDefault()}
        >
          {send.isPending ? t`Sending…` : t`Send`}
        </Button>
        <p className={styles.privacy}>
          <Trans>
            We use what you write only to answer you. See the <Link href="/privacy-policy">Privacy Policy</Link>.
          </Trans>
        </p>
      </form>
    </PageShell>
  );
}
