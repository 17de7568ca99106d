import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { AccountInfo } from '@contract/accounts';
import { formatInJapan } from '@web/lib/japan-time';
import styles from './account.module.css';

/**
 * When the parent agreed to the terms and the privacy policy at sign-up, and to which version (issue 28): the
 * version is the terms' date, as the terms page shows it. Nothing for an account made before sign-up asked, or from
 * a backend that does not keep it.
 */
export function TermsAccepted({ accepted }: { accepted: AccountInfo['terms_accepted'] }) {
  const { i18n } = useLingui();
  if (!accepted) return null;
  const at = formatInJapan(accepted.at, i18n.locale, { dateStyle: 'long', timeStyle: 'short' });
  const day = new Date(`${accepted.version}T00:00:00Z`);
  if (!at || Number.isNaN(day.getTime())) return null;
  const version = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
  return (
    <p className={styles.termsAccepted} data-testid="terms-accepted">
      <Trans>
        You agreed to the <Link href="/terms-and-services">Terms and Services</Link> and the Privacy Policy (last updated {version}) on {at}
        .
      </Trans>
    </p>
  );
}
