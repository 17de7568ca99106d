/**
 * Registers every operation of the endpoint table (src/contract/endpoints.ts) with its handler. What the entry
 * declares is applied here, in this order, so that a handler only does its work:
 *   body limit -> caller check (access) -> path parameters (404) -> upload place (multipart) -> query and JSON or
 *   form body (400) -> rate limits (429) -> handler -> the answer checked against its schema (not in production).
 * A multipart body is read by its handler (it streams), with the limits and field schema of its entry; a form body
 * (a few text fields, multipart or urlencoded) is read whole here and checked like a JSON one.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';

import { bodyLimitOf, paramsSchema, responsesOf, type Endpoint, type FormBody, type JsonBody, type ParamsOf } from '@contract/endpoint';
import { ENDPOINTS, type Endpoints, type OperationId } from '@contract/endpoints';
import { M } from '@contract/messages';
import { RATE_LIMITS, type RateLimitUse } from '@contract/rate-limits';
import type { AppDeps } from '../deps';
import { hit, refund, type Hit } from '../domain/rate-limit';
import { assertStaff, assertSuperAdmin } from '../domain/staff';
import type { Auth } from '../domain/sessions';
import type { AppEnv } from '../env';
import { ApiError, ValidationError } from '../errors';
import type { Translate } from '../i18n';
import { requireAuth, requireChild, requireParent, type ChildAuth } from '../middleware/auth';
import { clientIp } from '../middleware/client-ip';
import { readForm } from '../middleware/form';
import { bodyReadToEnd, uploadSlot } from '../middleware/multipart';
import { parseOrThrow, validate } from '../middleware/validate';

type AuthOf<A> = A extends 'child' ? ChildAuth : A extends 'parent' | 'session' | 'staff' | 'admin' ? Auth : Auth | null;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the caller, and everything its entry declares, already checked. */
export interface Call<E extends Endpoint> {
  c: Context<AppEnv>;
  deps: AppDeps;
  auth: AuthOf<E['access']>;
  params: ParamsOf<E>;
  query: Parsed<E['query']>;
  body: E['body'] extends JsonBody<infer S> | FormBody<infer S> ? z.output<S> : undefined;
  lang: AppEnv['Variables']['lang'];
  t: Translate;
}

/** An answer with a status other than the entry's success status (an idempotent replay keeps its original). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export type Handler<E extends Endpoint> = (call: Call<E>) => Promise<z.input<E['ok']['schema']> | Reply | Response>;
export type Handlers = { [K in OperationId]: Handler<Endpoints[K]> };

/** `/api/artworks/{id}/like/` -> `/api/artworks/:id{[0-9]+}/like` (the app is non-strict: the slash is optional). */
export function honoPath(path: string): string {
  return path
    .replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' || name.endsWith('Id') ? `:${name}{[0-9]+}` : `:${name}`))
    .replace(/(.)\/$/, '$1');
}

/**
 * The query as strings and lists of strings; empty values are absent. Read with URLSearchParams (the WHATWG form
 * decoding, + as a space, as hono's c.req.queries()): a sixth of the time of c.req.queries(), which showed in
 * issue 30's profile.
 */
function rawQuery(c: Context<AppEnv>): Record<string, string | string[]> {
  const url = c.req.url;
  const start = url.indexOf('?');
  if (start === -1) return {};
  // A Map, then own properties: a name such as __proto__ is a name like any other.
  const found = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    if (value.trim() === '') continue;
    const earlier = found.get(name);
    found.set(name, earlier === undefined ? value : typeof earlier === 'string' ? [earlier, value] : [...earlier, value]);
  }
  return Object.fromEntries(found);
}

function authFor(c: Context<AppEnv>, access: Endpoint['access']): Auth | null {
  switch (access) {
    case 'child':
      return requireChild(c);
    case 'parent':
    case 'staff':
    case 'admin':
      return requireParent(c);
    case 'session':
      return requireAuth(c);
    default:
      return c.get('auth');
  }
}

function subjectOf(use: RateLimitUse, c: Context<AppEnv>, deps: AppDeps, auth: Auth | null, body: unknown): string | null {
  const fields = (body ?? {}) as Record<string, unknown>;
  if (use.whenField && fields[use.whenField] === undefined) return null;
  if (use.by === 'ip') return clientIp(c, deps.config.trustProxy);
  if (use.by === 'user') return auth ? String(auth.user.id) : null;
  const address = fields[use.field ?? 'email'];
  return typeof address === 'string' ? address : null;
}

/**
 * An upload is held to its declared length here and counted while it streams by its reader. Answered without its
 * body read to the end (refused by its length, its caller, the quota, a limit or the per-account cap), the
 * connection closes: the rest of the body stays unread and it cannot carry another request (issue 9, finding 6).
 * Other bodies are small and buffered by hono's bodyLimit.
 */
function limitBody(e: Endpoint): MiddlewareHandler<AppEnv> {
  const max = bodyLimitOf(e);
  if (e.body?.type === 'multipart') {
    const field = e.body.upload.fileField;
    return createMiddleware<AppEnv>(async (c, next) => {
      try {
        if (Number(c.req.header('content-length') ?? 0) > max) throw ValidationError.of(field, M.imageTooLarge.id);
        await next();
      } finally {
        if (!bodyReadToEnd(c)) c.header('Connection', 'close');
      }
    });
  }
  return bodyLimit({
    maxSize: max,
    onError: (c) => {
      c.header('Connection', 'close');
      throw ValidationError.nonField(M.invalidBody.id);
    },
  });
}

function route(id: OperationId, e: Endpoint, handler: Handler<Endpoint>, deps: AppDeps): MiddlewareHandler<AppEnv>[] {
  const params = paramsSchema(e.path);
  /** The caller check (access), before anything else of the request is read. */
  const checkCaller = async (c: Context<AppEnv>) => {
    const auth = authFor(c, e.access);
    // Staff of another organization, or a parent who runs none, find nothing there (404), as for another family.
    if (e.access === 'staff') {
      const orgId = params.safeParse(c.req.param()).data?.orgId as number | undefined;
      await assertStaff(deps.db, auth!, orgId);
    }
    if (e.access === 'admin') assertSuperAdmin(auth!);
  };
  const checkParams = (c: Context<AppEnv>) => {
    if (!params.safeParse(c.req.param()).success) throw new ApiError(404, M.notFound);
  };
  const callerCheck = createMiddleware<AppEnv>(async (c, next) => {
    await checkCaller(c);
    await next();
  });
  const paramsCheck = createMiddleware<AppEnv>(async (c, next) => {
    checkParams(c);
    await next();
  });
  // A GET's body is never read, so it needs no limit (and hono's check would build the whole fetch Request); it has
  // no upload or JSON body either, so its checks run in the handler's own step, in the same order (issue 30: a
  // middleware's promise per check per request showed in the profile).
  const inline = e.method === 'GET' && e.body === undefined;
  const chain: MiddlewareHandler<AppEnv>[] = inline ? [] : e.method === 'GET' ? [callerCheck] : [limitBody(e), callerCheck];
  if (e.body?.type === 'multipart') chain.push(uploadSlot(deps));
  if (!inline) chain.push(paramsCheck);
  if (e.body?.type === 'json') chain.push(validate('json', e.body.schema) as MiddlewareHandler<AppEnv>);

  chain.push(async (c) => {
    if (inline) {
      await checkCaller(c);
      checkParams(c);
    }
    const auth = authFor(c, e.access);
    const query = e.query ? parseOrThrow(e.query, rawQuery(c)) : undefined;
    const body: unknown =
      e.body?.type === 'json'
        ? c.req.valid('json' as never)
        : e.body?.type === 'form'
          ? parseOrThrow(e.body.schema, await readForm(c))
          : undefined;

    const hits: { use: RateLimitUse; hit: Hit }[] = [];
    for (const use of e.rateLimits ?? []) {
      const subject = subjectOf(use, c, deps, auth, body);
      if (subject !== null) hits.push({ use, hit: await hit(deps.db, RATE_LIMITS[use.limit], subject, deps.clock()) });
    }
    const settle = async (succeeded: boolean) => {
      for (const { use, hit: h } of hits) {
        if ((use.counts === 'failures' && succeeded) || (use.counts === 'successes' && !succeeded)) await refund(deps.db, h);
      }
    };

    let answer: unknown;
    try {
      answer = await handler({
        c,
        deps,
        auth,
        params: params.parse(c.req.param()),
        query,
        body,
        lang: c.get('lang'),
        t: c.get('t'),
      } as Call<Endpoint>);
    } catch (err) {
      await settle(false);
      throw err;
    }
    await settle(true);
    // A finished answer that is not JSON (the open archive's streamed zip): sent as it is.
    if (answer instanceof Response) return answer;
    const reply = answer instanceof Reply ? answer : new Reply(e.ok.status, answer);
    if (deps.config.validateResponses) checkAnswer(id, e, reply);
    return c.json(reply.body as object, reply.status as 200);
  });
  return chain;
}

/** An answer that breaks its schema is a bug of ours: a 500 in development, and a failed server test. */
function checkAnswer(id: OperationId, e: Endpoint, reply: Reply): void {
  const schema = reply.status === e.ok.status ? e.ok.schema : (responsesOf(e).get(reply.status) ?? null);
  const result = schema?.safeParse(reply.body);
  if (!result?.success) {
    throw new Error(`${id}: the ${reply.status} answer breaks the endpoint table${result?.error ? `: ${result.error.message}` : ''}`);
  }
}

export function registerEndpoints(app: Hono<AppEnv>, handlers: Handlers, deps: AppDeps): void {
  for (const [id, e] of Object.entries(ENDPOINTS) as [OperationId, Endpoint][]) {
    const handler = handlers[id] as Handler<Endpoint> | undefined;
    if (!handler) throw new Error(`No handler for ${id}`);
    app.on([e.method], [honoPath(e.path)], ...route(id, e, handler, deps));
  }
}
