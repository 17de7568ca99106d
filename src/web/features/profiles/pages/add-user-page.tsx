import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { LIMITS, TOAST_MS } from '@contract/limits';
import { M } from '@contract/messages';
import { takeDestination } from '@web/lib/after-login';
import { pendingInvitation, useFollowedChildren } from '@web/lib/circle';
import { runsConsole } from '@web/lib/landing';
import { useSession } from '@web/lib/session';
import { parkToast } from '@web/lib/toast';
import { Avatar } from '@web/ui/avatar';
import { Icon } from '@web/ui/line-icon';
import { Loading, PageShell } from '@web/ui/page-shell';
import { useMe } from '@web/lib/me';
import { useProfileLogin } from '../api/profile-login';
import { useProfiles } from '../api/get-profiles';
import styles from '../components/profiles.module.css';

/** The `added` profile id in the navigation state /register-user leaves, if any. */
function addedIdFrom(state: unknown): number | null {
  const added = (state as { added?: unknown } | null)?.added;
  return typeof added === 'number' && Number.isInteger(added) ? added : null;
}

export default function AddUserPage() {
  const { t, i18n } = useLingui();
  const childToken = useSession((s) => s.childToken);
  const storedEmail = useSession((s) => s.email);
  const me = useMe();
  const profiles = useProfiles();
  const login = useProfileLogin();
  // The family circle (issue 32): an invitation opened before logging in, or the children this account follows.
  const followed = useFollowedChildren();
  const invitation = pendingInvitation();
  const follows = followed.data?.results.length ?? 0;
  const [selecting, setSelecting] = useState<string | null>(null);
  const timer = useRef<number>(undefined);
  // The child just added on /register-user (its id in the navigation state): shown, scrolled to and focused.
  const added = addedIdFrom(useHistoryState<unknown>());
  const addedRef = useRef<HTMLButtonElement>(null);
  const newChild = profiles.data?.find((p) => p.id === added) ?? null;
  const addedName = newChild?.username;

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!newChild || !addedRef.current) return;
    addedRef.current.focus({ preventScroll: true });
    addedRef.current.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, [newChild]);

  if (childToken && !selecting) return <Redirect to="/my-work" replace />;

  const email = me.data?.email ?? storedEmail ?? '';

  const choose = (username: string) => {
    if (selecting) return;
    setSelecting(username);
    timer.current = window.setTimeout(() => {
      login.mutate(username, {
        onSuccess: (pair) => {
          parkToast(pair.message || i18n._(M.childLoggedIn.id, { username }), TOAST_MS.childLogin);
          // A full page load, so every cache starts fresh for the child (accounts spec §4), on the page a
          // login-required link was opening, else the child's gallery.
          window.location.assign(takeDestination() ?? '/my-work');
        },
        onError: () => setSelecting(null),
      });
    }, LIMITS.childSelectDelayMs);
  };

  const list = profiles.data ?? [];

  return (
    <PageShell title={t({ message: `Select or add users`, context: 'heading' })} eyebrow={t`Who is visiting today?`} width="medium">
      {email && (
        <p className={styles.who}>
          <Trans>
            <strong>{email}</strong> is logged in
          </Trans>
        </p>
      )}
      {addedName && (
        <p className={styles.added} role="status">
          <Trans>
            {addedName} was added. Tap the picture to visit as {addedName}.
          </Trans>
        </p>
      )}
      {runsConsole(me.data) && (
        // Staff and the super admin came to run something: their console is one tap away, children or not.
        <Link href="/org" className={styles.console}>
          <span className={styles.consoleIcon}>
            <Icon name="building" size={28} />
          </span>
          <span className={styles.consoleText}>
            <strong>
              <Trans>Open the organization console</Trans>
            </strong>
            <span>
              {me.data?.is_staff ? (
                <Trans>Members, contests, classes and e-mail of your organization.</Trans>
              ) : (
                <Trans>Organizations, banners and e-mail to every user.</Trans>
              )}
            </span>
          </span>
          <span className={styles.consoleArrow} aria-hidden="true">
            →
          </span>
        </Link>
      )}
      {(invitation || follows > 0) && (
        <Link href={invitation ? `/circle/join/${invitation}` : '/circle'} className={styles.console}>
          <span className={styles.consoleIcon}>
            <Icon name="heart" size={28} />
          </span>
          <span className={styles.consoleText}>
            <strong>{invitation ? <Trans>Open your family circle invitation</Trans> : <Trans>Open the family circle</Trans>}</strong>
            <span>
              <Trans>The drawings of the children you follow.</Trans>
            </span>
          </span>
          <span className={styles.consoleArrow} aria-hidden="true">
            →
          </span>
        </Link>
      )}
      {profiles.isPending ? (
        <Loading label={t`Loading users…`} />
      ) : list.length === 0 ? (
        <div className={styles.empty}>
          <p>
            <Trans>Then enter your user information.</Trans>
          </p>
          <ul className={styles.grid}>
            <li>
              <Link href="/register-user" className={styles.add}>
                <span className={styles.plus} aria-hidden="true">
                  +
                </span>
                <Trans>Adding new users</Trans>
              </Link>
            </li>
          </ul>
        </div>
      ) : (
        <ul className={styles.grid}>
          {list.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                ref={p.id === added ? addedRef : undefined}
                className={[styles.frame, selecting === p.username && styles.selected, p.id === added && styles.justAdded]
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => choose(p.username)}
                disabled={selecting !== null}
                aria-busy={selecting === p.username}
              >
                <Avatar username={p.username} src={p.profile_picture} size={72} />
                <span className={styles.name}>{p.username}</span>
              </button>
            </li>
          ))}
          <li>
            <Link href="/register-user" className={styles.add}>
              <span className={styles.plus} aria-hidden="true">
                +
              </span>
              <Trans>Add a user</Trans>
            </Link>
          </li>
        </ul>
      )}
    </PageShell>
  );
}
