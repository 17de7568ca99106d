/**
 * The Hono app: middleware (security headers, language, CSRF, body limits, bearer auth), the API
 * routes, /media and the built PWA, and one error handler for the contract's error bodies.
 * Routes are registered without trailing slashes and the app is non-strict, so /api/login and
 * /api/login/ are the same route.
 */
import { join } from 'node:path';

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

import { M } from '../contract/messages';
import { SHARE_TARGET_PATH } from '../contract/offline';
import type { AppDeps } from './deps';
import type { AppEnv } from './env';
import { ValidationError } from './errors';
import { bearerAuth } from './middleware/auth';
import { csrf } from './middleware/csrf';
import { nonDocumentPolicy, pwaPolicies, thirdPartySources } from './middleware/csp';
import { notFoundJson, onError } from './middleware/errors';
import { language } from './middleware/language';
import { bodyReadToEnd, PICTURE_UPLOAD, WORK_UPLOAD, type UploadLimits } from './middleware/multipart';
import { serveMedia, servePwa } from './middleware/static';
import { accountRoutes } from './routes/account';
import { artworkRoutes } from './routes/artworks';
import { authRoutes } from './routes/auth';
import { organizationRoutes } from './routes/organizations';
import { profileRoutes } from './routes/profiles';
import { publicRoutes } from './routes/public';

const JSON_BODY_LIMIT = 256 * 1024;

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** The multipart uploads, read by middleware/multipart.ts: a work's images or a profile picture. */
function uploadAt(path: string): UploadLimits | null {
  if (/^\/api\/artworks(\/\d+\/update)?\/?$/.test(path)) return WORK_UPLOAD;
  if (/^\/api\/register-profile\/?$/.test(path)) return PICTURE_UPLOAD;
  return null;
}

/**
 * Reject oversized bodies before anything buffers them. An upload is held to its declared length
 * here and counted while it streams by its reader; any upload answered without its body read to
 * the end (refused by its length, its caller, the quota, a limit or the per-account cap) closes
 * the connection, as the rest of the body stays unread and the connection cannot carry another
 * request (issue 9, finding 6: no reading 75 MB only to refuse them). Other bodies are small and
 * buffered by hono's bodyLimit.
 */
const limitBodies = createMiddleware<AppEnv>(async (c, next) => {
  const upload = c.req.method === 'POST' ? uploadAt(c.req.path) : null;
  if (upload) {
    try {
      if (Number(c.req.header('content-length') ?? 0) > upload.maxBodyBytes) throw ValidationError.of(upload.fileField, M.imageTooLarge.id);
      await next();
    } finally {
      if (!bodyReadToEnd(c)) c.header('Connection', 'close');
    }
    return;
  }
  const limiter = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      // The rest of the body stays unread, so this connection cannot carry another request.
      c.header('Connection', 'close');
      throw ValidationError.nonField(M.invalidBody.id);
    },
  });
  return limiter(c, next);
});

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  const mediaRoot = join(deps.config.dataDir, 'media');
  const https = deps.config.publicUrl.startsWith('https://');
  const policies = pwaPolicies(thirdPartySources(deps.config));

  // COOP/CORP defaults suit a same-origin PWA. The PWA's pages and scripts get its Content-Security-Policy in
  // servePwa (from the HTML it sends); every other answer gets an empty one (middleware/csp.ts).
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, strictTransportSecurity: https ? undefined : false }));
  app.use('*', nonDocumentPolicy);
  app.use('*', language);
  // The manifest's share_target posts here; the service worker answers it. Without a worker (evicted,
  // or not installed yet) the shared files cannot be kept, but the user still lands on the capture page.
  app.post(SHARE_TARGET_PATH, (c) => c.redirect('/register-work', 303));
  app.use('*', csrf({ secure: https }));
  // JSON answers are gzipped for clients that accept it (the PWA's files: below).
  app.use('/api/*', compress({ encoding: 'gzip' }));
  app.use('/api/*', limitBodies);
  app.use('/api/*', bearerAuth(deps));
  app.use('/api/*', async (c, next) => {
    await next();
    // Answers depend on the bearer token; no shared cache may keep them.
    c.header('Cache-Control', 'no-store');
  });

  for (const routes of [authRoutes, profileRoutes, accountRoutes, organizationRoutes, publicRoutes, artworkRoutes]) {
    app.route('/api', routes(deps));
  }

  const media = serveMedia(mediaRoot);
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
