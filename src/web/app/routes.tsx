/**
 * Renders the one route table (./route-table.ts): each route behind its guard, its page loaded on demand.
 * The table arrives with each page's loader through `virtual:route-pages` (./route-pages.d.ts).
 */
import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import routes, { type RoutePage } from 'virtual:route-pages';
import { Route, Switch } from 'wouter';

import { lazyPage } from '../lib/lazy-page';
import { useSession } from '../lib/session';
import { Loading } from '../ui/page-shell';
import { GuestOnly, LoginRequired, Root, UnknownPath } from './guards';
import { routePattern, type Guard } from './route-table';

function pageOf({ load, first }: RoutePage) {
  return lazyPage(load, { waitsForRest: !first });
}

const PAGES = new Map(routes.map((r) => [r, pageOf(r)]));

/**
 * Starts loading the page chunk of a path (at boot, beside the language catalog; index.html has
 * usually asked for the same files already). Settles when it is here, or at once for a path without one.
 */
export function preloadPage(path: string): Promise<void> {
  const route = routes.find((r) => new RegExp(routePattern(r.path), 'i').test(path));
  return route ? PAGES.get(route)!.preload() : Promise.resolve();
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
  const registered = routes.filter((r) => (r.guard !== 'child' || hasChild) && (r.guard !== 'parent' || (hasParent && !hasChild)));
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {registered.map((route) => {
          const Page = PAGES.get(route)!;
          return (
            <Route key={route.path} path={route.path}>
              {guarded(route.guard, <Page />)}
            </Route>
          );
        })}
        <Route>
          <UnknownPath />
        </Route>
      </Switch>
    </Suspense>
  );
}
