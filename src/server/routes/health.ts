/**
 * GET /api/health/: a load balancer's probe of this instance (domain/health.ts checks the database and the storage).
 * 200 when both answer; otherwise 503 naming the part that failed, never why (that goes to the log). No rate limit:
 * the probe must never be refused. While this process drains (SIGTERM: drain.ts) it answers 503 too, so a load balancer
 * stops sending it requests; the parts are still reported as they are.
 */
import { M } from '@contract/messages';
import { checkHealth } from '../domain/health';
import { isDraining } from '../drain';
import { Reply, type Handlers } from './register';

export const healthHandlers = {
  health: async ({ deps, t }) => {
    const { database, storage } = await checkHealth(deps);
    if (database === 'ok' && storage === 'ok' && !isDraining()) return { status: 'ok', database, storage };
    return new Reply(503, { status: 'unavailable', detail: t(M.serviceUnavailable), database, storage });
  },
} satisfies Partial<Handlers>;
