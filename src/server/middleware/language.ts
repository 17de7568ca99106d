/**
 * ?language=en|ja on every request picks the language of the answer (default en). The header goes onto the finished
 * answer's own headers: hono's c.header() after next() rebuilds the answer around its body as a stream, which cost a
 * fetch Response and a ReadableStream per API call (issue 14's profile).
 */
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../env';
import { parseLanguage, translator } from '../i18n';

export const language = createMiddleware<AppEnv>(async (c, next) => {
  const lang = parseLanguage(c.req.query('language'));
  c.set('lang', lang);
  c.set('t', translator(lang));
  await next();
  c.res.headers.set('Content-Language', lang);
});
