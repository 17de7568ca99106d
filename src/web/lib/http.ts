/**
 * The one HTTP client (accounts spec §7, notes/api-behaviour.md). Every call:
 * - carries `?language=` (the active UI language);
 * - carries the bearer token: the child token first, none on the unauthenticated paths, and the
 *   parent token on the account-level calls a child's pages make (the child login, the image count);
 * - sends credentials and the X-CSRFToken header (from the csrftoken cookie) on writes;
 * - has no timeout;
 * - on a 401 refreshes once (concurrent calls share that refresh) and retries once, unless it is a
 *   POST (not replay-safe) or the refresh itself;
 * - on failure shows an error toast with the derived message (opt out with `silent`) and rejects
 *   with an ApiError carrying that message.
 */
import { i18n } from '@lingui/core';
import type { KyInstance, KyResponse, Options } from 'ky';
import type { z } from 'zod';

import type { tokenPair } from '../../contract/accounts';
import { API, CSRF_COOKIE, CSRF_HEADER, UNAUTHENTICATED_PATHS } from '../../contract/paths';
import { ApiError, isHTTPError } from './api-error';
import { refreshTokenOf, tokenOf, useSession, type TokenKind } from './session';
import { notify } from './toast';
import { reportAnswer, reportNetworkFailure } from './use-online';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathOf(url: string): string {
  return new URL(url, window.location.origin).pathname;
}

function isUnauthenticated(path: string): boolean {
  return UNAUTHENTICATED_PATHS.some((p) => path.startsWith(p));
}

/**
 * Account-level calls, sent with the parent token even while a child is selected: the child login picks a
 * child, and the image count belongs to the account (decisions.md, "Child tokens").
 */
const PARENT_PATHS: readonly string[] = [API.profileLogin, API.userImageCount];

/** The token kind a path is called with, given the tokens held now. */
function kindFor(path: string): TokenKind | null {
  if (path === API.tokenRefresh || isUnauthenticated(path)) return null;
  const s = useSession.getState();
  if (s.token && PARENT_PATHS.some((p) => path.startsWith(p))) return 'parent';
  if (path.startsWith(API.profileLogin)) return null;
  if (s.childToken) return 'child';
  return s.token ? 'parent' : null;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * ky loads with the first call rather than with the app: the landing page of a first visit makes none
 * (the footer asks for its blog link once it comes into view). A failed load is tried again next call.
 */
let client: Promise<KyInstance> | null = null;

function getClient(): Promise<KyInstance> {
  if (!client) {
    client = import('ky').then(({ default: ky }) => createClient(ky));
    client.catch(() => {
      client = null;
    });
  }
  return client;
}

function createClient(ky: typeof import('ky').default): KyInstance {
  return ky.create({
    credentials: 'include',
    timeout: false,
    // Only the forced retry after a token refresh; nothing else is retried here.
    retry: { limit: 1, methods: [] },
    hooks: {
      beforeRequest: [
        (request) => {
          const kind = kindFor(pathOf(request.url));
          const token = kind ? tokenOf(kind) : null;
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          if (WRITE_METHODS.has(request.method)) {
            const csrf = readCookie(CSRF_COOKIE);
            if (csrf) request.headers.set(CSRF_HEADER, csrf);
          }
        },
      ],
      afterResponse: [
        async (request, _options, response, state) => {
          if (response.status !== 401 || state.retryCount > 0) return;
          const kind = kindFor(pathOf(request.url));
          const sent = request.headers.get('Authorization')?.replace(/^Bearer /, '');
          if (!kind || !sent) return;
          // Another call may have refreshed already: then just use the new token.
          const current = tokenOf(kind);
          const refreshed = current !== null && current !== sent ? true : await refreshTokens(kind);
          const token = tokenOf(kind);
          if (!refreshed || !token || request.method === 'POST') return;
          const headers = new Headers(request.headers);
          headers.set('Authorization', `Bearer ${token}`);
          return ky.retry({ request: new Request(request, { headers }) });
        },
      ],
    },
  });
}

type TokenPair = z.infer<typeof tokenPair>;

/** An HTTP error is an answer; fetch's TypeError is a request that never got one (use-online). */
function reportReachability(error: unknown): void {
  if (isHTTPError(error)) reportAnswer();
  else if (error instanceof TypeError) reportNetworkFailure();
}

const inflight = new Map<TokenKind, Promise<boolean>>();

/**
 * Refreshes one token pair (the refresh rotates: both halves are stored). Concurrent callers share
 * one refresh. If the server refuses, the session of that kind is treated as invalid and removed;
 * a network failure keeps the tokens for a later attempt.
 */
export function refreshTokens(kind: TokenKind): Promise<boolean> {
  const running = inflight.get(kind);
  if (running) return running;
  const job = (async () => {
    const refresh = refreshTokenOf(kind);
    if (!refresh) return false;
    try {
      // zod and the contract load beside the request, not in the first load. The answer is kept even if
      // they cannot load: the old refresh token is spent once the server has rotated it.
      const schema = import('../../contract/accounts').then((m) => m.tokenPair);
      schema.catch(() => undefined);
      const response = await (await getClient()).post(API.tokenRefresh, {
        json: { refresh },
        searchParams: { language: i18n.locale || 'en' },
      });
      const pair = await parse<TokenPair>(response, schema);
      if (typeof pair?.access !== 'string' || typeof pair.refresh !== 'string') throw new Error('The refresh answer has no token pair');
      if (refreshTokenOf(kind) === refresh) useSession.getState().setPair(kind, pair);
      return true;
    } catch (error) {
      reportReachability(error);
      console.warn(`Token refresh (${kind}) failed`, error);
      if (isHTTPError(error) && refreshTokenOf(kind) === refresh) {
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

export interface CallOptions<T> {
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string | number>;
  /**
   * Parses (and types) the response; a mismatch is logged, not fatal. A loader (`() => import(...)`)
   * keeps zod and the contract out of the first load: it starts with the request, not after it.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /** No error toast: the caller shows the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

async function parse<T>(response: KyResponse, schemaOrLoad?: z.ZodType<T> | Promise<z.ZodType<T>>): Promise<T> {
  const raw = await response.text();
  const data: unknown = raw ? JSON.parse(raw) : null;
  if (!schemaOrLoad) return data as T;
  let schema: z.ZodType<T>;
  try {
    schema = await schemaOrLoad;
  } catch (error) {
    console.warn(`Could not load the schema for ${response.url}`, error);
    return data as T;
  }
  const result = schema.safeParse(data);
  if (!result.success) console.warn(`Unexpected response from ${response.url}`, result.error);
  return result.success ? result.data : (data as T);
}

async function call<T>(method: string, path: string, options: CallOptions<T> = {}): Promise<T> {
  const kyOptions: Options = {
    method,
    json: options.json,
    body: options.body,
    signal: options.signal,
    searchParams: { ...options.searchParams, language: i18n.locale || 'en' },
  };
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // Handled in parse; this only keeps a failed loader from being reported as unhandled meanwhile.
  if (schema instanceof Promise) schema.catch(() => undefined);
  try {
    const response = await (await getClient())(path, kyOptions);
    reportAnswer();
    return await parse(response, schema);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportReachability(error);
    const apiError = await import('./api-error-message').then(
      (m) => m.toApiError(error),
      // Without its chunk (offline before it was cached) the failure still rejects, with the bare error.
      () => new ApiError(error instanceof Error ? error.message : String(error), null, null),
    );
    if (!options.silent) notify.error(apiError.message);
    throw apiError;
  }
}

export const http = {
  get: <T>(path: string, options?: CallOptions<T>) => call<T>('GET', path, options),
  post: <T>(path: string, options?: CallOptions<T>) => call<T>('POST', path, options),
  patch: <T>(path: string, options?: CallOptions<T>) => call<T>('PATCH', path, options),
  put: <T>(path: string, options?: CallOptions<T>) => call<T>('PUT', path, options),
  delete: <T>(path: string, options?: CallOptions<T>) => call<T>('DELETE', path, options),
};

/**
 * Headers for a call sent outside ky (the upload queue uses XMLHttpRequest for byte progress):
 * the bearer token read now, at send time, and the CSRF header on writes.
 */
export function requestHeaders(path: string, method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const kind = kindFor(path);
  const token = kind ? tokenOf(kind) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (WRITE_METHODS.has(method)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return headers;
}

/** A path with the `?language=` every call carries. */
export function withLanguage(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('language', i18n.locale || 'en');
  return url.pathname + url.search;
}

export { ApiError };
