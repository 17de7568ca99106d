/**
 * What every answer carries, put on it in one step after the route has answered (one middleware, one pass over the
 * answer's headers: issue 30's profile showed each middleware's own pass):
 *   - the language: ?language=en|ja on every request picks the language of the answer (default en), as `lang` and its
 *     translator `t`, and goes back as Content-Language;
 *   - the security headers of hono's secureHeaders (COOP/CORP defaults suit a same-origin PWA), worked out once by
 *     secureHeaders itself from its options and then set from that list (a route that sets one of them itself, as the
 *     archive's nosniff, keeps its own under node);
 *   - the empty Content-Security-Policy of any answer that set no policy of its own (middleware/csp.ts).
 * Under node they go onto node's answer before it exists (early-headers.ts); elsewhere (app.request()) onto the finished
 * answer's own headers: hono's c.header() after next() rebuilds the answer around its body as a stream, which cost a
 * fetch Response and a ReadableStream per API call (issue 14's profile).
 */
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

import { LANGUAGES, type Language } from '@contract/limits';
import type { AppEnv } from '../env';
import { parseLanguage, translator, type Translate } from '../i18n';
import { NON_DOCUMENT_POLICY } from './csp';
import { outgoingOf } from './early-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The headers hono's secureHeaders sets with these options: it is run once on a context that only records them (it
 * computes the same list for every request; nothing of the request goes into it without a CSP nonce, which we do not use).
 */
export async function secureHeaderList(options: SecureHeadersOptions): Promise<[string, string][]> {
  const set: [string, string][] = [];
  const recorder = {
    res: {
      headers: {
        has: () => false,
        set: (name: string, value: string) => void set.push([name, value]),
        delete: () => undefined,
      },
    },
    get: () => undefined,
    set: () => undefined,
  };
  await secureHeaders(options)(recorder as never, async () => {});
  return set;
}

const TRANSLATORS = Object.fromEntries(LANGUAGES.map((l) => [l, translator(l)])) as Record<Language, Translate>;

/** The ?language= of the URL; a query without "language" or an escape in it cannot name one, so it is not parsed. */
function languageOf(url: string, query: (name: string) => string | undefined): Language {
  const start = url.indexOf('?');
  if (start === -1 || (url.indexOf('language', start) === -1 && url.indexOf('%', start) === -1)) return 'en';
  return parseLanguage(query('language'));
}

export function answerHeaders(options: SecureHeadersOptions): MiddlewareHandler<AppEnv> {
  let list: [string, string][] | undefined;
  const ready = secureHeaderList(options).then((l) => (list = l));
  return createMiddleware<AppEnv>(async (c, next) => {
    const lang = languageOf(c.req.url, (name) => c.req.query(name));
    c.set('lang', lang);
    c.set('t', TRANSLATORS[lang]);
    const out = outgoingOf(c);
    if (out) {
      // Under node, on node's answer before it exists (early-headers.ts): the answer's own Content-Security-Policy,
      // a page's, is merged over the empty one.
      for (const [name, value] of list ?? (await ready)) out.setHeader(name, value);
      out.setHeader('Content-Security-Policy', NON_DOCUMENT_POLICY);
      out.setHeader('Content-Language', lang);
      return next();
    }
    await next();
    const headers = c.res.headers;
    for (const [name, value] of list ?? (await ready)) headers.set(name, value);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', NON_DOCUMENT_POLICY);
    headers.set('Content-Language', lang);
  });
}
