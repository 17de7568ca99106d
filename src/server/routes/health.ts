/**
 * GET /api/health/: a load balancer's probe of this instance (domain/health.ts checks the database and the storage).
 * 200 when both answer; otherwise 503 naming the part that failed, never why (that goes to the log). No rate limit:
 * the probe must never be refused.
 */
import { M } from '@contract/messages';
import { checkHealth } from '../domain/health';
import { Reply, type Handlers } from './register';

export const healthHandlers = {
  health: async ({ deps, t }) => {
    const { database, storage } = await checkHealth(deps);
    if (database === 'ok' && storage === 'ok') return { status: 'ok', database, storage };
    return new Reply(503, { status: 'unavailable', detail: t(M.serviceUnavailable), database, storage });
  },
} satisfies Partial<Handlers>;
