/**
 * The one HTTP client, derived from the endpoint table (src/contract/endpoints.ts; accounts spec §7). A call
 * names its operation: `api('workLike', { params: { id } })`, typed by the table's schemas. Every call:
 * - carries `?language=` (the active UI language);
 * - carries the token its operation's `access` asks for: none for `guest`, the parent's for `parent`, the
 *   child's for `child`, and the child's if held (else the parent's) for `public` and `session`;
 * - sends credentials and the X-CSRFToken header (from the csrftoken cookie) on writes;
 * - has no timeout (one that waits long has the network checked: ./use-online, watchCall);
 * - on a 401 refreshes once (concurrent calls share that refresh) and retries once, unless it is a POST
 *   (not replay-safe) or carried no token;
 * - on failure shows an error toast with the derived message (opt out with `silent`) and rejects with an
 *   ApiError carrying that message; except a read (GET) that got no answer at all: that is the network, not the
 *   call, and the offline banner and the page's note say so (./use-online), so it is not toasted.
 * In development the answer is checked against its schema; production builds carry no schemas (zod stays out).
 */
import { i18n } from '@lingui/core';
import type { KyInstance } from 'ky';

import type { Access, FieldsOf, HasParams, JsonOf, ParamsOf, QueryOf, ResultOf } from '@contract/endpoint';
import type { ApiRoute, Endpoints, OperationId } from '@contract/endpoints';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/headers';
import { ApiError, isHTTPError } from './api-error';
import { refreshTokenOf, tokenOf, useSession, type TokenKind } from './session';
import { notify } from './toast';
import { reportAnswer, reportNetworkFailure, watchCall } from './use-online';

/**
 * The table's routes, written in by the build (vite.config.ts): those of every page here, the console's added by
 * ./console-routes.ts when a page that calls them loads.
 */
declare const __API_ROUTES__: Partial<Record<OperationId, ApiRoute>>;
const LOADED: Partial<Record<OperationId, ApiRoute>> = { ...__API_ROUTES__ };
const ROUTES = new Proxy(LOADED, {
  get(target, op: OperationId) {
    const route = target[op];
    if (!route) throw new Error(`${String(op)}: not in the routes loaded; its page must import @web/lib/console-routes`);
    return route;
  },
}) as Record<OperationId, ApiRoute>;

/** Adds the console's routes (./console-routes.ts). */
export function addRoutes(routes: Partial<Record<OperationId, ApiRoute>>): void {
  Object.assign(LOADED, routes);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The token kind an access level is called with, given the tokens held now. */
function kindFor(access: Access): TokenKind | null {
  if (access === 'guest') return null;
  if (access === 'parent' || access === 'staff' || access === 'admin') return 'parent';
  if (access === 'child') return 'child';
  const s = useSession.getState();
  if (s.childToken) return 'child';
  return s.token ? 'parent' : null;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * The headers of a call, read at send time: the bearer token its access asks for and the CSRF header on writes.
 * Also used by the upload queue, which sends with XMLHttpRequest for byte progress.
 */
export function requestHeaders(op: OperationId): Record<string, string> {
  const [method, , access] = ROUTES[op];
  const headers: Record<string, string> = {};
  const kind = kindFor(access);
  const token = kind ? tokenOf(kind) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (WRITE_METHODS.has(method)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return headers;
}

type Endpoint<K extends OperationId> = Endpoints[K];
type Maybe<T, Key extends string> = [T] extends [never] ? { [P in Key]?: never } : { [P in Key]: T };

/** What a call of operation K sends: its path parameters, query, JSON or multipart body, as the table types them. */
export type CallInput<K extends OperationId> = (HasParams<Endpoint<K>> extends true
  ? { params: ParamsOf<Endpoint<K>> }
  : { params?: never }) &
  ([QueryOf<Endpoint<K>>] extends [never] ? { query?: never } : { query?: QueryOf<Endpoint<K>> }) &
  Maybe<JsonOf<Endpoint<K>>, 'json'> &
  ([FieldsOf<Endpoint<K>>] extends [never] ? { body?: never } : { body: FormData }) & {
    /** No error toast: the caller shows the failure itself. */
    silent?: boolean;
    signal?: AbortSignal;
  };

export type ApiResult<K extends OperationId> = ResultOf<Endpoint<K>>;

/** The operation's path with its parameters filled in. */
export function apiPath(op: OperationId, params: Record<string, string | number> = {}): string {
  return ROUTES[op][1].replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The path with the `?language=` every call carries (for calls sent outside ky). */
export function apiUrl(op: OperationId, params?: Record<string, string | number>): string {
  return `${apiPath(op, params)}?language=${encodeURIComponent(i18n.locale || 'en')}`;
}

/**
 * The query key of an operation's answer: its area first (invalidating `[area]` refreshes every answer of the area),
 * then the operation, then what it was asked with.
 */
export function apiKey<K extends OperationId>(op: K, input?: { params?: object; query?: object }): readonly unknown[] {
  const key: unknown[] = [ROUTES[op][3], op];
  if (input?.params) key.push(input.params);
  if (input?.query) key.push(input.query);
  return key;
}

/** The key that covers every answer of an area (e.g. all works lists, details and the image count). */
export const areaKey = (tag: string): readonly unknown[] => [tag];

/**
 * ky loads with the first call rather than with the app: the landing page of a first visit makes none
 * (the footer asks for its blog link once it comes into view). A failed load is tried again next call.
 */
let client: Promise<KyInstance> | null = null;

function getClient(): Promise<KyInstance> {
  if (!client) {
    client = import('ky').then(({ default: ky }) => ky.create({ credentials: 'include', timeout: false, retry: 0 }));
    client.catch(() => {
      client = null;
    });
  }
  return client;
}

/**
 * An HTTP error is an answer; fetch's TypeError is a request that never got one (use-online), and so is a 511
 * (a captive portal asking to log in to the network, RFC 6585). True when the museum was not reached.
 */
function reportReachability(error: unknown): boolean {
  if (isHTTPError(error) && error.response.status !== 511) reportAnswer();
  else if (error instanceof TypeError || isHTTPError(error)) {
    reportNetworkFailure();
    return true;
  }
  return false;
}

function searchParamsOf(query: object | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of [value].flat()) out.append(name, String(v));
  }
  out.set('language', i18n.locale || 'en');
  return out;
}

/** In development, an answer that breaks its schema is a bug to see at once (production builds drop this). */
async function checkAnswer(op: OperationId, data: unknown): Promise<void> {
  if (!import.meta.env.DEV) return;
  const { ENDPOINTS } = await import('@contract/endpoints');
  const result = ENDPOINTS[op].ok.schema.safeParse(data);
  if (!result.success) throw new Error(`${op}: the answer breaks the endpoint table: ${result.error.message}`);
}

interface SendInput {
  params?: object;
  query?: object;
  json?: unknown;
  body?: FormData;
  signal?: AbortSignal;
}

/** One call, watched from its start until its whole answer is read (or it fails): see watchCall. */
function send(op: OperationId, input: SendInput): Promise<unknown> {
  return sendUnwatched(op, input).finally(watchCall());
}

async function sendUnwatched(op: OperationId, input: SendInput): Promise<unknown> {
  const [method, , access] = ROUTES[op];
  const ky = await getClient();
  const request = () =>
    ky(apiPath(op, input.params as Record<string, string | number>), {
      method,
      json: input.json,
      body: input.body,
      signal: input.signal,
      headers: requestHeaders(op),
      searchParams: searchParamsOf(input.query),
    });
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    const kind = kindFor(access);
    if (!isHTTPError(error) || error.response.status !== 401 || !kind) throw error;
    const sent = error.request.headers.get('Authorization')?.replace(/^Bearer /, '');
    if (!sent) throw error;
    // Another call may have refreshed already: then just use the new token.
    const current = tokenOf(kind);
    const refreshed = current !== null && current !== sent ? true : await refreshTokens(kind);
    if (!refreshed || !tokenOf(kind) || method === 'POST') throw error;
    response = await request();
  }
  const raw = await response.text();
  // Every operation answers a JSON body (the endpoint table has no empty answer). An empty one is a network that died
  // after the status line: WebKit hands such a cut answer to the page as a whole, empty one. Taken as data, it became a
  // null page in the kept family gallery, and the next offline start crashed on it; it is a failed call.
  if (!raw) throw new TypeError(`${op}: the answer was cut short`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // The API answers JSON only: a page instead is something in the way (a captive portal's login page).
    throw new TypeError(`${op}: the answer is not the museum's`);
  }
}

/** Calls one operation of the endpoint table. */
export async function api<K extends OperationId>(op: K, input: CallInput<K>): Promise<ApiResult<K>> {
  try {
    const data = await send(op, input as SendInput);
    reportAnswer();
    await checkAnswer(op, data);
    return data as ApiResult<K>;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const unanswered = reportReachability(error);
    const apiError = await import('./api-error-message').then(
      (m) => m.toApiError(error),
      // Without its chunk (offline before it was cached) the failure still rejects, with the bare error.
      () => new ApiError(error instanceof Error ? error.message : String(error), null, null),
    );
    if (!input.silent && !(unanswered && ROUTES[op][0] === 'GET')) notify.error(apiError.message);
    throw apiError;
  }
}

const inflight = new Map<TokenKind, Promise<boolean>>();

/**
 * Refreshes one token pair (the refresh rotates: both halves are stored). Concurrent callers share
 * one refresh. If the server refuses (4xx), the session of that kind is treated as invalid and removed;
 * a network failure or a server error keeps the tokens for a later attempt.
 */
export function refreshTokens(kind: TokenKind): Promise<boolean> {
  const running = inflight.get(kind);
  if (running) return running;
  const job = (async () => {
    const refresh = refreshTokenOf(kind);
    if (!refresh) return false;
    try {
      // The answer is kept once it came: the old refresh token is spent once the server has rotated it.
      const pair = (await send('tokenRefresh', { json: { refresh } })) as Partial<ApiResult<'tokenRefresh'>> | null;
      reportAnswer();
      if (typeof pair?.access !== 'string' || typeof pair.refresh !== 'string') throw new Error('The refresh answer has no token pair');
      if (refreshTokenOf(kind) === refresh) useSession.getState().setPair(kind, { access: pair.access, refresh: pair.refresh });
      return true;
    } catch (error) {
      reportReachability(error);
      console.warn(`Token refresh (${kind}) failed`, error);
      // Only the museum refusing it (a 4xx) ends the session; a server error or a captive portal's 511 does not.
      if (isHTTPError(error) && error.response.status < 500 && refreshTokenOf(kind) === refresh) {
        const s = useSession.getState();
        if (kind === 'child') s.clearChild();
        else s.clearAll();
      }
      return false;
    } finally {
      inflight.delete(kind);
    }
  })();
  inflight.set(kind, job);
  return job;
}

export { ApiError };
