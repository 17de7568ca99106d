/**
 * Issue 10: malformed requests, derived from the endpoint table. For every operation, fast-check sends at least
 * RUNS requests made from its valid sample (endpoint-samples.ts) and its schemas, broken in one way each: a
 * field of the wrong type, missing or extra fields, 100 KB strings, NUL bytes, deep nesting, arrays and
 * objects swapped, text that is not JSON, a wrong Content-Type, broken multipart, malformed path parameters
 * (huge, negative, non-ASCII, `..`, broken percent-encoding) and query values. Each comes with a valid token of
 * the operation's caller, so it gets past the caller check to the validation.
 *
 * Every answer must be one the contract declares for the operation, with the body its status has there (a
 * 500, and so an answer breaking its schema, never passes), and the server must still serve normally after.
 * A request that is malformed by construction must moreover be refused with a 4xx (issue 27: a 2xx passed before).
 * Malformed by construction means what the contract itself refuses, so a mutation says when it is: a JSON body
 * that is not JSON, not of a JSON type, over the body limit, or that the operation's schema refuses (so unknown
 * extra fields, which the schemas drop, are not malformed); a NUL character in any text (PostgreSQL cannot store
 * it: validate.ts); an id in the path that is not 1..2^31-1 in ASCII digits; a query its schema refuses; the contact
 * form's fields refused by its schema, repeated, or over 50; an upload without a required field, a file that is
 * not an image or one file too many where the contract refuses it; multipart framing that is broken or of another
 * type; a webhook body or signature changed. What the contract leaves open (an unknown query parameter, junk
 * headers, an empty file, a mislabelled image, a body an operation does not read) may get any declared answer.
 * Runs are deterministic: the seed is printed, and FUZZ_SEED=<seed> replays them (FUZZ_RUNS changes the count).
 */
import http from 'node:http';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { bodyLimitOf, responsesOf, type Endpoint } from '@contract/endpoint';
import { detailErrorBody } from '@contract/errors';
import type { OperationId } from '@contract/endpoints';
import { users } from '../db/schema';
import { startSession } from '../domain/sessions';
import { OPERATIONS, sampleFor, seedWorld, type AnySample, type Who, type World } from './endpoint-samples';
import { PASSWORD, profileForm, recordCheck, startTestServer, uniqueEmail, type TestServer } from './harness';
import { bombPng, family, made, png } from './works-helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_010);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/**
 * Answers given on purpose before the app runs, by Node's HTTP server or Hono's Node adapter, so not in the
 * contract: each only where it applies.
 */
const BEFORE_THE_APP: { status: number; why: string; applies: (raw: Raw) => boolean }[] = [
  {
    status: 431,
    why: "Node's HTTP server refuses a request line and headers over 16 KB (its maxHeaderSize) with an empty 431",
    applies: (raw) => raw.path.length + Object.entries(raw.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0) > 16 * 1024 - 200,
  },
  {
    status: 400,
    why: "Hono's Node adapter refuses a path with a backslash (it cannot be made a URL safely) with an empty 400",
    applies: (raw) => raw.path.split('?')[0]!.includes('\\'),
  },
];

// ---- requests, as bytes on the wire ---------------------------------------------------------------

interface Raw {
  method: string;
  /** Sent as is: not normalised or re-encoded (`..` and broken %-escapes reach the server). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Reply {
  status: number;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function sendOnce(url: URL, raw: Raw): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = { ...raw.headers, ...(raw.body ? { 'Content-Length': String(raw.body.length) } : {}) };
    const req = http.request({ host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(raw.body);
  });
}

/** A kept-alive socket the server has just closed fails the next write: that request is sent again. */
async function send(url: URL, raw: Raw): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(url, raw);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw err;
    }
  }
}

// ---- an operation's valid request, taken apart ------------------------------------------------------

interface FilePart {
  name: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

interface Base {
  e: Endpoint;
  /** Path parameters, percent-encoded. */
  params: Record<string, string>;
  query: [string, string][];
  token: string | undefined;
  ip: string;
  json?: Record<string, unknown>;
  fields?: [string, string][];
  files?: FilePart[];
  /** A raw body (the webhook's) and the headers that go with it (its signature). */
  raw?: string;
  rawHeaders?: Record<string, string>;
}

function baseOf(e: Endpoint, sample: AnySample, token: string | undefined, ip: string): Base {
  const params = Object.fromEntries(Object.entries(sample.params ?? {}).map(([k, v]) => [k, encodeURIComponent(String(v))]));
  const list = (record: Record<string, unknown> | undefined) =>
    Object.entries(record ?? {}).flatMap(([k, v]) =>
      [v]
        .flat()
        .filter((x) => x !== undefined)
        .map((x): [string, string] => [k, String(x)]),
    );
  const base: Base = { e, params, query: list(sample.query), token: sample.token === undefined ? token : (sample.token ?? undefined), ip };
  if (e.body?.type === 'json') base.json = { ...(sample.json as Record<string, unknown>) };
  if (e.body?.type === 'form') base.fields = list(sample.fields);
  if (e.body?.type === 'raw') {
    base.raw = sample.raw ?? '';
    base.rawHeaders = { ...sample.headers };
  }
  if (e.body?.type === 'multipart') {
    base.fields = list(sample.fields);
    const fileField = e.body.upload.fileField;
    base.files = (sample.files ?? []).map((f) => ({ name: fileField, filename: f.name, type: f.type, bytes: f.bytes }));
  }
  return base;
}

const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW';

interface Part {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  bytes?: Uint8Array;
}

function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(p.bytes ? Buffer.from(p.bytes) : Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const partsOf = (b: Base): Part[] => [...(b.fields ?? []).map(([name, value]) => ({ name, value })), ...(b.files ?? [])];

interface Shape {
  query?: string;
  headers?: Record<string, string | undefined>;
  body?: Buffer | null;
}

/** The request of a base, with what a mutation changed. */
function render(b: Base, shape: Shape = {}): Raw {
  const path = b.e.path.replace(/\{(\w+)\}/g, (_, name: string) => b.params[name] ?? '');
  const query = shape.query ?? b.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const headers: Record<string, string | undefined> = { 'X-Forwarded-For': b.ip };
  if (b.token) headers.Authorization = `Bearer ${b.token}`;
  let body: Buffer | undefined;
  if (b.json) {
    headers['Content-Type'] = 'application/json';
    body = Buffer.from(JSON.stringify(b.json));
  } else if (b.fields) {
    headers['Content-Type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    body = multipart(partsOf(b));
  } else if (b.raw !== undefined) {
    Object.assign(headers, b.rawHeaders);
    body = Buffer.from(b.raw);
  }
  Object.assign(headers, shape.headers);
  if (shape.body !== undefined) body = shape.body ?? undefined;
  const defined = Object.fromEntries(Object.entries(headers).filter((kv): kv is [string, string] => kv[1] !== undefined));
  return { method: b.e.method, path: path + (query ? `?${query}` : ''), headers: defined, body };
}

// ---- what goes wrong ----------------------------------------------------------------------------

interface Mutation {
  label: string;
  apply(b: Base): Raw;
  /** Whether the request it made is malformed by construction, so that it must be refused with a 4xx; unset: never. */
  malformed?: (b: Base, raw: Raw) => boolean;
}

const always = () => true;
/** The same mutations, each malformed when `when` says so. */
const refusedWhen =
  (when: (b: Base, raw: Raw) => boolean) =>
  (m: Mutation): Mutation => ({ ...m, malformed: when });
const hasNul = (value: unknown): boolean => {
  try {
    return JSON.stringify(value).includes('\\u0000');
  } catch {
    return false;
  }
};
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * Whether the contract refuses a JSON operation's request: a body of no JSON type, over the limit, not JSON (read
 * as a fetch Request reads it: UTF-8, a BOM dropped), refused by the schema, or with a NUL character in its text.
 */
function jsonRefused(e: Endpoint & { body: { type: 'json' } }, raw: Raw): boolean {
  const type = raw.headers['Content-Type'];
  if (!type || !JSON_TYPE.test(type)) return true;
  const body = raw.body ?? Buffer.alloc(0);
  if (body.length > bodyLimitOf(e)) return true;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return true;
  }
  const parsed = e.body.schema.safeParse(value);
  return !parsed.success || hasNul(parsed.data);
}

/** The query as the server reads it (register.ts, rawQuery): blank values dropped, a repeated name a list. */
function queryOf(raw: Raw): Record<string, string | string[]> {
  const params = new URLSearchParams(raw.path.split('?').slice(1).join('?'));
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const kept = params.getAll(name).filter((v) => v.trim() !== '');
    if (kept.length > 0) out[name] = kept.length === 1 ? kept[0]! : kept;
  }
  return out;
}

/** The contact form's fields as form.ts reads them: refused when repeated, over 50, with a NUL, or by the schema. */
function formRefused(schema: z.ZodType, fields: [string, string][]): boolean {
  const names = fields.map(([n]) => n);
  if (new Set(names).size !== names.length || fields.length > 50) return true;
  const parsed = schema.safeParse(Object.fromEntries(fields));
  return !parsed.success || hasNul(parsed.data);
}

const clip = (v: unknown) => {
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

const KB100 = 'x'.repeat(100 * 1024);
const TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '😀',
  'ｆｕｌｌ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '\r\n\r\n',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '\\',
  '"',
  'x'.repeat(300),
  KB100,
];
const text = fc.oneof(fc.constantFrom(...TEXTS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const anyValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_VALUE, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const jsonType = (v: unknown): JsonType => (v === null ? 'null' : Array.isArray(v) ? 'array' : (typeof v as JsonType));
/** The JSON types a property's schema admits (all of them when it says nothing). */
function admits(schema: Schema | undefined): Set<JsonType> | null {
  if (!schema) return null;
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().filter(Boolean) as string[];
  if (types.length === 0) return null;
  return new Set(types.map((t) => (t === 'integer' ? 'number' : t) as JsonType));
}

/** Deeply nested JSON text of about `depth` levels (written out: JSON.stringify would recurse as deep). */
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
};

/** A plain value of the type a schema asks for (the rest of an object whose one property is at an edge). */
function plain(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.anyOf) return plain(schema.anyOf[0]);
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plain(v)]));
  return (schema.enum as unknown[] | undefined)?.[0] ?? 'x';
}

/**
 * Values of the type a schema asks for, at and past its edges: int4 and 2^53 overflows, lengths and counts one
 * over their maximum, empty texts. Well-formed to a type check, they must still be refused (or taken) cleanly.
 * Each operation is sent every one of them (fast-check's examples) before its random runs.
 */
function edges(schema: Schema | undefined): unknown[] {
  if (!schema) return [null];
  if (schema.anyOf) return schema.anyOf.flatMap(edges);
  const type = [schema.type].flat()[0];
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  switch (type) {
    case 'integer':
    case 'number': {
      const limits = [num('maximum'), num('minimum'), num('exclusiveMinimum')]
        .filter((n): n is number => n !== undefined)
        .flatMap((n) => [n - 1, n, n + 1]);
      return [...new Set([0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, 2 ** 53 + 2, 1e20, ...limits])];
    }
    case 'string': {
      const max = num('maxLength');
      const long = max !== undefined ? ['x'.repeat(max), 'x'.repeat(max + 1)] : ['x'.repeat(10_000)];
      return ['', ' ', '\u0000', '2147483648', '٣', '９', ...long, ...((schema.enum as string[] | undefined) ?? [])];
    }
    case 'boolean':
      return [true, false];
    case 'array': {
      const max = num('maxItems') ?? 20;
      return [...edges(schema.items).map((v) => [v]), Array<unknown>(max + 1).fill(plain(schema.items))];
    }
    case 'object':
      return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => edges(v).map((x) => ({ ...(plain(schema) as object), [k]: x })));
    default:
      return [null];
  }
}

/** Every property of a schema at each of its edges. */
const edgeCases = (schema: Schema): [string, unknown][] =>
  Object.entries(schema.properties ?? {}).flatMap(([p, v]) => edges(v).map((x): [string, unknown] => [p, x]));

interface Mutations {
  arbs: fc.Arbitrary<Mutation>[];
  /** Sent one by one as examples, besides being drawn at random. */
  edges: Mutation[];
}

const withEdges = (arbs: fc.Arbitrary<Mutation>[], atEdges: Mutation[]) =>
  atEdges.length > 0 ? [...arbs, fc.constantFrom(...atEdges)] : arbs;

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'application/xml',
  'application/jsonx',
  'json',
  '*/*',
  'application/json; charset=utf-16',
];

function jsonMutations(e: Endpoint & { body: { type: 'json' } }): Mutations {
  const schema = z.toJSONSchema(e.body.schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  const props = Object.keys(schema.properties ?? {});
  const prop = fc.constantFrom(...(props.length > 0 ? props : ['field']));
  const withJson = (b: Base, json: unknown) => render(b, { body: Buffer.from(JSON.stringify(json)) });
  const withText = (b: Base, body: string, type = 'application/json') =>
    render(b, { body: Buffer.from(body), headers: { 'Content-Type': type } });
  const atEdges = edgeCases(schema).map(([p, v]): Mutation => ({
    label: `${p} at an edge: ${clip(v)}`,
    apply: (b) => withJson(b, { ...b.json, [p]: v }),
  }));

  const arbs = [
    // A field of another type than its schema's.
    prop.chain((p) => {
      const allowed = admits(schema.properties?.[p]);
      return anyValue
        .filter((v) => !allowed || !allowed.has(jsonType(v)))
        .map((v): Mutation => ({ label: `${p} of the wrong type: ${clip(v)}`, apply: (b) => withJson(b, { ...b.json, [p]: v }) }));
    }),
    fc.subarray(props.length > 0 ? props : ['field'], { minLength: 1 }).map((gone): Mutation => ({
      label: `without ${gone.join(', ')}`,
      apply: (b) => withJson(b, Object.fromEntries(Object.entries(b.json ?? {}).filter(([k]) => !gone.includes(k)))),
    })),
    fc
      .dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'is_staff', 'id')),
        fc.jsonValue({ maxDepth: 2 }),
        { minKeys: 1, maxKeys: 4 },
      )
      .map((extra): Mutation => ({
        label: `extra fields ${clip(extra)}`,
        // Also as an own "__proto__" key, which JSON.parse keeps as data.
        apply: (b) =>
          withText(
            b,
            JSON.stringify({ ...b.json, ...extra }).replace(
              /^\{(?=.)/,
              `{"__proto__":${JSON.stringify(extra)}${Object.keys({ ...b.json, ...extra }).length > 0 ? ',' : ''}`,
            ),
          ),
      })),
    prop.map((p): Mutation => ({ label: `${p}: a 100 KB string`, apply: (b) => withJson(b, { ...b.json, [p]: KB100 }) })),
    fc.tuple(prop, fc.nat({ max: 40 })).map(([p, at]): Mutation => ({
      label: `${p} with a NUL byte`,
      apply: (b) => {
        const v = String(b.json?.[p] ?? 'value');
        return withJson(b, { ...b.json, [p]: `${v.slice(0, at)}\u0000${v.slice(at)}` });
      },
    })),
    fc
      .tuple(
        fc.option(prop, { nil: undefined }),
        fc.integer({ min: 100, max: 30_000 }),
        fc.constantFrom('array' as const, 'object' as const),
      )
      .map(([p, depth, kind]): Mutation => ({
        label: `${p ?? 'the body'} nested ${depth} ${kind}s deep`,
        apply: (b) => {
          if (p === undefined) return withText(b, nested(depth, kind));
          const rest = JSON.stringify({ ...b.json, [p]: 0 });
          return withText(b, rest.replace(`"${p}":0`, `"${p}":${nested(depth, kind)}`));
        },
      })),
    fc
      .oneof(
        fc.constant({ label: 'the body as an array', to: (j: Record<string, unknown>) => [j] as unknown }),
        fc.constant({ label: 'the values as an array', to: (j: Record<string, unknown>) => Object.values(j) as unknown }),
        fc.constantFrom(null, 0, 'text', true, []).map((v) => ({ label: `the body is ${clip(v)}`, to: () => v as unknown })),
        prop.map((p) => ({
          label: `${p} swapped between array and object`,
          to: (j: Record<string, unknown>) => ({ ...j, [p]: Array.isArray(j[p]) ? { ...(j[p] as unknown[]) } : [j[p]] }) as unknown,
        })),
      )
      .map(({ label, to }): Mutation => ({ label, apply: (b) => withJson(b, to(b.json ?? {})) })),
    fc
      .oneof(
        fc.nat({ max: 200 }).map((cut) => ({ label: `JSON cut at ${cut}`, text: (j: string) => j.slice(0, Math.min(cut, j.length - 1)) })),
        fc
          .constantFrom(
            '',
            ' ',
            '{',
            '}',
            '{"a":}',
            "{'a':1}",
            '{"a":1,}',
            'undefined',
            'NaN',
            '\ufeff{}',
            '{"a":"\\x00"}',
            '{"a":"\\ud800"}',
            '[1,]',
            '\u0000',
            '{"a":1}{"b":2}',
          )
          .map((t) => ({ label: `not JSON: ${clip(t)}`, text: () => t })),
        fc.string({ unit: 'binary', maxLength: 100 }).map((t) => ({ label: `random text ${clip(t)}`, text: () => t })),
      )
      .map(({ label, text: make }): Mutation => ({ label, apply: (b) => withText(b, make(JSON.stringify(b.json))) })),
    fc.constantFrom(...WRONG_TYPES, undefined).map((type): Mutation => ({
      label: `Content-Type ${type ?? 'missing'}`,
      apply: (b) => render(b, { headers: { 'Content-Type': type } }),
    })),
    fc.constant<Mutation>({
      label: 'the fields urlencoded',
      apply: (b) =>
        withText(
          b,
          new URLSearchParams(Object.entries(b.json ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString(),
          'application/x-www-form-urlencoded',
        ),
    }),
  ];
  // The contract decides: each request is judged by its own bytes, whatever the mutation meant to break.
  const judged = refusedWhen((_, raw) => jsonRefused(e, raw));
  return { arbs: withEdges(arbs, atEdges).map((arb) => arb.map(judged)), edges: atEdges.map(judged) };
}

const FIELD_VALUES = [
  ...TEXTS,
  'maybe',
  'abc',
  '1.5',
  '99999999999',
  '2147483648',
  '-5',
  '2016-02-30',
  '9999-12-31',
  '1800-01-01',
  'yes',
  'on',
  'off',
  '１',
];

/** A body made with `make` (multipart with the usual boundary unless it says another type). */
const raw = (label: string, make: (b: Base) => { body: Buffer; type?: string }): Mutation => ({
  label,
  apply: (b) => {
    const { body, type } = make(b);
    return render(b, { body, headers: { 'Content-Type': type ?? `multipart/form-data; boundary=${BOUNDARY}` } });
  },
});

/**
 * A form's multipart body broken in its framing, or sent as something else: malformed, but for a body not cut at
 * all, and for the fields urlencoded or labelled so: forms and uploads read either (form.ts, multipart.ts), and a
 * file the route needs is then missing, its own rule.
 */
function brokenMultipart(kind: 'multipart' | 'form', schema: z.ZodType): fc.Arbitrary<Mutation> {
  /**
   * A multipart body under another Content-Type is refused, but under its own it is the request itself, and labelled
   * urlencoded it is read as urlencoded (junk names, which the fields may or may not need: the route decides).
   */
  const typeRefused = (type: string, b: Base) => {
    if (type === `multipart/form-data; boundary=${BOUNDARY}`) return kind === 'form' && formRefused(schema, b.fields ?? []);
    return type !== 'application/x-www-form-urlencoded';
  };
  return fc
    .oneof(
      fc.constant(raw('no boundary', (b) => ({ body: multipart(partsOf(b)), type: 'multipart/form-data' }))),
      fc.constant(raw('another boundary', (b) => ({ body: multipart(partsOf(b), 'other-boundary') }))),
      fc
        .nat({ max: 400 })
        .map((cut) =>
          refusedWhen((b) => cut < multipart(partsOf(b)).length)(
            raw(`cut at ${cut} bytes`, (b) => ({ body: multipart(partsOf(b)).subarray(0, cut) })),
          ),
        ),
      fc.constant(
        raw('no closing boundary', (b) => ({
          body: Buffer.from(multipart(partsOf(b)).toString('latin1').replace(`--${BOUNDARY}--\r\n`, ''), 'latin1'),
        })),
      ),
      fc.constant(
        raw('LF instead of CRLF', (b) => ({
          body: Buffer.from(multipart(partsOf(b)).toString('latin1').replace(/\r\n/g, '\n'), 'latin1'),
        })),
      ),
      fc.constant(raw('a part without headers', () => ({ body: Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`) }))),
      fc.constant(
        raw('a part without a name', () => ({
          body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
        })),
      ),
      fc.constant(
        raw('a 20 KB header line', () => ({
          body: Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${'n'.repeat(20_000)}"\r\n\r\nv\r\n--${BOUNDARY}--\r\n`,
          ),
        })),
      ),
      fc.constant(raw('an empty body', () => ({ body: Buffer.alloc(0) }))),
      fc.uint8Array({ maxLength: 500 }).map((bytes) => raw(`${bytes.length} random bytes`, () => ({ body: Buffer.from(bytes) }))),
      fc.constant(
        raw('the fields as JSON', (b) => ({
          body: Buffer.from(JSON.stringify(Object.fromEntries(b.fields ?? []))),
          type: 'application/json',
        })),
      ),
      fc.constant(
        refusedWhen((b) => kind === 'form' && formRefused(schema, b.fields ?? []))(
          raw('the fields urlencoded', (b) => ({
            body: Buffer.from(new URLSearchParams(b.fields ?? []).toString()),
            type: 'application/x-www-form-urlencoded',
          })),
        ),
      ),
      // A multipart body labelled urlencoded is read as urlencoded by a form: junk names, so the schema decides.
      fc
        .constantFrom(...WRONG_TYPES)
        .map((type) =>
          refusedWhen((b) => typeRefused(type, b))(raw(`Content-Type ${type}`, (b) => ({ body: multipart(partsOf(b)), type }))),
        ),
    )
    .map((m) => (m.malformed ? m : { ...m, malformed: always }));
}

function multipartMutations(e: Endpoint & { body: { type: 'multipart' } }): Mutations {
  const schema = z.toJSONSchema(e.body.fields, { io: 'input', unrepresentable: 'any' }) as Schema;
  // An upload of its file alone (a new profile picture) has no text field: its mutations use an unknown one.
  const props = Object.keys(schema.properties ?? {}).length > 0 ? Object.keys(schema.properties ?? {}) : ['note'];
  const { fileField, maxFields, maxFiles } = e.body.upload;
  const prop = fc.constantFrom(...props);
  const withParts = (b: Base, parts: Part[]) => render(b, { body: multipart(parts) });
  const withFields = (b: Base, fields: [string, string][]) =>
    withParts(b, [...fields.map(([name, value]) => ({ name, value })), ...(b.files ?? [])]);
  const replace = (b: Base, p: string, values: string[]) => [
    ...(b.fields ?? []).filter(([n]) => n !== p),
    ...values.map((v): [string, string] => [p, v]),
  ];
  const atEdges = edgeCases(schema).map(([p, v]): Mutation => {
    const values = [v].flat().map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
    // Each route reads its upload's fields its own way (work-form.ts, picture-form.ts): only a NUL is certain.
    return {
      label: `${p} at an edge: ${clip(values)}`,
      apply: (b) => withFields(b, replace(b, p, values)),
      malformed: () => values.some((x) => x.includes('\u0000')),
    };
  });
  const required = new Set(schema.required ?? []);
  /** A text of 100 KB is refused where the field is shorter, an enum, or not text. */
  const refusesLongText = (p: string) => {
    const field = schema.properties?.[p];
    const types = admits(field);
    return (
      (typeof field?.maxLength === 'number' && field.maxLength < KB100.length) ||
      field?.enum !== undefined ||
      (types !== null && !types.has('string'))
    );
  };

  const arbs = [
    fc.tuple(prop, fc.oneof(fc.constantFrom(...FIELD_VALUES), text), fc.nat({ max: 3 })).map(([p, v, times]): Mutation => ({
      label: `${p} = ${clip(v)}${times > 1 ? ` x${times}` : ''}`,
      apply: (b) => withFields(b, replace(b, p, Array<string>(Math.max(1, times)).fill(v))),
      malformed: () => v.includes('\u0000'),
    })),
    fc.subarray(props, { minLength: 1 }).map((gone): Mutation => ({
      label: `without ${gone.join(', ')}`,
      apply: (b) =>
        withFields(
          b,
          (b.fields ?? []).filter(([n]) => !gone.includes(n)),
        ),
      malformed: () => gone.some((n) => required.has(n)),
    })),
    fc
      .oneof(
        fc
          .array(fc.tuple(fc.string({ maxLength: 12 }), text), { minLength: 1, maxLength: 5 })
          .map((extra) => ({ label: `extra fields ${clip(extra)}`, extra })),
        fc.constant({
          label: `${maxFields + 1} extra fields`,
          extra: Array.from({ length: maxFields + 1 }, (_, i): [string, string] => [`f${i}`, 'x']),
        }),
      )
      // Unknown fields are dropped: malformed only past maxFields.
      .map(({ label, extra }): Mutation => ({
        label,
        apply: (b) => withFields(b, [...(b.fields ?? []), ...extra]),
        malformed: () => extra.length > maxFields,
      })),
    prop.map((p): Mutation => ({
      label: `${p}: a 100 KB string`,
      apply: (b) => withFields(b, replace(b, p, [KB100])),
      malformed: () => refusesLongText(p),
    })),
    prop.map((p): Mutation => ({
      label: `${p} with a NUL byte`,
      apply: (b) => withFields(b, replace(b, p, [`${b.fields?.find(([n]) => n === p)?.[1] ?? 'x'}\u0000`])),
      malformed: always,
    })),
    fc
      .oneof(
        fc.uint8Array({ maxLength: 300 }).map((bytes) => ({
          label: `${fileField}: ${bytes.length} random bytes`,
          files: [{ name: fileField, filename: 'a.png', type: 'image/png', bytes }],
          // Not an image (an empty file is no file: "non-empty files kept", uploads.ts).
          malformed: bytes.length > 0,
        })),
        fc.constant({
          label: `${fileField}: an empty file`,
          files: [{ name: fileField, filename: 'a.png', type: 'image/png', bytes: new Uint8Array() }],
        }),
        fc.constant({ label: `${fileField}: text, not a file`, files: [{ name: fileField, value: 'not a file' }] as Part[] }),
        fc.constant({ label: `${fileField}: the PNG's first 40 bytes`, files: 'truncated' as const, malformed: true }),
        fc.constant({ label: `${fileField}: a PNG called text/plain`, files: 'mislabelled' as const }),
        fc.constant({ label: `${fileField}: a 100-megapixel PNG`, files: 'bomb' as const, malformed: true }),
        // Refused where the contract says so (tooManyFiles), ignored where it does not.
        fc.constant({ label: `${maxFiles + 1} files`, files: 'many' as const, malformed: e.body.upload.tooManyFiles !== null }),
        prop.map((p) => ({
          label: `a file under ${p}`,
          files: [{ name: p, filename: 'a.png', type: 'image/png', bytes: new Uint8Array([1, 2, 3]) }],
        })),
        fc.string({ maxLength: 30 }).map((filename) => ({ label: `filename ${clip(filename)}`, files: 'renamed' as const, filename })),
      )
      .map((choice): Mutation => ({
        label: choice.label,
        malformed: () => ('malformed' in choice && choice.malformed) || false,
        apply: (b) => {
          const real = b.files?.[0] ?? { name: fileField, filename: 'a.png', type: 'image/png', bytes: PNG };
          const fields = (b.fields ?? []).map(([name, value]): Part => ({ name, value }));
          const files: Part[] =
            choice.files === 'truncated'
              ? [{ ...real, bytes: real.bytes.slice(0, 40) }]
              : choice.files === 'mislabelled'
                ? [{ ...real, type: 'text/plain', filename: 'notes.txt' }]
                : choice.files === 'bomb'
                  ? [{ ...real, bytes: BOMB }]
                  : choice.files === 'many'
                    ? Array.from({ length: maxFiles + 1 }, () => real)
                    : choice.files === 'renamed'
                      ? [{ ...real, filename: (choice as { filename: string }).filename.replace(/["\r\n]/g, '_') }]
                      : (choice.files as Part[]);
          return withParts(b, [...fields, ...files]);
        },
      })),
    brokenMultipart('multipart', e.body.fields),
  ];
  return { arbs: withEdges(arbs, atEdges), edges: atEdges };
}

/**
 * A form of text fields (`type: 'form'`), multipart or urlencoded: values at their edges and beyond, fields
 * repeated, missing or many more, files where text belongs, and the framing broken as for an upload.
 */
function formMutations(e: Endpoint & { body: { type: 'form' } }): Mutations {
  const schema = z.toJSONSchema(e.body.schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  const props = Object.keys(schema.properties ?? {});
  const prop = fc.constantFrom(...props);
  const encoding = fc.constantFrom('multipart' as const, 'urlencoded' as const);
  const send = (b: Base, fields: [string, string][], as: 'multipart' | 'urlencoded' = 'multipart') =>
    as === 'multipart'
      ? render(b, { body: multipart(fields.map(([name, value]) => ({ name, value }))) })
      : render(b, {
          body: Buffer.from(new URLSearchParams(fields).toString()),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
  const replace = (b: Base, p: string, values: string[]) => [
    ...(b.fields ?? []).filter(([n]) => n !== p),
    ...values.map((v): [string, string] => [p, v]),
  ];
  /** Well-framed fields: the form's schema (and form.ts's rules) decide whether they are malformed. */
  const fieldsMutation = (
    label: string,
    fields: (b: Base) => [string, string][],
    as: 'multipart' | 'urlencoded' = 'multipart',
  ): Mutation => ({
    label,
    apply: (b) => send(b, fields(b), as),
    malformed: (b) => formRefused(e.body.schema, fields(b)),
  });
  const atEdges = edgeCases(schema).map(([p, v]): Mutation => {
    const values = [v].flat().map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
    return fieldsMutation(`${p} at an edge: ${clip(values)}`, (b) => replace(b, p, values));
  });
  const arbs = [
    fc
      .tuple(prop, fc.oneof(fc.constantFrom(...FIELD_VALUES), text), fc.nat({ max: 3 }), encoding)
      .map(([p, v, times, as]) =>
        fieldsMutation(
          `${p} = ${clip(v)}${times > 1 ? ` x${times}` : ''} (${as})`,
          (b) => replace(b, p, Array<string>(Math.max(1, times)).fill(v)),
          as,
        ),
      ),
    fc
      .tuple(fc.subarray(props, { minLength: 1 }), encoding)
      .map(([gone, as]) =>
        fieldsMutation(`without ${gone.join(', ')} (${as})`, (b) => (b.fields ?? []).filter(([n]) => !gone.includes(n)), as),
      ),
    fc
      .oneof(
        fc
          .array(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id')), text), {
            minLength: 1,
            maxLength: 5,
          })
          .map((extra) => ({ label: `extra fields ${clip(extra)}`, extra })),
        fc.constant({ label: '60 extra fields', extra: Array.from({ length: 60 }, (_, i): [string, string] => [`f${i}`, 'x']) }),
      )
      .chain(({ label, extra }) => encoding.map((as) => fieldsMutation(`${label} (${as})`, (b) => [...(b.fields ?? []), ...extra], as))),
    fc.tuple(prop, encoding).map(([p, as]) => fieldsMutation(`${p}: a 100 KB string (${as})`, (b) => replace(b, p, [KB100]), as)),
    fc
      .tuple(prop, encoding)
      .map(([p, as]) =>
        fieldsMutation(`${p} with a NUL byte (${as})`, (b) => replace(b, p, [`${b.fields?.find(([n]) => n === p)?.[1] ?? 'x'}\u0000`]), as),
      ),
    // A file part is refused as the field it is under (form.ts).
    fc.oneof(prop, fc.constantFrom('file', 'attachment', '')).map((p): Mutation => ({
      label: `a file under ${clip(p)}`,
      malformed: always,
      apply: (b) =>
        render(b, {
          body: multipart([
            ...(b.fields ?? []).filter(([n]) => n !== p).map(([name, value]) => ({ name, value })),
            { name: p, filename: 'a.png', type: 'image/png', bytes: PNG },
          ]),
        }),
    })),
    fc.constant<Mutation>({
      label: '300 KB, over the body limit',
      apply: (b) => send(b, replace(b, props[0]!, ['x'.repeat(300 * 1024)])),
      malformed: always,
    }),
    brokenMultipart('form', e.body.schema),
  ];
  return { arbs: withEdges(arbs, atEdges), edges: atEdges };
}

/** Percent-encoded or raw on purpose: `..`, `%` and broken escapes are sent as written. */
const BAD_IDS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  '%EF%BC%91',
  '%D9%A3',
  '%F0%9F%98%80',
  '%00',
  '..',
  '%2e%2e',
  '.',
  '%2F',
  'null',
  'NaN',
  '1;',
  '1%27',
  '1'.repeat(300),
  '%',
  '%zz',
  '%E0%A4%A',
  'x'.repeat(9000),
  '1\\',
  '%5C1',
];
const BAD_TEXTS = [
  '',
  '..',
  '%2e%2e',
  '.',
  '%00',
  'x'.repeat(8193),
  '%',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-0000-0000-0000-000000000000',
  '%2F',
  '123456',
  '%EF%BC%91%EF%BC%92%EF%BC%93%EF%BC%94%EF%BC%95%EF%BC%96',
  '12345',
  '1234567',
  '-12345',
  '%3Cscript%3E',
  '%20',
  '..\\..',
  '%5C',
];

function pathMutations(e: Endpoint): fc.Arbitrary<Mutation>[] {
  const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return [];
  return [
    fc.constantFrom(...names).chain((name) => {
      const isId = name === 'id' || name.endsWith('Id');
      const values = isId
        ? fc.oneof(
            fc.constantFrom(...BAD_IDS),
            fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }).map(String),
            fc.integer({ min: -1e9, max: 0 }).map(String),
          )
        : fc.oneof(
            fc.constantFrom(...BAD_TEXTS),
            fc.string({ maxLength: 60 }).map(encodeURIComponent),
            fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
          );
      // An id is 1 to 2^31-1 in ASCII digits (paramsSchema), so every one of these is malformed; a text parameter
      // (a code, a token) may by chance be well-formed, so those are not.
      return values.map((v): Mutation => ({
        label: `{${name}} = ${clip(v)}`,
        apply: (b) => render({ ...b, params: { ...b.params, [name]: v } }),
        malformed: () => isId,
      }));
    }),
  ];
}

const QUERY_VALUES = [
  '-1',
  '0',
  'abc',
  '1e309',
  '10001',
  '1.5',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF',
  '%F0%9F%98%80',
  'x'.repeat(8000),
  '',
  '+',
  '%20',
  'true',
  '[]',
  '1%002',
  '2147483648',
  '99999999999999999999',
  '%26page%3D2',
];

function queryMutations(e: Endpoint): Mutations {
  const schema = e.query ? (z.toJSONSchema(e.query, { io: 'input', unrepresentable: 'any' }) as Schema) : {};
  const props = Object.keys(schema.properties ?? {});
  // The query's schema decides, on the query as the server reads it (an unknown parameter is no error).
  const refused = (_: Base, raw: Raw) => {
    if (!e.query) return false;
    const parsed = e.query.safeParse(queryOf(raw));
    return !parsed.success || hasNul(parsed.data);
  };
  const atEdges = edgeCases(schema).map(([p, v]): Mutation => {
    const values = [v].flat().map((x) => encodeURIComponent(typeof x === 'string' ? x : JSON.stringify(x)));
    return {
      malformed: refused,
      label: `?${p} at an edge: ${clip(values)}`,
      apply: (b) =>
        render(b, {
          query: [
            ...b.query.filter(([k]) => k !== p).map(([k, x]) => `${k}=${encodeURIComponent(x)}`),
            ...values.map((x) => `${p}=${x}`),
          ].join('&'),
        }),
    };
  });
  const name = fc.constantFrom(...props, 'unknown', '__proto__', '', 'language', 'page[]');
  const pair = fc.tuple(
    name,
    fc.array(fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.string({ maxLength: 20 }).map(encodeURIComponent)), {
      minLength: 1,
      maxLength: 25,
    }),
  );
  const arbs = [
    pair.map(([n, values]): Mutation => ({
      malformed: refused,
      label: `?${n}=${clip(values.join(','))}`,
      apply: (b) => {
        const kept = b.query.filter(([k]) => k !== n).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
        return render(b, { query: [...kept, ...values.map((v) => `${n}=${v}`)].join('&') });
      },
    })),
    fc
      .constantFrom('&&&', '=', '?=?', '%', 'page', 'page=1&page=2', 'tags=1&tags=x', 'a'.repeat(5000))
      .map((q): Mutation => ({ label: `query ${clip(q)}`, apply: (b) => render(b, { query: q }), malformed: refused })),
  ];
  return { arbs: withEdges(arbs, atEdges), edges: atEdges };
}

const JUNK_BODIES: { label: string; type?: string; body: Buffer }[] = [
  { label: 'a JSON object', type: 'application/json', body: Buffer.from('{"id":1,"is_staff":true}') },
  { label: 'broken JSON', type: 'application/json', body: Buffer.from('{"a":') },
  { label: 'text', type: 'text/plain', body: Buffer.from('hello') },
  { label: 'bytes without a type', body: Buffer.from([0, 1, 2, 255]) },
  { label: 'a multipart form', type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart([{ name: 'a', value: 'b' }]) },
  { label: '300 KB, over the JSON body limit', type: 'application/json', body: Buffer.alloc(300 * 1024, 0x20) },
];

/** Bodies the operation does not take, headers it does not read. */
function otherMutations(e: Endpoint): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [
    fc
      .constantFrom('xx', '*', 'ja-JP;q=abc', 'x'.repeat(2000), ',,,', 'en;q=0.5, ja;q=1')
      .map((v): Mutation => ({ label: `Accept-Language ${clip(v)}`, apply: (b) => render(b, { headers: { 'Accept-Language': v } }) })),
    fc
      .constantFrom('', 'not an address', '1.2.3.4, , ,', 'x'.repeat(3000), '::1', '999.999.999.999')
      .map((v): Mutation => ({ label: `X-Forwarded-For ${clip(v)}`, apply: (b) => render(b, { headers: { 'X-Forwarded-For': v } }) })),
  ];
  if (e.access === 'guest' || e.access === 'public') {
    out.push(
      fc
        .constantFrom('Bearer x', `Bearer ${'a'.repeat(8000)}`, 'Basic YTpi', 'Bearer a.b.c', 'Bearer', 'bearer  x y')
        .map((v): Mutation => ({ label: `Authorization ${clip(v)}`, apply: (b) => render(b, { headers: { Authorization: v } }) })),
    );
  }
  if (!e.body) {
    out.push(
      fc.constantFrom(...JUNK_BODIES).map((j): Mutation => ({
        label: `a body it does not take: ${j.label}`,
        apply: (b) => render(b, { body: j.body, headers: { 'Content-Type': j.type } }),
        // Ignored, except past the body limit every operation has (a GET's body is never read).
        malformed: () => e.method !== 'GET' && j.body.length > bodyLimitOf(e),
      })),
    );
  }
  return out;
}

/**
 * A raw body signed over its exact bytes (the webhook): any change to the bytes, the signature or its timestamp is
 * refused (400), as are bodies that are not an event at all; the signed body itself is taken.
 */
function rawMutations(): Mutations {
  const signature = (b: Base) => b.rawHeaders?.['Stripe-Signature'] ?? '';
  const withBody = (label: string, body: (b: Base) => Buffer): Mutation => ({ label, apply: (b) => render(b, { body: body(b) }) });
  const withSignature = (label: string, value: (b: Base) => string | undefined): Mutation => ({
    label,
    apply: (b) => render(b, { headers: { 'Stripe-Signature': value(b) } }),
  });
  // Every change to the signed bytes or to the signature is refused; the Content-Type is not signed.
  const atEdges: Mutation[] = [
    withSignature('no signature', () => undefined),
    withSignature('an empty signature', () => ''),
    withSignature('a signature without v1', (b) => signature(b).replace(/,v1=[0-9a-f]+/g, '')),
    withSignature('a stale timestamp', (b) => signature(b).replace(/t=\d+/, 't=1000000000')),
    withSignature('a signature of other bytes', (b) =>
      signature(b).replace(/v1=([0-9a-f])/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`),
    ),
    withBody('the body with a space added', (b) => Buffer.from(`${b.raw ?? ''} `)),
    withBody('another event id', (b) => Buffer.from((b.raw ?? '').replace(/evt_sample_/, 'evt_forged_'))),
    withBody('an empty body', () => Buffer.alloc(0)),
    withBody('300 KB, over the body limit', () => Buffer.alloc(300 * 1024, 0x20)),
  ].map(refusedWhen(always));
  const arbs = [
    fc.nat({ max: 400 }).map((cut): Mutation => ({
      ...withBody(`cut at ${cut} bytes`, (b) => Buffer.from(b.raw ?? '').subarray(0, cut)),
      malformed: (b) => cut < Buffer.byteLength(b.raw ?? ''),
    })),
    fc
      .uint8Array({ maxLength: 500 })
      .map((bytes): Mutation => ({ ...withBody(`${bytes.length} random bytes`, () => Buffer.from(bytes)), malformed: always })),
    // Printable ASCII only: anything else cannot be sent in a header at all.
    text.map((v): Mutation => ({
      ...withSignature(`signature ${clip(v)}`, () => [...v].filter((ch) => ch >= ' ' && ch <= '~').join('')),
      malformed: always,
    })),
    fc.constantFrom(...WRONG_TYPES).map((type): Mutation => ({
      label: `Content-Type ${type}`,
      apply: (b) => render(b, { headers: { 'Content-Type': type } }),
    })),
  ];
  return { arbs: withEdges(arbs, atEdges), edges: atEdges };
}

function mutationsOf(e: Endpoint): { arbitrary: fc.Arbitrary<Mutation>; examples: Mutation[] } {
  const weighted: fc.WeightedArbitrary<Mutation>[] = [];
  const examples: Mutation[] = [];
  const add = (arbs: fc.Arbitrary<Mutation>[], weight: number) => arbs.forEach((arbitrary) => weighted.push({ arbitrary, weight }));
  const group = ({ arbs, edges: atEdges }: Mutations, weight: number) => {
    add(arbs, weight);
    examples.push(...atEdges);
  };
  if (e.body?.type === 'json') group(jsonMutations(e as Endpoint & { body: { type: 'json' } }), 3);
  if (e.body?.type === 'multipart') group(multipartMutations(e as Endpoint & { body: { type: 'multipart' } }), 3);
  if (e.body?.type === 'form') group(formMutations(e as Endpoint & { body: { type: 'form' } }), 3);
  if (e.body?.type === 'raw') group(rawMutations(), 3);
  add(pathMutations(e), 8);
  group(queryMutations(e), e.query ? 4 : 1);
  add(otherMutations(e), 1);
  return { arbitrary: fc.oneof(...weighted), examples };
}

// ---- the callers and objects each operation is fuzzed with -------------------------------------------

let PNG: Uint8Array;
let BOMB: Uint8Array;

/** The operation's caller: a token of the kind its access needs. */
const CALLER: Record<Endpoint['access'], Who> = {
  guest: 'anonymous',
  public: 'childA',
  session: 'parentA',
  parent: 'parentA',
  child: 'childA',
  staff: 'parentA',
  admin: 'parentA',
};

interface Rig {
  base: Base;
  /** What an answer used up is made again (a session that logged out, a deleted account, profile or work). */
  renew?: () => Promise<void>;
  /** Which answers use it up: successes, unless said otherwise. */
  usedUpBy?: (status: number) => boolean;
}

/** Operations whose caller is not the one of their access: a fan's reads and joins are A's fan's (issue 32). */
const CALLER_OF: Partial<Record<OperationId, Who>> = { fanChildren: 'fanA', fanChildWorks: 'fanA', circleJoin: 'fanA' };

async function rigFor(id: OperationId, e: Endpoint, w: World, s: TestServer, ip: string): Promise<Rig> {
  const who = CALLER_OF[id] ?? CALLER[e.access];
  const rig: Rig = { base: baseOf(e, await sampleFor(id, w, who), w.token(who), ip) };
  switch (id) {
    case 'login':
      // A well-formed login that fails: after the per-address limit's failures, 429 without hashing (the
      // mutations that keep the shape would otherwise each cost an argon2 check).
      rig.base.json = { ...rig.base.json, password: 'WrongPassw0rd' };
      break;
    case 'logout':
      // Each logout ends a fresh child login of A's first child (endpoint-samples.ts).
      rig.renew = async () => {
        rig.base = baseOf(e, await sampleFor(id, w, who), undefined, ip);
      };
      break;
    case 'accountDelete':
    case 'organizationCheck': {
      // Accounts of their own, made straight in the database (no sign-up, no argon2): each success deletes one;
      // each code check counts towards its account's limit (20 in 10 minutes), so the next account goes on.
      const account = async () => {
        const [user] = await s.deps.db
          .insert(users)
          .values({ email: uniqueEmail('doomed'), passwordHash: 'unused', emailVerifiedAt: new Date() })
          .returning();
        return (await startSession(s.deps, user!, null)).access;
      };
      rig.base.token = await account();
      if (id === 'organizationCheck') rig.usedUpBy = (status) => status === 429;
      rig.renew = async () => {
        rig.base.token = await account();
      };
      break;
    }
    case 'profileDelete': {
      const profile = async () => {
        const res = await s.request('/api/register-profile/', { token: w.a.parent.access, form: profileForm(w.username('doomed')) });
        if (res.status !== 201) throw new Error(`register-profile failed: ${JSON.stringify(res.body)}`);
        return String(res.body.id);
      };
      rig.base.params = { id: await profile() };
      rig.renew = async () => {
        rig.base.params = { id: await profile() };
      };
      break;
    }
    case 'workCreate':
    case 'workDelete': {
      // A family of their own: new works use its image quota, not family A's.
      const kid = (await family(s, 1)).kids[0]!;
      rig.base.token = kid.access;
      if (id === 'workDelete') {
        rig.base.params = { id: String(await made(s, kid)) };
        rig.renew = async () => {
          rig.base.params = { id: String(await made(s, kid)) };
        };
      }
      break;
    }
  }
  return rig;
}

/** The route a path reaches: its own, or another once `.` and `..` segments are resolved, as any URL parser does. */
function routeOf(method: string, path: string): [OperationId, Endpoint] | null {
  return (
    OPERATIONS.find(([, e]) => {
      if (e.method !== method) return false;
      const pattern = e.path
        .replace(/\/$/, '')
        .replace(/[.]/g, '\\.')
        .replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' || name.endsWith('Id') ? '[0-9]+' : '[^/]+'));
      return new RegExp(`^${pattern}/?$`).test(path);
    }) ?? null
  );
}

/** The path as any URL parser resolves it (`.` and `..` segments, their percent-encoded forms too). */
const resolvedPath = (raw: Raw) => new URL(raw.path.split('?')[0]!, 'http://museum.test').pathname;
const reachesItsOwnRoute = (raw: Raw) => resolvedPath(raw) === raw.path.split('?')[0];

/**
 * Problems with one answer: its status is not the contract's for the operation that answered, or its body is
 * not that status's, or a request malformed by construction was not refused with a 4xx. A path whose dot segments
 * lead elsewhere is answered by the operation they lead to (or by the unknown route's 404), which judges it.
 */
function check(id: OperationId, e: Endpoint, raw: Raw, reply: Reply, malformed: boolean): string | null {
  if (reply.status >= 500) return `server error ${reply.status}: ${reply.text.slice(0, 200)}`;
  if (BEFORE_THE_APP.some((x) => x.status === reply.status && x.applies(raw))) return null;
  const sent = raw.path.split('?')[0]!;
  const resolved = resolvedPath(raw);
  let declared = responsesOf(e);
  let answering: string = id;
  if (resolved !== sent) {
    const route = routeOf(raw.method, resolved);
    answering = route ? route[0] : 'no route';
    declared = route ? responsesOf(route[1]) : new Map<number, z.ZodType>([[404, detailErrorBody]]);
  }
  const schema = declared.get(reply.status);
  const who = answering === id ? '' : ` (${resolved} is ${answering})`;
  if (!schema) return `status ${reply.status} is not declared${who} (${[...declared.keys()].join(', ')}): ${reply.text.slice(0, 200)}`;
  if (malformed && reply.status < 400)
    return `malformed by construction, but answered ${reply.status}, not a 4xx: ${reply.text.slice(0, 200)}`;
  // The open archive's success is a zip, not JSON (its contents are checked by export.test.ts).
  if (answering === 'accountExport' && reply.status === 200 && reply.text.startsWith('PK')) return null;
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    return `a ${reply.status} answer that is not JSON${who}: ${reply.text.slice(0, 200)}`;
  }
  return schema.safeParse(body).success ? null : `the ${reply.status} body breaks the contract${who}: ${reply.text.slice(0, 200)}`;
}

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  w = await seedWorld(s);
  PNG = new Uint8Array(await png(16, 16));
  BOMB = new Uint8Array(bombPng());
});
afterAll(async () => {
  agent.destroy();
  await s.close();
});

describe('fuzzing every operation of the endpoint table', () => {
  it(
    `answers at least ${RUNS} malformed requests per operation as the contract declares, and keeps serving`,
    { timeout: 300_000 },
    async () => {
      const url = new URL(s.url);
      const failures: string[] = [];
      const statuses = new Map<string, number>();
      const timings = new Map<string, number>();
      let requests = 0;
      /** Requests malformed by construction, and those of them answered with a 4xx. */
      let mustRefuse = 0;
      let refused = 0;
      const started = Date.now();
      console.log(`fuzz: seed ${SEED}, ${RUNS} runs per operation (FUZZ_SEED=${SEED} replays them)`);

      for (const [index, [id, e]] of OPERATIONS.entries()) {
        // One client address per operation: the per-address limits stop the few well-formed sign-ups and logins.
        const opStarted = Date.now();
        const rig = await rigFor(id, e, w, s, `198.51.100.${index + 1}`);
        const { arbitrary, examples } = mutationsOf(e);
        await fc.assert(
          fc.asyncProperty(arbitrary, async (mutation) => {
            const raw = mutation.apply(rig.base);
            // A path whose dot segments lead to another operation is judged by that one's contract (see check).
            const malformed = (mutation.malformed?.(rig.base, raw) ?? false) && reachesItsOwnRoute(raw);
            const reply = await send(url, raw);
            requests++;
            if (malformed) {
              mustRefuse++;
              if (reply.status >= 400 && reply.status < 500) refused++;
            }
            statuses.set(`${id} ${reply.status}`, (statuses.get(`${id} ${reply.status}`) ?? 0) + 1);
            const problem = check(id, e, raw, reply, malformed);
            if (problem) failures.push(`${id}: ${mutation.label} (${raw.method} ${raw.path.slice(0, 120)}): ${problem}`);
            if (rig.renew && (rig.usedUpBy ?? ((status) => status < 300))(reply.status)) await rig.renew();
            return true;
          }),
          // Every edge value first (examples), then RUNS drawn at random.
          { seed: SEED + index, numRuns: examples.length + RUNS, examples: examples.map((m): [Mutation] => [m]) },
        );
        timings.set(id, Date.now() - opStarted);
      }

      const byOperation = new Map<string, string[]>();
      for (const [k, n] of statuses) {
        const [op, status] = k.split(' ');
        byOperation.set(op!, [...(byOperation.get(op!) ?? []), `${status}x${n}`]);
      }
      console.log(
        `fuzz statuses:\n${[...byOperation].map(([op, list]) => `  ${op.padEnd(22)} ${`${timings.get(op)} ms`.padStart(9)}  ${list.join(' ')}`).join('\n')}`,
      );
      const serverErrors = [...statuses].filter(([k]) => Number(k.split(' ')[1]) >= 500).reduce((n, [, count]) => n + count, 0);
      console.log(
        `fuzz: ${requests} requests over ${OPERATIONS.length} operations, ${mustRefuse} malformed by construction (${refused} refused with a 4xx), ` +
          `${serverErrors} server errors (seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      // Still healthy: the reference data answers, a normal login works, and family A's tokens still do.
      expect((await s.request('/api/public-navbar/')).status).toBe(200);
      const login = await s.request('/api/login/', { json: { email: w.a.parent.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect((await s.request('/api/user/me/', { token: login.body.access })).status).toBe(200);
      recordCheck(
        'fuzz',
        `${requests} malformed requests over ${OPERATIONS.length} operations (${refused} of the ${mustRefuse} malformed by construction refused with a 4xx), ${serverErrors} server errors`,
      );
      expect((await s.request('/api/profile/', { token: w.a.kid.access })).status).toBe(200);
      expect(failures).toEqual([]);
      expect(serverErrors).toBe(0);
      expect(mustRefuse).toBeGreaterThan(0);
      expect(requests).toBeGreaterThanOrEqual(OPERATIONS.length * RUNS);
    },
  );
});
