import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';

import { afterFirstPaint } from '@web/lib/first-paint';
import { lazyPage } from '@web/lib/lazy-page';
import { LinkButton } from '@web/ui/button';
import { PageShell } from '@web/ui/page-shell';
import styles from '../components/auth.module.css';
import { LoginDraft, LoginFormView } from '../components/login-form-view';

/**
 * The form's logic (react-hook-form, the login call) is requested once the page's first content is on screen:
 * the heading, the fields and the links show without waiting for it, and what is typed meanwhile is kept.
 */
const LoginForm = lazyPage(async () => {
  await afterFirstPaint();
  return import('../forms/login-form');
});

export default function LoginPage() {
  const { t } = useLingui();
  const [draft] = useState(() => new LoginDraft());

  return (
    <PageShell title={t`Login`} eyebrow={t`Welcome back`} width="narrow" card>
      <Suspense
        fallback={
          <LoginFormView
            email={draft.field('email')}
            password={draft.field('password')}
            onSubmit={(event) => {
              event.preventDefault();
              draft.submit();
            }}
          />
        }
      >
        <LoginForm draft={draft} />
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
