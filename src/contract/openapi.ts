/**
 * The OpenAPI 3.1 document of the endpoint table, served at /api/openapi.json so that other clients can be built
 * against the contract. Schemas come from zod (JSON Schema 2020-12, which OpenAPI 3.1 uses); refinements that JSON
 * Schema cannot express (a real calendar date, matching passwords) are checked by the server and not described.
 */
import { z } from 'zod';

import { bodyLimitOf, isIdParam, paramNames, responsesOf, TOKEN_ACCESS, type Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';
import { RATE_LIMITS } from './rate-limits';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'The request is not valid: {field: [messages]}',
  401: 'Not logged in, or the session has ended: {detail}',
  403: 'This token may not make this call: {errors, detail}',
  404: 'Not found, or not visible to the caller: {detail}',
  409: 'Conflict: {detail}',
  422: 'The Idempotency-Key was used with another request: {detail}',
  429: 'Too many requests: {detail}',
  503: 'Unavailable for now (the health call: which part failed): {detail}',
};

function operation(id: string, e: Endpoint): Json {
  const parameters: Json[] = paramNames(e.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isIdParam(name) ? { type: 'integer', minimum: 1, maximum: 2_147_483_647 } : { type: 'string', minLength: 1, maxLength: 8192 },
  }));
  if (e.query) {
    const query = jsonSchema(e.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema, explode: true });
    }
  }
  parameters.push({
    name: 'language',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: ['en', 'ja'] },
    description: 'The language of messages and names',
  });

  const op: Json = {
    operationId: id,
    summary: e.summary,
    tags: [e.tag],
    parameters,
    'x-access': e.access,
    'x-body-limit': bodyLimitOf(e),
    responses: Object.fromEntries(
      [...responsesOf(e)].map(([status, schema]) => [
        String(status),
        { description: STATUS_TEXT[status] ?? String(status), content: { 'application/json': { schema: jsonSchema(schema, 'output') } } },
      ]),
    ),
  };
  if (TOKEN_ACCESS.includes(e.access)) op.security = [{ bearer: [] }];
  else if (e.access === 'public') op.security = [{}, { bearer: [] }];
  else op.security = [];
  if (e.rateLimits?.length) {
    op['x-rate-limits'] = e.rateLimits.map((use) => ({
      ...RATE_LIMITS[use.limit],
      by: use.by,
      counts: use.counts ?? 'all',
      ...(use.whenField ? { whenField: use.whenField } : {}),
      ...(use.field ? { field: use.field } : {}),
    }));
  }
  if (e.body?.type === 'json') {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(e.body.schema, 'input') } } };
  } else if (e.body?.type === 'form') {
    // A browser's form of text fields, either encoding; a file in it is refused.
    const schema = jsonSchema(e.body.schema, 'input');
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema } },
    };
  } else if (e.body?.type === 'raw') {
    // Read as its exact bytes (a provider's webhook, signed over them): any JSON the sender signed.
    op.requestBody = { required: true, content: { 'application/json': { schema: {} } } };
  } else if (e.body?.type === 'multipart') {
    const fields = jsonSchema(e.body.fields, 'input') as { properties?: Json };
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    const { fileField, maxFiles } = e.body.upload;
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...fields.properties, [fileField]: maxFiles > 1 ? { type: 'array', items: file, maxItems: maxFiles } : file },
          },
        },
      },
    };
  }
  return op;
}

export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const [id, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(id, e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Little Museum API',
      version,
      description: 'An online art museum for families and children. Paths are also served without the trailing slash.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
