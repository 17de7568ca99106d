import { Trans, useLingui } from '@lingui/react/macro';

import { useSession } from '../../../lib/session';
import { LinkButton } from '../../../ui/button';
import { PageShell } from '../../../ui/page-shell';
import styles from './my-work.module.css';

/** My gallery. Works arrive with a later issue; until then, a warm empty wall inviting the first work. */
export default function MyWorkPage() {
  const { t } = useLingui();
  const childToken = useSession((s) => s.childToken);
  const parentToken = useSession((s) => s.token);

  return (
    <PageShell title={t`My Gallery`} eyebrow={t`Your own museum`} width="medium">
      <div className={styles.wall}>
        <div className={styles.frames} aria-hidden="true">
          <span className={styles.frame} />
          <span className={`${styles.frame} ${styles.tall}`} />
          <span className={styles.frame} />
        </div>
        {childToken ? (
          <>
            <p className={styles.text}>
              <Trans>Your gallery walls are waiting for the first work. Take a photo of a drawing, a painting or a craft and hang it here.</Trans>
            </p>
            <LinkButton href="/register-work" size="large">
              <Trans>Register your work</Trans>
            </LinkButton>
          </>
        ) : (
          <>
            <p className={styles.text}>
              <Trans>Choose a user to see their gallery.</Trans>
            </p>
            <LinkButton href={parentToken ? '/add-user' : '/login'} size="large">
              {parentToken ? <Trans>Select a user</Trans> : <Trans>Login</Trans>}
            </LinkButton>
          </>
        )}
      </div>
    </PageShell>
  );
}
