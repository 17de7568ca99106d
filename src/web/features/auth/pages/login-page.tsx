import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { Link } from 'wouter';

import { afterFirstPaint } from '@web/lib/first-paint';
import { lazyPage } from '@web/lib/lazy-page';
import { LinkButton } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';
import styles from '../components/auth.module.css';
import { LoginFormView } from '../components/login-form-view';

/**
 * The form's logic (react-hook-form and the login call, 13.6 KB gzipped) is requested once the page's first
 * content is on screen, and is not part of /login's first load (FIRST_LOAD_SAVINGS, src/web/app/route-table.ts).
 * Until it arrives the same form shows read-only.
 */
const LoginForm = lazyPage(async () => {
  await afterFirstPaint();
  return import('../forms/login-form');
});

export default function LoginPage() {
  const { t } = useLingui();

  return (
    <PageShell title={t`Login`} eyebrow={t`Welcome back`} width="narrow" card>
      <Suspense fallback={<LoginFormView loading />}>
        <LoginForm />
      </Suspense>
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
        <LinkButton href="/add-user" variant="secondary" block>
          <Trans>Select another User</Trans>
        </LinkButton>
        <LinkButton href="/register" variant="ghost" block>
          <Trans>Create a new account</Trans>
        </LinkButton>
      </div>
    </PageShell>
  );
}
