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

import { LIMITS } from '../contract/limits';
import { M } from '../contract/messages';
import { SHARE_TARGET_PATH } from '../contract/offline';
import type { AppDeps } from './deps';
import type { AppEnv } from './env';
import { ValidationError } from './errors';
import { bearerAuth } from './middleware/auth';
import { csrf } from './middleware/csrf';
import { notFoundJson, onError } from './middleware/errors';
import { language } from './middleware/language';
import { serveMedia, servePwa } from './middleware/static';
import { accountRoutes } from './routes/account';
import { artworkRoutes } from './routes/artworks';
import { authRoutes } from './routes/auth';
import { organizationRoutes } from './routes/organizations';
import { profileRoutes } from './routes/profiles';
import { publicRoutes } from './routes/public';

const JSON_BODY_LIMIT = 256 * 1024;
/** Room for one picture at the limit plus the form's text fields. */
const UPLOAD_BODY_LIMIT = LIMITS.maxUploadBytes + 256 * 1024;
/** A work: 5 images at the limit plus 1 MB for the text fields and multipart framing. */
const WORK_BODY_LIMIT = LIMITS.maxImagesPerWork * LIMITS.maxUploadBytes + 1024 * 1024;

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** Reject oversized bodies while streaming, before anything buffers them. */
const limitBodies = createMiddleware<AppEnv>(async (c, next) => {
  const picture = /^\/api\/register-profile\/?$/.test(c.req.path);
  const work = /^\/api\/artworks(\/\d+\/update)?\/?$/.test(c.req.path);
  const limiter = bodyLimit({
    maxSize: work ? WORK_BODY_LIMIT : picture ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT,
    onError: () => {
      // The rest of the body stays unread, so this connection cannot carry another request.
      c.header('Connection', 'close');
      if (work) throw ValidationError.of('images', M.imageTooLarge.id);
      throw picture ? ValidationError.of('profile_picture', M.imageTooLarge.id) : ValidationError.nonField(M.invalidBody.id);
    },
  });
  return limiter(c, next);
});

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  const mediaRoot = join(deps.config.dataDir, 'media');
  const https = deps.config.publicUrl.startsWith('https://');

  // COOP/CORP defaults suit a same-origin PWA; CSP is left to the web build, which knows its assets.
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, strictTransportSecurity: https ? undefined : false }));
  app.use('*', language);
  // The manifest's share_target posts here; the service worker answers it. Without a worker (evicted,
  // or not installed yet) the shared files cannot be kept, but the user still lands on the capture page.
  app.post(SHARE_TARGET_PATH, (c) => c.redirect('/register-work', 303));
  app.use('*', csrf({ secure: https }));
  // JSON answers are gzipped for clients that accept it; the PWA's files are compressed in servePwa.
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

  app.on(['GET', 'HEAD'], '/media/*', async (c) => (await serveMedia(c, mediaRoot)) ?? notFoundJson(c));
  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (isApi(c.req.path)) return notFoundJson(c);
    return (await servePwa(c, deps.config.distDir)) ?? notFoundJson(c);
  });

  app.notFound(notFoundJson);
  app.onError(onError);
  return app;
}
