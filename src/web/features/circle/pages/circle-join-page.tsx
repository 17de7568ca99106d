import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'wouter';

import { forgetInvitation, rememberInvitation } from '@web/lib/circle';
import { isNotFound } from '@web/lib/api-error';
import { useSession } from '@web/lib/session';
import { notify } from '@web/lib/toast';
import { roleName } from '@web/lib/circle-roles';
import { Avatar } from '@web/ui/avatar';
import { Button, LinkButton } from '@web/ui/button';
import { EmptyState } from '@web/ui/empty-state';
import { Loading, PageShell } from '@web/ui/page-shell';
import { useDigestOff, useInvitationPreview, useJoinCircle } from '../api/circle';
import styles from './circle.module.css';

/**
 * An invitation link (issue 32): who the family invites and which children they would follow. Without a login the
 * link is kept on this device while its holder signs up (the e-mail's link may open another tab) or logs in; /add-user
 * then leads back here. Joining uses the link up.
 */
export default function CircleJoinPage() {
  const { t, i18n } = useLingui();
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const loggedIn = useSession((s) => Boolean(s.token));
  const preview = useInvitationPreview(token);
  const join = useJoinCircle();

  useEffect(() => {
    if (!loggedIn && preview.data) rememberInvitation(token);
    if (preview.isError && isNotFound(preview.error)) forgetInvitation();
  }, [loggedIn, preview.data, preview.isError, preview.error, token]);

  const title = t({ message: 'Family circle invitation', context: 'heading' });
  if (preview.isPending)
    return (
      <PageShell title={title}>
        <Loading label={t`Opening the invitation…`} />
      </PageShell>
    );
  if (!preview.data)
    return (
      <PageShell title={title}>
        <EmptyState action={<LinkButton href="/">{t`Go to the top page`}</LinkButton>}>
          {isNotFound(preview.error) ? (
            <Trans>This invitation has already been used, was cancelled, or has expired. Please ask the family for a new one.</Trans>
          ) : (
            <Trans>The invitation could not be opened. Please check the connection and try again.</Trans>
          )}
        </EmptyState>
      </PageShell>
    );

  const who = roleName(i18n, preview.data.role, preview.data.role_label);
  const names = preview.data.children.map((c) => c.username).join(', ');
  const onJoin = () =>
    join.mutate(token, {
      onSuccess: (done) => {
        forgetInvitation();
        notify.success(done.message);
        navigate('/circle', { replace: true });
      },
      onError: () => forgetInvitation(),
    });

  return (
    <PageShell title={title} eyebrow={t`Little Museum`} width="medium">
      <div className={styles.invite}>
        <ul className={styles.inviteKids} aria-label={t`The children`}>
          {preview.data.children.map((c) => (
            <li key={c.id}>
              <Avatar username={c.username} src={c.profile_picture} size={72} />
              <span>{c.username}</span>
            </li>
          ))}
        </ul>
        <p className={styles.inviteLead}>
          <Trans>
            You are invited as {who} to follow {names}'s museum: the drawings they share with their family circle.
          </Trans>
        </p>
        {loggedIn ? (
          <Button size="large" block onClick={onJoin} disabled={join.isPending} aria-busy={join.isPending}>
            {join.isPending ? t`Joining…` : t`Join the family circle`}
          </Button>
        ) : (
          <>
            <p className={styles.inviteNote}>
              <Trans>To join, create your own free account, or log in if you have one. Then come back to this invitation.</Trans>
            </p>
            <LinkButton href="/register" size="large" block>
              {t`Create an account`}
            </LinkButton>
            <Link href="/login" className={styles.inviteLogin}>
              <Trans>I already have an account: log in</Trans>
            </Link>
          </>
        )}
      </div>
    </PageShell>
  );
}

/**
 * The weekly e-mail's stop link (issue 32): opening it is the one click. The page posts the stop as it opens, so a
 * mail scanner that only fetches the link stops nothing; it works without a login.
 */
export function DigestOffPage() {
  const { t } = useLingui();
  const { token = '' } = useParams<{ token: string }>();
  const loggedIn = useSession((s) => Boolean(s.token));
  const stop = useDigestOff();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    stop.mutate(token);
  }, [stop, token]);

  const title = t({ message: 'Weekly e-mail', context: 'heading' });
  const next = loggedIn ? (
    <LinkButton href="/circle">{t`Open the family circle`}</LinkButton>
  ) : (
    <LinkButton href="/">{t`Go to the top page`}</LinkButton>
  );
  if (stop.isIdle || stop.isPending)
    return (
      <PageShell title={title}>
        <Loading label={t`Stopping the weekly e-mail…`} />
      </PageShell>
    );
  return (
    <PageShell title={title}>
      {stop.isSuccess ? (
        <EmptyState action={next}>
          <span role="status">{stop.data.message}</span> <Trans>You can turn it on again on the family circle page.</Trans>
        </EmptyState>
      ) : (
        <EmptyState
          action={
            isNotFound(stop.error) ? (
              next
            ) : (
              <Button onClick={() => stop.mutate(token)}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        >
          <span role="alert">
            {isNotFound(stop.error) ? (
              <Trans>This link is not valid. Please turn the e-mail off from the family circle page.</Trans>
            ) : (
              <Trans>The weekly e-mail could not be stopped just now. Please check the connection and try again.</Trans>
            )}
          </span>
        </EmptyState>
      )}
    </PageShell>
  );
}
