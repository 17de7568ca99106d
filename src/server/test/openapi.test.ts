/**
 * Issue 10: /api/openapi.json is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator,
 * and each of its schemas against JSON Schema 2020-12 by Ajv, which the OpenAPI schema leaves unchecked), it
 * describes exactly the operations of the endpoint table, and every operation it describes is served: Hono's
 * registered /api routes are the document's operations, one to one, and a request to each reaches its route.
 */
import { createHash, randomBytes } from 'node:crypto';

import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fillPath, isIdParam, paramNames, responsesOf, type Endpoint } from '@contract/endpoint';
import { ENDPOINTS } from '@contract/endpoints';
import { artistClasses, circleInvitations, contests, organizations, plans, profiles, users } from '../db/schema';
import { createApp } from '../app';
import { digestOffToken } from '../domain/circle-digest';
import { honoPath } from '../routes/register';
import { startTestServer, type TestServer } from './harness';
import { family, made, png } from './works-helpers';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters: { name: string; in: string; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content: Record<string, { schema: Json }> }>;
}

const METHODS = ['get', 'post', 'patch', 'delete', 'put', 'head', 'options', 'trace'];

let s: TestServer;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  const res = await s.request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.body;
});
afterAll(() => s.close());

/** METHOD path, with Hono's `:id{[0-9]+}` and `:uid` written back as `{id}` and `{uid}`, without the trailing slash. */
const key = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/(.)\/$/, '$1')}`;

const documented = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, and the validator does refuse a broken copy', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const broken = structuredClone(doc);
    const login = broken.paths['/api/login/']!.post!;
    login.parameters.push({ name: 'email', in: 'body', schema: {} });
    delete (login as Partial<Operation>).responses;
    expect((await new Validator().validate(broken as unknown as Json)).valid).toBe(false);
  });

  it('has schemas that are valid JSON Schema 2020-12 (the dialect of OpenAPI 3.1)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const bad: string[] = [];
    let count = 0;
    for (const { method, path, op } of documented()) {
      const schemas: [string, Json][] = [
        ...op.parameters.map((p): [string, Json] => [`parameter ${p.name}`, p.schema]),
        ...Object.entries(op.requestBody?.content ?? {}).map(([type, c]): [string, Json] => [`request ${type}`, c.schema]),
        ...Object.entries(op.responses).flatMap(([status, r]) =>
          Object.entries(r.content).map(([type, c]): [string, Json] => [`${status} ${type}`, c.schema]),
        ),
      ];
      for (const [where, schema] of schemas) {
        count++;
        if (!ajv.validateSchema(schema)) bad.push(`${method} ${path} ${where}: ${ajv.errorsText(ajv.errors)}`);
        else ajv.compile(schema);
      }
    }
    expect(bad).toEqual([]);
    expect(ajv.validateSchema({ type: 'objekt' })).toBe(false);
    expect(count).toBeGreaterThan(Object.keys(ENDPOINTS).length * 3);
  });

  it('describes every operation of the endpoint table, and nothing else', () => {
    const inDoc = documented().map(({ method, path, op }) => `${op.operationId} ${method} ${path}`);
    const inTable = Object.entries(ENDPOINTS).map(([id, e]) => `${id} ${e.method} ${e.path}`);
    expect(inDoc.sort()).toEqual(inTable.sort());
    for (const { op } of documented()) {
      const e: Endpoint = ENDPOINTS[op.operationId as keyof typeof ENDPOINTS];
      expect(Object.keys(op.responses).sort(), op.operationId).toEqual([...responsesOf(e).keys()].map(String).sort());
      expect(
        op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        op.operationId,
      ).toEqual(paramNames(e.path));
      expect(Boolean(op.requestBody), op.operationId).toBe(Boolean(e.body));
    }
  });
});

describe('every documented operation is served', () => {
  it("Hono's /api routes are the document's operations, one to one", () => {
    const app = createApp(s.deps);
    const registered = new Set(
      app.routes.filter((r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/'))).map((r) => key(r.method, r.path)),
    );
    const described = new Set(documented().map(({ method, path }) => key(method, path)));
    expect([...registered].sort()).toEqual([...described].sort());
    // And each is registered under the path the server derives from the table.
    for (const e of Object.values(ENDPOINTS)) expect(registered.has(key(e.method, honoPath(e.path)))).toBe(true);
  });

  it("a request to each, with and without the trailing slash, reaches its route, not the catch-all's 404", async () => {
    const app = createApp(s.deps);
    const kid = (await family(s, 1)).kids[0]!;
    const publicWork = await made(s, kid, { images: [await png()], is_public: true });
    // A public object for each public operation with an id, so its answer is its own 200.
    const [org] = await s.deps.db.insert(organizations).values({ name: 'Routing Atelier', code: '246810' }).returning();
    const [contest] = await s.deps.db
      .insert(contests)
      .values({ organizationId: org!.id, name: 'Routing contest', startsAt: new Date(), endsAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const [artistClass] = await s.deps.db
      .insert(artistClasses)
      .values({ organizationId: org!.id, name: 'Routing class', isFree: true, classType: 'recorded', published: true })
      .returning();
    const publicIds: Record<string, number> = { work: publicWork, contest: contest!.id, artistClass: artistClass!.id };
    // The local provider's hosted checkout answers an open session of its own (any other is its 404).
    const [premium] = await s.deps.db.select().from(plans).where(eq(plans.code, 'premium'));
    const [someone] = await s.deps.db.select({ id: users.id }).from(users).limit(1);
    const checkout = await s.deps.payments.createCheckoutSession({
      plan: premium!,
      userId: someone!.id,
      email: 'routing@example.com',
      successUrl: 'http://localhost/payment-complete?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost/plans',
      idempotencyKey: 'openapi-routing',
    });
    // An invitation link to a family circle (issue 32), good, so that its preview answers its own 200.
    const token = randomBytes(32).toString('base64url');
    const [inviter] = await s.deps.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.id, kid.id));
    await s.deps.db.insert(circleInvitations).values({
      userId: inviter!.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      role: 'grandma',
      profileIds: [kid.id],
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // The weekly e-mail's stop link (issue 32), signed for an account.
    const stop = digestOffToken(
      s.deps,
      (await s.deps.db.select({ uuid: users.uuid }).from(users).where(eq(users.id, inviter!.id)))[0]!.uuid,
    );
    const publicTexts: Record<string, string> = { session: checkout.id, token, stop };
    const unrouted: string[] = [];
    for (const { method, path, op } of documented()) {
      const params = Object.fromEntries(
        paramNames(path).map((name) => [name, isIdParam(name) ? (publicIds[op.operationId] ?? 1) : (publicTexts[name] ?? 'x')]),
      );
      const filled = fillPath(path, params);
      for (const variant of new Set([filled, filled.replace(/(.)\/$/, '$1'), filled.endsWith('/') ? filled : `${filled}/`])) {
        // The router's own answer: the handlers it picks include the operation's route.
        const matched = (
          app.router.match(method, variant.replace(/(.)\/$/, '$1'))[0] as [[unknown, { method: string; path: string }], unknown][]
        )
          .map(([[, route]]) => route)
          .filter((route) => route.method === method);
        if (!matched.some((route) => key(method, route.path) === key(method, path)))
          unrouted.push(`${method} ${variant}: the router picks ${JSON.stringify(matched)}`);
        // Over HTTP, without a token or body: an answer of the operation (401, 400, 200...), never the unknown route's 404.
        const res = await s.request(variant, { method, ...(method === 'POST' || method === 'PATCH' ? { json: {} } : {}) });
        if (res.status === 404) unrouted.push(`${method} ${variant}: 404 ${JSON.stringify(res.body)}`);
      }
    }
    expect(unrouted).toEqual([]);
  });

  it('an unknown /api route is the catch-all 404, so the check above can tell', async () => {
    const res = await s.request('/api/no-such-operation/');
    expect(res).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const app = createApp(s.deps);
    const matched = (app.router.match('GET', '/api/no-such-operation') as [[unknown, { path: string }], unknown][][])[0]!.map(
      ([[, r]]) => r.path,
    );
    expect(matched.every((p) => !p.startsWith('/api/') || p === '/api/*')).toBe(true);
  });
});
