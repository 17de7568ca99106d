import { t } from '@lingui/core/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';

import { rememberDestination } from '../lib/after-login';
import { useMe } from '../lib/me';
import { useSession } from '../lib/session';
import { notify } from '../lib/toast';
import { Loading } from '../ui/page-shell';

/** Guest-only pages: a parent goes to pick a user, a parent with a child to their gallery. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const childToken = useSession((s) => s.childToken);
  if (token && childToken) return <Redirect to="/my-work" replace />;
  if (token) return <Redirect to="/add-user" replace />;
  return children;
}

/** Login-required pages: without a login, an error toast and /login; the page is opened once the login is done. */
export function LoginRequired({ children }: { children: ReactNode }) {
  const loggedIn = useSession((s) => Boolean(s.token || s.childToken));
  // Read as the page is asked for: the redirect below has changed the address by the time effects run.
  const [asked] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    if (loggedIn) return;
    rememberDestination(asked);
    notify.error(t`Please log in to continue.`);
  }, [loggedIn, asked]);
  if (!loggedIn) return <Redirect to="/login" replace />;
  return children;
}

/** The root: the landing page, or for a logged-in family the "second root entry". */
export function Root({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const childToken = useSession((s) => s.childToken);
  if (childToken) return <Redirect to="/my-work" replace />;
  if (token) return <Redirect to="/add-user" replace />;
  return children;
}

/** An unknown path: /add-user when the start-up session check succeeded, otherwise the top page. */
export function UnknownPath() {
  const hasToken = useSession((s) => Boolean(s.token || s.childToken));
  const me = useMe();
  if (hasToken && me.isPending) return <Loading label={t`Loading…`} />;
  return <Redirect to={hasToken && me.data ? '/add-user' : '/'} replace />;
}
