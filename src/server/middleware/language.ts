/** ?language=en|ja on every request picks the language of the answer (default en). */
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../env';
import { parseLanguage, translator } from '../i18n';

export const language = createMiddleware<AppEnv>(async (c, next) => {
  const lang = parseLanguage(c.req.query('language'));
  c.set('lang', lang);
  c.set('t', translator(lang));
  await next();
  c.header('Content-Language', lang);
});
