import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { afterFirstPaint, whenIdle } from '@web/lib/first-paint';
import { lazyPart } from '@web/lib/lazy-page';
import { useSession } from '@web/lib/session';
import { Button, LinkButton } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';
import styles from '../components/auth.module.css';
import { LoginFormView } from '../components/login-form-view';

/**
 * The form's logic (react-hook-form and the login call, 13.6 KB gzipped) is requested once the page's first
 * content is on screen and the main thread is idle, and is not part of /login's first load (LAZY_ON_PURPOSE,
 * src/web/app/route-table.ts). Until it arrives the same form shows read-only.
 */
const LoginForm = lazyPart(async () => {
  await afterFirstPaint();
  await whenIdle(1000);
  return import('../forms/login-form');
});

export default function LoginPage() {
  const { t } = useLingui();
  // Only a visitor sees /login (guest-only), so there is no user to switch to: "Select another User" here lets
  // someone else log in on a device that remembers an address, by emptying the form's e-mail (no reload).
  const remembered = useSession((s) => s.email);

  return (
    <PageShell title={t({ message: `Login`, context: 'heading' })} eyebrow={t`Welcome back`} width="narrow" card>
      <LoginForm fallback={<LoginFormView loading />} />
      <div className={styles.links}>
        <Link href="/forgot-password">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link href="/register">
          <Trans>Member Registration</Trans>
        </Link>
      </div>
      <div className={styles.divider}>
        <Trans>or</Trans>
      </div>
      <div className={styles.alternatives}>
        {remembered && (
          <Button variant="secondary" block onClick={() => useSession.getState().setEmail(null)}>
            <Trans>Select another User</Trans>
          </Button>
        )}
        <LinkButton href="/register" variant="ghost" block>
          <Trans>Create a new account</Trans>
        </LinkButton>
      </div>
    </PageShell>
  );
}
