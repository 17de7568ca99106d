/**
 * The one place that shapes error bodies (contract errors.ts):
 * 400 {field: [msgs]} · 401/404/409/422/429/503 {detail} · 403 {errors, detail} · 500 {errors}.
 * Anything the client sent that we could not read is a 400, never a 500.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';

import { NON_FIELD } from '@contract/errors';
import { M } from '@contract/messages';
import type { AppEnv } from '../env';
import { ApiError, ValidationError } from '../errors';
import { translator, type Translate } from '../i18n';
import { errorFields, log } from '../log';
import { loggedPath } from './request-log';

function t(c: Context<AppEnv>): Translate {
  // onError can run before the language middleware (e.g. a URI error), so fall back to English.
  return c.get('t') ?? translator('en');
}

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const tr = t(c);
  if (err instanceof ValidationError) {
    const body = Object.fromEntries(Object.entries(err.fields).map(([field, ids]) => [field, ids.map((id) => tr(id, err.values))]));
    return c.json(body, 400);
  }
  if (err instanceof ApiError) {
    const text = tr(err.msg, err.values);
    if (err.status === 403) return c.json({ errors: text, detail: text }, 403, err.headers);
    return c.json({ detail: text }, err.status, err.headers);
  }
  if (err instanceof HTTPException && err.status >= 400 && err.status < 500) {
    // Malformed JSON or multipart, oversized bodies: the request could not be read.
    return c.json({ [NON_FIELD]: [tr(M.invalidBody)] }, 400);
  }
  log('error', 'unexpected error', { requestId: c.get('requestId'), method: c.req.method, path: loggedPath(c), ...errorFields(err) });
  return c.json({ errors: tr(M.serverError) }, 500);
};

export const notFoundJson: NotFoundHandler<AppEnv> = (c) => c.json({ detail: t(c)(M.notFound) }, 404);
