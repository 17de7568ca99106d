/**
 * `virtual:route-pages`: the route table (./route-table.ts) as the app renders it, each route with its page's
 * loader. Generated from the table by the build and the dev server (build/first-load.ts, routePages).
 */
declare module 'virtual:route-pages' {
  import type { ComponentType } from 'react';

  type Guard = import('./route-table').Guard;

  export interface RoutePage {
    path: string;
    guard: Guard;
    /** A page with a first-load budget: its texts are in the first part of the catalog (scripts/split-catalogs.ts). */
    first?: true;
    /** Loads the page's chunk; the page is its module's default export or the one the table names. */
    load: () => Promise<{ default: ComponentType }>;
  }
  const routes: readonly RoutePage[];
  export default routes;
}
