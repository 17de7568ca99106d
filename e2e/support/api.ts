/** API paths for the journeys, from the endpoint table (no path is written twice). */
import { fillPath } from '@contract/endpoint';
import { ENDPOINTS, type OperationId } from '@contract/endpoints';

export const apiPath = (op: OperationId, params?: Record<string, string | number>): string => fillPath(ENDPOINTS[op].path, params);

/** A persisted query's key as the PWA writes it (src/web/lib/http.ts `apiKey`: area, operation, then its inputs), as JSON. */
export const queryKeyJson = (op: OperationId, ...inputs: object[]): string => JSON.stringify([ENDPOINTS[op].tag, op, ...inputs]);
