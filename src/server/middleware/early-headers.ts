/**
 * Headers known before the answer exists (the security list, the language, the request id, the API's Cache-Control
 * and Vary, the CSRF cookie, the public wall's caching headers) go straight onto node's ServerResponse, which
 * @hono/node-server passes to the app as `c.env.outgoing`; its writeHead() merges the answer's own headers over them.
 * hono's c.header() keeps them in a fetch Headers object instead, whose validation and sorting, and @hono/node-server
 * copying them back out, were 13 % of a revalidation's time (issue 30's profile); an answer with no header of its own
 * now needs no Headers object at all.
 *
 * So a header the answer sets itself wins over one set here, whatever the order. Under `app.request()` (no node
 * server) they go through c.header(), as before.
 */
import type { ServerResponse } from 'node:http';

import type { Context } from 'hono';

/** Node's answer for this request, when the app runs under @hono/node-server and nothing has been sent yet. */
export function outgoingOf(c: Context): ServerResponse | undefined {
  const out = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return out && !out.headersSent ? out : undefined;
}

/** Sets (replaces) a header of the answer to come. */
export function setEarlyHeader(c: Context, name: string, value: string): void {
  const out = outgoingOf(c);
  if (out) out.setHeader(name, value);
  else c.header(name, value);
}

/** Removes a header set by setEarlyHeader. */
export function removeEarlyHeader(c: Context, name: string): void {
  const out = outgoingOf(c);
  if (out) out.removeHeader(name);
  else c.header(name, undefined);
}
