/**
 * The Hono app: middleware (security headers, language, CSRF, bearer auth), the API operations of the
 * endpoint table (routes/register.ts), /media and the built PWA, and one error handler for the contract's
 * error bodies. Routes are registered without trailing slashes and the app is non-strict, so /api/login and
 * /api/login/ are the same route.
 */
import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';

import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

import { API_PREFIX } from '@contract/endpoint';
import { ENDPOINTS } from '@contract/endpoints';
import { SHARE_TARGET_PATH } from '@contract/offline';
import type { AppDeps } from './deps';
import { readOnArrival } from './domain/versions';
import type { AppEnv } from './env';
import { bearerAuth } from './middleware/auth';
import { csrf } from './middleware/csrf';
import { outgoingOf, setEarlyHeader } from './middleware/early-headers';
import { pwaPolicies, thirdPartySources } from './middleware/csp';
import { notFoundJson, onError } from './middleware/errors';
import { answerHeaders } from './middleware/language';
import { requestLog } from './middleware/request-log';
import { serveMedia, servePwa } from './middleware/static';
import { accountHandlers } from './routes/account';
import { workHandlers } from './routes/works';
import { authHandlers } from './routes/auth';
import { billingHandlers } from './routes/billing';
import { circleHandlers } from './routes/circle';
import { classesHandlers } from './routes/classes';
import { consoleHandlers } from './routes/console';
import { contestsHandlers } from './routes/contests';
import { healthHandlers } from './routes/health';
import { organizationHandlers } from './routes/organizations';
import { profileHandlers } from './routes/profiles';
import { publicHandlers } from './routes/public';
import { registerEndpoints, type Handlers } from './routes/register';
import { siteHandlers } from './routes/site';
import { timelineHandlers } from './routes/timeline';

/** One handler per operation of the endpoint table; the type fails to check when one is missing. */
const HANDLERS = {
  ...authHandlers,
  ...accountHandlers,
  ...profileHandlers,
  ...organizationHandlers,
  ...publicHandlers,
  ...siteHandlers,
  ...healthHandlers,
  ...workHandlers,
  ...timelineHandlers,
  ...contestsHandlers,
  ...consoleHandlers,
  ...classesHandlers,
  ...billingHandlers,
  ...circleHandlers,
} satisfies Handlers;

const isApi = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  const https = deps.config.publicUrl.startsWith('https://');
  const policies = pwaPolicies(thirdPartySources(deps.config));

  // First, so that its line times everything and every answer, an error's too, carries X-Request-Id.
  app.use('*', requestLog({ enabled: deps.config.logRequests }));
  // The language, secureHeaders' headers (COOP/CORP defaults suit a same-origin PWA) and Content-Security-Policy: the
  // PWA's pages and scripts get theirs in servePwa (from the HTML it sends); every other answer an empty one (csp.ts).
  // Behind https, secureHeaders' own Strict-Transport-Security (the key left out: `undefined` would turn it off).
  app.use('*', answerHeaders({ crossOriginEmbedderPolicy: false, ...(https ? {} : { strictTransportSecurity: false }) }));
  // The manifest's share_target posts here; the service worker answers it. Without a worker (evicted,
  // or not installed yet) the shared files cannot be kept, but the user still lands on the capture page.
  app.post(SHARE_TARGET_PATH, (c) => c.redirect('/register-work', 303));
  app.use('*', csrf({ secure: https }));
  // JSON answers are gzipped for clients that accept it (the PWA's files: below). A request without Accept-Encoding
  // skips compress(): it would only add Vary: Accept-Encoding, which every API answer has already (below).
  const gzip = compress({ encoding: 'gzip' });
  const auth = bearerAuth(deps);
  app.use(`${API_PREFIX}/*`, (c, next) => {
    // Answers depend on the bearer token; no shared cache may keep them. Set before the answer exists
    // (early-headers.ts; c.header() after next() would rebuild it around a stream: issue 14).
    setEarlyHeader(c, 'Cache-Control', 'no-store');
    setEarlyHeader(c, 'Vary', 'Accept-Encoding');
    if (c.req.header('Accept-Encoding') === undefined) return auth(c, next);
    return gzip(c, async () => {
      await auth(c, next);
      // compress() reads the answer's own Vary, and adds Accept-Encoding to it unless it is there: it must see the
      // Vary set above (the public wall's names Authorization too), or its own would replace it.
      const out = outgoingOf(c);
      const vary = out?.getHeader('Vary');
      if (typeof vary === 'string' && !c.res.headers.has('Vary')) {
        c.res.headers.set('Vary', vary);
        out!.removeHeader('Vary');
      }
    });
  });

  registerEndpoints(app, HANDLERS, deps);

  const media = serveMedia(deps.storage);
  const pwa = servePwa(deps.config.distDir, policies);
  app.on(['GET', 'HEAD'], '/media/*', async (c) => (await media(c)) ?? notFoundJson(c));
  app.on(
    ['GET', 'HEAD'],
    '*',
    async (c, next) => (isApi(c.req.path) ? notFoundJson(c) : next()),
    // The build's text files go out from their .br and .gz copies (middleware/static.ts); compress() encodes the
    // rest, above all index.html for a route, which changes with the path and language, and adds Vary to a text
    // file sent as it is.
    compress(),
    async (c) => (await pwa(c)) ?? notFoundJson(c),
  );

  app.notFound(notFoundJson);
  app.onError(onError);
  return app;
}

/** The public wall without a token (its path with or without the slash: the app is not strict), GET or HEAD. */
const WALL_PATHS = new Set([ENDPOINTS.publicWorks.path, ENDPOINTS.publicWorks.path.slice(0, -1)]);
function anonymousWall(incoming: IncomingMessage | Http2ServerRequest): boolean {
  if ((incoming.method !== 'GET' && incoming.method !== 'HEAD') || incoming.headers.authorization !== undefined) return false;
  const url = incoming.url ?? '';
  const query = url.indexOf('?');
  return WALL_PATHS.has(query === -1 ? url : url.slice(0, query));
}

/**
 * The app as node:http serves it (@hono/node-server's `fetch`: main.ts, and the tests' harness): an anonymous request
 * for the public wall, whose answer (a 304, the kept page, or the page and its ETag) starts from the versions, waits for
 * their read before the app takes it (versions.ts readOnArrival).
 */
export function nodeFetch(app: Hono<AppEnv>, deps: AppDeps) {
  return readOnArrival<HttpBindings | Http2Bindings, Response>(deps, anonymousWall, (request, env) => app.fetch(request, env));
}
