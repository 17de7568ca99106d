/** Organizations: joined list, one by id (members only), and the rate-limited code check. */
import { Hono } from 'hono';

import type { AppDeps } from '../deps';
import { checkOrganizationCode, joinedOrganizations, organizationById } from '../domain/organizations';
import type { AppEnv } from '../env';
import { authRequired, requireAuth } from '../middleware/auth';
import { idParam } from './params';

export function organizationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/organizations', authRequired, async (c) => {
      const auth = requireAuth(c);
      return c.json({ results: await joinedOrganizations(deps, auth.user.id, auth.profile?.id ?? null) });
    })
    .get('/organizations/check/:code', authRequired, async (c) => {
      const auth = requireAuth(c);
      return c.json(await checkOrganizationCode(deps, auth.user.id, auth.profile?.id ?? null, c.req.param('code')));
    })
    .get('/organizations/:id', authRequired, async (c) => {
      const auth = requireAuth(c);
      return c.json(await organizationById(deps, idParam(c, 'id'), auth.user.id, auth.profile?.id ?? null));
    });
}
