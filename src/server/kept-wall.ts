/**
 * The public wall's pages answered in front of hono, for the commonest request of all: an anonymous visitor's
 * `GET /api/artworks/?page=N` (issue 14: a school's shared contest results, opened by a few hundred families at once).
 *
 * A page is kept here only after the whole app answered that exact URL with a kept page of the public wall
 * (domain/work-lists.ts): its bytes, the version of the wall they were read at, and the headers the middleware
 * gave that answer. The next request for the same URL, without a bearer token, is answered here when the wall's
 * version, read after the request arrived (one shared read for the requests that arrive together: work-lists.ts
 * `coalesced`), is still the kept one; anything else (another version, a token, HEAD, an encoding other than gzip or
 * none, a failed read) goes through the app as before. So visibility stays exact for every instance, and the answer
 * is the one the app gives: the same body and headers, with its own request id, CSRF cookie and log line
 * (request-log.ts, csrf.ts), gzipped as compress() would.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';

import { API_PREFIX } from '@contract/endpoint';
import type { AppDeps } from './deps';
import type { AppEnv } from './env';
import { currentWallVersion } from './domain/work-lists';
import { lingerOnEarlyClose } from './linger';
import { logRequest } from './log';
import { hasCsrfCookie, newCsrfCookie } from './middleware/csrf';
import { REQUEST_ID_HEADER, requestIdFor } from './middleware/request-log';

interface KeptAnswer {
  version: string;
  body: Buffer;
  gzip?: Buffer;
  /** The app's headers of this answer, but for those made per request. */
  headers?: Record<string, string>;
}

/** Headers the app makes for each answer; the kept answer gets its own. */
const PER_REQUEST = new Set(['x-request-id', 'set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'date']);
/** Distinct URLs kept (a query may carry other parameters, which the links repeat). */
const MAX_KEPT = 400;
const WALL_PATHS = [`${API_PREFIX}/artworks/`, `${API_PREFIX}/artworks`];

const stores = new WeakMap<AppDeps, Map<string, KeptAnswer>>();
function storeOf(deps: AppDeps): Map<string, KeptAnswer> {
  let store = stores.get(deps);
  if (!store) stores.set(deps, (store = new Map()));
  return store;
}
/** Answers made here, per app (for the tests). */
const answered = new WeakMap<AppDeps, number>();
export const keptAnswersServed = (deps: AppDeps): number => answered.get(deps) ?? 0;

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Keeps the app's answer to an anonymous request for a kept wall page (routes/works.ts), by its path and query as
 * the client wrote them (`/api/artworks/?page=2&language=ja`): the body's links repeat them.
 */
export function keepWallAnswer(deps: AppDeps, url: string, version: string, text: string): void {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const key = url.slice(start);
  if (!WALL_PATHS.includes(pathOf(key))) return;
  const store = storeOf(deps);
  const kept = store.get(key);
  if (kept?.version === version) return;
  store.delete(key);
  store.set(key, { version, body: Buffer.from(text) });
  if (store.size > MAX_KEPT) store.delete(store.keys().next().value!);
}

/** gzip when compress() would choose it (its candidates here are gzip alone), none without Accept-Encoding. */
function encodingFor(accepted: string | undefined): 'gzip' | 'identity' | undefined {
  if (accepted === undefined) return 'identity';
  const accepts = parseAccept(accepted);
  const gzip = accepts.find((a) => a.type.toLowerCase() === 'gzip') ?? accepts.find((a) => a.type === '*');
  // Other choices (a q below 1, gzip refused) are rare: the app answers them.
  if (gzip?.q === 1) return 'gzip';
  return gzip === undefined ? 'identity' : undefined;
}

/** Answers from a kept page, or returns false for the app to answer. */
async function answerKept(deps: AppDeps, kept: KeptAnswer, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const started = performance.now();
  const encoding = encodingFor(req.headers['accept-encoding']);
  // Its headers come with the app's next answer to this URL.
  if (encoding === undefined || !kept.headers) return false;
  let version: string;
  try {
    version = await currentWallVersion(deps);
  } catch {
    return false;
  }
  if (version !== kept.version) return false;
  const id = requestIdFor(req.headers[REQUEST_ID_HEADER] as string | undefined);
  const headers: Record<string, string | string[]> = { ...kept.headers, [REQUEST_ID_HEADER]: id };
  if (!hasCsrfCookie(req.headers.cookie)) headers['set-cookie'] = newCsrfCookie(deps.config.publicUrl.startsWith('https://'));
  let body = kept.body;
  if (encoding === 'gzip') {
    body = kept.gzip ??= gzipSync(kept.body);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(body);
  answered.set(deps, keptAnswersServed(deps) + 1);
  if (deps.config.logRequests)
    logRequest(id, 'GET', pathOf(req.url!), 200, Math.round((performance.now() - started) * 10) / 10, body.length);
  return true;
}

/**
 * The server: hono on node:http (@hono/node-server), with kept wall pages answered in front of it. main.ts and the
 * tests' harness serve the app through this, so the tests see what production does.
 */
export function serveApp(
  app: Hono<AppEnv>,
  deps: AppDeps,
  options: { port: number; hostname?: string },
  onListening?: (port: number) => void,
): Server {
  const store = storeOf(deps);
  // The app's answers to kept URLs lend their headers (the middleware's, as they are today) to the kept answers.
  const fetch = async (request: Request, env: unknown): Promise<Response> => {
    const response = await app.fetch(request, env);
    if (response.status === 200 && request.method === 'GET' && !request.headers.has('authorization')) {
      const kept = store.get(request.url.slice(request.url.indexOf('/', request.url.indexOf('://') + 3)));
      if (kept && !kept.headers) {
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!PER_REQUEST.has(name)) headers[name] = value;
        });
        kept.headers = headers;
      }
    }
    return response;
  };
  const listener = getRequestListener(fetch);
  const server = createServer((req, res) => {
    lingerOnEarlyClose(req);
    const kept = req.method === 'GET' && req.headers.authorization === undefined ? store.get(req.url!) : undefined;
    if (!kept) return void listener(req, res);
    void answerKept(deps, kept, req, res).then(
      (answered) => {
        if (!answered) void listener(req, res);
      },
      () => void listener(req, res),
    );
  });
  server.listen(options.port, options.hostname, () => onListening?.((server.address() as AddressInfo).port));
  return server;
}
