import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';

import { M } from '@contract/messages';
import { ApiError } from '@web/lib/api-error';
import { queryKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';
import { LinkButton } from '@web/ui/button';
import { Loading, Notice, PageShell } from '@web/ui/page-shell';
import { confirmEmail } from '../api/confirm-email';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * The link sent to a new e-mail address (the account screen's change): opening it makes the change. It works
 * logged in or not, on any device, since the link itself proves the mailbox.
 */
export default function ConfirmEmailPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const loggedIn = useSession((s) => Boolean(s.token));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';

  useEffect(() => {
    let cancelled = false;
    confirmEmail(uid, token).then(
      (data) => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        void queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo });
        if (!cancelled) setOutcome({ ok: true, text: data.detail });
      },
      (error: unknown) => {
        if (!cancelled) setOutcome({ ok: false, text: error instanceof ApiError ? error.message : i18n._(M.serverError.id) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [uid, token, queryClient, i18n]);

  return (
    <PageShell title={t({ message: `Your new e-mail address`, context: 'heading' })} width="narrow" card>
      {!outcome && <Loading label={t`Confirming…`} />}
      {outcome && <Notice tone={outcome.ok ? 'info' : 'error'}>{outcome.text}</Notice>}
      {outcome && (
        <LinkButton href={loggedIn ? '/' : '/login'} block>
          {loggedIn ? <Trans>Back to the museum</Trans> : <Trans>Go to Login</Trans>}
        </LinkButton>
      )}
    </PageShell>
  );
}
