/**
 * The organization console's and the local payment provider's operations (isConsoleRoute in the endpoint table):
 * imported by the pages that call them (/org, /local-checkout), so the route data every other page loads first
 * stays without them (about 0.4 KB gzipped).
 */
import type { ApiRoute, OperationId } from '@contract/endpoints';
import { addRoutes } from './http';

declare const __CONSOLE_API_ROUTES__: Partial<Record<OperationId, ApiRoute>>;
addRoutes(__CONSOLE_API_ROUTES__);
