/**
 * The one route table (accounts spec §2). Guards: `guest` (guest-only), `login` (login required),
 * `child` (registered only with a child token), `parent` (registered only with a parent token and
 * no child token), `root` (the landing page or the "second root entry") and `public`.
 */
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';

import { useSession } from '../lib/session';
import { lazyPage } from '../lib/lazy-page';
import { GuestOnly, LoginRequired, Root, UnknownPath } from './guards';
import { Loading } from '../ui/page-shell';

type Guard = 'public' | 'root' | 'guest' | 'login' | 'child' | 'parent';
type Page = LazyExoticComponent<ComponentType> | ComponentType;

interface RouteDef {
  path: string;
  guard: Guard;
  page: Page;
}

const legal = () => import('../features/legal/pages/legal-pages');

/** A page of an area that later issues build (./placeholder-route, loaded like any page). */
function placeholder(title: MessageDescriptor): ComponentType {
  return lazyPage(() =>
    import('./placeholder-route').then(({ PlaceholderRoute }) => ({
      default: function Placeholder() {
        return <PlaceholderRoute title={title} />;
      },
    })),
  );
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/', guard: 'root', page: lazyPage(() => import('../features/landing/pages/landing-page')) },
  // Guest-only
  { path: '/login', guard: 'guest', page: lazyPage(() => import('../features/auth/pages/login-page')) },
  { path: '/register', guard: 'guest', page: lazyPage(() => import('../features/auth/pages/register-page')) },
  { path: '/email-verification', guard: 'guest', page: lazyPage(() => import('../features/auth/pages/email-verification-page')) },
  { path: '/password-reset-confirm', guard: 'guest', page: lazyPage(() => import('../features/auth/pages/password-reset-confirm-page')) },
  { path: '/verify-email', guard: 'guest', page: lazyPage(() => import('../features/auth/pages/verify-email-page')) },
  { path: '/forgot-password', guard: 'guest', page: lazyPage(() => import('../features/auth/pages/forgot-password-page')) },
  { path: '/inquiry-thank-you', guard: 'guest', page: lazyPage(() => import('../features/contact/pages/inquiry-thank-you-page')) },
  // Public
  { path: '/public-gallery', guard: 'public', page: lazyPage(() => import('../features/works/pages/public-gallery-page')) },
  { path: '/contest-list', guard: 'public', page: placeholder(msg`All Contests`) },
  { path: '/artist-list', guard: 'public', page: placeholder(msg`Artist Class`) },
  { path: '/contact-us', guard: 'public', page: lazyPage(() => import('../features/contact/pages/contact-us-page')) },
  { path: '/terms-and-services', guard: 'public', page: lazyPage(() => legal().then((m) => ({ default: m.TermsPage }))) },
  { path: '/privacy-policy', guard: 'public', page: lazyPage(() => legal().then((m) => ({ default: m.PrivacyPage }))) },
  {
    path: '/commercial-transaction',
    guard: 'public',
    page: lazyPage(() => legal().then((m) => ({ default: m.CommercialTransactionPage }))),
  },
  { path: '/artist-signup-detail', guard: 'public', page: placeholder(msg`Artist class details`) },
  { path: '/my-work', guard: 'public', page: lazyPage(() => import('../features/works/pages/my-work-page')) },
  // The link sent to a new e-mail address: it works logged in or not, so it is neither guest-only nor guarded.
  { path: '/confirm-email', guard: 'public', page: lazyPage(() => import('../features/account/pages/confirm-email-page')) },
  // Login required
  { path: '/gallery-detail/:id', guard: 'login', page: lazyPage(() => import('../features/works/pages/gallery-detail-page')) },
  { path: '/contest-application', guard: 'login', page: placeholder(msg`Contest application`) },
  { path: '/contest-detail', guard: 'login', page: placeholder(msg`Contest details`) },
  { path: '/register-user', guard: 'login', page: lazyPage(() => import('../features/profiles/pages/register-user-page')) },
  { path: '/add-user', guard: 'login', page: lazyPage(() => import('../features/profiles/pages/add-user-page')) },
  // Only with a child token
  { path: '/user-info', guard: 'child', page: lazyPage(() => import('../features/profiles/pages/user-info-page')) },
  { path: '/register-work', guard: 'child', page: lazyPage(() => import('../features/works/pages/register-work-page')) },
  { path: '/edit-work', guard: 'child', page: lazyPage(() => import('../features/works/pages/edit-work-page')) },
  { path: '/my-collection', guard: 'child', page: lazyPage(() => import('../features/works/pages/my-collection-page')) },
  { path: '/family-gallery', guard: 'child', page: lazyPage(() => import('../features/works/pages/family-gallery-page')) },
  { path: '/user-gallery', guard: 'child', page: lazyPage(() => import('../features/works/pages/user-gallery-page')) },
  { path: '/my-contests', guard: 'child', page: placeholder(msg`My Contests`) },
  { path: '/my-artist-classes', guard: 'child', page: placeholder(msg`My Artist Classes`) },
  { path: '/artist-details', guard: 'child', page: placeholder(msg`Artist details`) },
  { path: '/link-url', guard: 'child', page: placeholder(msg`Class video`) },
  { path: '/link-detail', guard: 'child', page: placeholder(msg`Class details`) },
  { path: '/payment', guard: 'child', page: placeholder(msg`Payment`) },
  // Only with a parent token and no child token
  { path: '/account-payment-info', guard: 'parent', page: lazyPage(() => import('../features/account/pages/account-payment-info-page')) },
  { path: '/account-info', guard: 'parent', page: lazyPage(() => import('../features/account/pages/account-info-page')) },
];

/**
 * Starts loading the page chunk of a path (at boot, beside the language catalog; index.html has
 * usually asked for the same files already). Settles when it is here, or at once for a path without one.
 */
export function preloadPage(path: string): Promise<void> {
  const route = ROUTES.find((r) => new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i').test(path));
  const page = route?.page as { preload?: () => Promise<void> } | undefined;
  return page?.preload?.() ?? Promise.resolve();
}

function guarded(guard: Guard, page: React.ReactNode) {
  switch (guard) {
    case 'root':
      return <Root>{page}</Root>;
    case 'guest':
      return <GuestOnly>{page}</GuestOnly>;
    case 'login':
      return <LoginRequired>{page}</LoginRequired>;
    default:
      return page;
  }
}

function PageLoading() {
  return <Loading label={t`Loading…`} />;
}

export function AppRoutes() {
  const hasParent = useSession((s) => Boolean(s.token));
  const hasChild = useSession((s) => Boolean(s.childToken));
  const registered = ROUTES.filter(
    (r) => (r.guard !== 'child' || hasChild) && (r.guard !== 'parent' || (hasParent && !hasChild)),
  );
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {registered.map(({ path, guard, page: Page }) => (
          <Route key={path} path={path}>
            {guarded(guard, <Page />)}
          </Route>
        ))}
        <Route>
          <UnknownPath />
        </Route>
      </Switch>
    </Suspense>
  );
}
