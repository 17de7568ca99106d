/** Where a paged list's next/previous links point: the path as the client wrote it, with its query. */
import type { Context } from 'hono';

import type { ListLinks } from '../domain/lists';
import type { AppEnv } from '../env';

/** From the request's URL: c.req.path drops a trailing slash in non-strict mode. */
export function linksOf(c: Context<AppEnv>): ListLinks {
  const url = new URL(c.req.url);
  return { path: url.pathname, query: url.searchParams };
}
