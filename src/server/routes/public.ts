/** Open reference data: the footer's navbar links, artwork categories and tags. */
import { Hono } from 'hono';

import type { AppDeps } from '../deps';
import { namedList, publicNavbar } from '../domain/catalog';
import type { AppEnv } from '../env';

export function publicRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/public-navbar', async (c) => c.json(await publicNavbar(deps)))
    .get('/artworks/categories', async (c) => c.json(await namedList(deps, 'categories', c.get('lang'))))
    .get('/artworks/tags', async (c) => c.json(await namedList(deps, 'tags', c.get('lang'))));
}
