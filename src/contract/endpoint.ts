/**
 * What one API operation declares (the table itself is ./endpoints.ts), and what everything else derives from
 * a declaration: its path parameters, the statuses it can answer with, and its body limit. The server registers
 * its routes from these, the PWA's client builds its calls from them, and /api/openapi.json describes them.
 */
import { z } from 'zod';

import { badRequestBody, detailErrorBody, forbiddenErrorBody, unavailableErrorBody } from './errors';
import type { RateLimitUse } from './rate-limits';
import { JSON_BODY_LIMIT, type UploadLimits } from './uploads';

/**
 * Who may call an operation (architecture.md, "Who may call what"):
 * - `guest`: anyone; the PWA sends no token (sign-up, login, links from e-mails, token refresh);
 * - `public`: anyone; a token, when sent, personalises the answer (a child's likes);
 * - `session`: any token of the family, parent or child;
 * - `parent`: the parent account's token (account-level calls); a child token gets 403;
 * - `child`: a child token, acting for its own profile only; the parent token gets 403;
 * - `staff`: the parent token of a staff member of the organization `{orgId}` in the path; a child token gets 403,
 *   any other parent 404 (as for another family's objects: the organization's console does not exist for them);
 * - `admin`: the parent token of a super admin (appointed on the server's machine); any other parent gets 404.
 */
export type Access = 'guest' | 'public' | 'session' | 'parent' | 'child' | 'staff' | 'admin';

/** The accesses that need a token. */
export const TOKEN_ACCESS: readonly Access[] = ['session', 'parent', 'child', 'staff', 'admin'];
/** The accesses that need the parent token (a child token gets 403). */
export const PARENT_ACCESS: readonly Access[] = ['parent', 'staff', 'admin'];

/** Every operation's path starts here; nothing else of the site does. */
export const API_PREFIX = '/api';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface JsonBody<S extends z.ZodType = z.ZodType> {
  type: 'json';
  schema: S;
}

/**
 * A small form of text fields only (multipart or URL-encoded, as a browser's form sends it), read whole within
 * JSON_BODY_LIMIT and checked by `schema`; a file in it is refused.
 */
export interface FormBody<S extends z.ZodType = z.ZodType> {
  type: 'form';
  schema: S;
}

/**
 * The body as its bytes, unparsed, within JSON_BODY_LIMIT: a provider's webhook, whose signature is made over the
 * exact bytes sent (the handler reads it with `c.req.text()`).
 */
export interface RawBody {
  type: 'raw';
}

/** Text fields checked by `fields`; the files and the reader's limits by `upload`. */
export interface MultipartBody<S extends z.ZodType = z.ZodType> {
  type: 'multipart';
  fields: S;
  upload: UploadLimits;
}

export interface Endpoint {
  method: Method;
  /** As the PWA calls it (accounts spec §7), parameters in braces: `/api/artworks/{id}/like/`. */
  path: string;
  access: Access;
  summary: string;
  /** The area: the OpenAPI tag, and the first part of the PWA's query keys (invalidating an area refreshes it all). */
  tag: string;
  query?: z.ZodType;
  body?: JsonBody | FormBody | MultipartBody | RawBody;
  /** The success answer. */
  ok: { status: 200 | 201; schema: z.ZodType };
  /** Error statuses the operation's own rules add to those its access, body, parameters and limits imply. */
  errors?: readonly ErrorStatus[];
  rateLimits?: readonly RateLimitUse[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** Keeps an entry's literal types (its path, access and schemas) for the derived types below. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

// ---- path parameters ---------------------------------------------------------------------------

/** A database id (int4): anything larger names nothing. */
export const ID_MAX = 2_147_483_647;

/** `{id}`-style parameters are ids; the others (uid, token, code) are opaque texts. */
export const isIdParam = (name: string): boolean => name === 'id' || name.endsWith('Id');

export function paramNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
export type PathParams<P extends string> = [ParamNames<P>] extends [never]
  ? Record<string, never>
  : { [K in ParamNames<P>]: K extends 'id' | `${string}Id` ? number : string };

/** The path with its parameters filled in (each one encoded as a single segment). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The schema of the path parameters: an id is a positive int4; a text is any non-empty segment (a link's uid and
 * token are checked by the domain, which answers a malformed one as it answers an unknown one).
 */
export function paramsSchema(path: string): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const name of paramNames(path)) {
    shape[name] = isIdParam(name)
      ? z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .pipe(z.number().int().min(1).max(ID_MAX))
      : z.string().min(1).max(8192);
  }
  return z.object(shape);
}

// ---- statuses and limits -----------------------------------------------------------------------

/** Every status the operation answers with, each with its body's schema (the contract's error shapes). */
export function responsesOf(e: Endpoint): Map<number, z.ZodType> {
  const statuses = new Set<number>(e.errors ?? []);
  // A body over its limit (bodyLimitOf: every operation has one) is a 400 before anything else, so any operation
  // that can be sent a body can answer 400, even one that takes none; a GET's body is never read.
  if (e.body || e.query || e.method !== 'GET') statuses.add(400);
  if (paramNames(e.path).length > 0) statuses.add(404);
  if (TOKEN_ACCESS.includes(e.access)) statuses.add(401);
  if (e.access === 'child' || PARENT_ACCESS.includes(e.access)) statuses.add(403);
  if (e.access === 'staff' || e.access === 'admin') statuses.add(404);
  if ((e.rateLimits?.length ?? 0) > 0 || e.body?.type === 'multipart') statuses.add(429);
  const responses = new Map<number, z.ZodType>([[e.ok.status, e.ok.schema]]);
  for (const status of [...statuses].sort()) {
    responses.set(
      status,
      status === 400 ? badRequestBody : status === 403 ? forbiddenErrorBody : status === 503 ? unavailableErrorBody : detailErrorBody,
    );
  }
  return responses;
}

/** The largest body the server reads for this operation. */
export function bodyLimitOf(e: Endpoint): number {
  return e.body?.type === 'multipart' ? e.body.upload.maxBodyBytes : JSON_BODY_LIMIT;
}

// ---- types the PWA's client reads --------------------------------------------------------------

export type ParamsOf<E extends Endpoint> = PathParams<E['path']>;
/** Whether the operation's path has parameters. */
export type HasParams<E extends Endpoint> = [ParamNames<E['path']>] extends [never] ? false : true;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type JsonOf<E extends Endpoint> = E['body'] extends JsonBody<infer S> ? z.input<S> : never;
export type FieldsOf<E extends Endpoint> =
  E['body'] extends MultipartBody<infer S> ? z.input<S> : E['body'] extends FormBody<infer S> ? z.input<S> : never;
export type ResultOf<E extends Endpoint> = z.output<E['ok']['schema']>;
