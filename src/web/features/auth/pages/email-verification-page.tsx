import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';

import { useSession } from '@web/lib/session';
import { Notice, PageShell } from '@web/ui/page-shell';
import styles from '../components/auth.module.css';
import { MailArt } from '../components/mail-art';

/** The "check your e-mail" notice, for sign-up or, with is_pass, for a password reset. */
export default function EmailVerificationPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const storedEmail = useSession((s) => s.email);
  const email = params.get('email') ?? storedEmail ?? '';
  const isPass = Boolean(params.get('is_pass')) && params.get('is_pass') !== 'false';

  return (
    <PageShell
      title={
        isPass
          ? t({ message: `Reset your password`, context: 'heading' })
          : t({ message: `Confirm your e-mail address`, context: 'heading' })
      }
      width="narrow"
      card
    >
      <MailArt className={styles.mail} />
      <Notice>
        {isPass ? <Trans>Your password reset is not yet complete.</Trans> : <Trans>Your account registration is not yet complete.</Trans>}
      </Notice>
      {email && (
        <p className={styles.center}>
          <Trans>
            We have sent an e-mail to <span className={styles.email}>{email}</span>.
          </Trans>
        </p>
      )}
      <p>
        {isPass ? (
          <Trans>Please open the link in the e-mail within 1 hour and choose a new password.</Trans>
        ) : (
          <Trans>Please open the link in the confirmation e-mail within 24 hours to complete your registration.</Trans>
        )}
      </p>
      <p>
        <Trans>If the e-mail does not arrive, please check your junk mail folder.</Trans>
      </p>
      <div className={styles.links}>
        <Link href="/login">
          <Trans>Back to Login</Trans>
        </Link>
        <Link href={isPass ? '/forgot-password' : '/register'}>
          <Trans>Send it again</Trans>
        </Link>
      </div>
    </PageShell>
  );
}
