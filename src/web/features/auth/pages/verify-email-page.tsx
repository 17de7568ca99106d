import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'wouter';

import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { Loading, PageShell } from '@web/ui/page-shell';
import { verifyEmail } from '../api/verify-email';

/** Calls the verify link, keeps the verified address for the login form, then always goes to /login (a failure is toasted by lib/http). */
export default function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';

  useEffect(() => {
    let cancelled = false;
    verifyEmail(uid, token)
      .then((data) => {
        // The login form that follows starts with the address just verified (issue 28).
        if (data.email) useSession.getState().setEmail(data.email);
        notify.success(data.detail || t`Email verified successfully! Please login to continue.`);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [uid, token, navigate, t]);

  return (
    <PageShell title={t({ message: `Verifying your e-mail address`, context: 'heading' })} width="narrow">
      <Loading label={t`Verifying…`} />
    </PageShell>
  );
}
