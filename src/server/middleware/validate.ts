/**
 * @hono/zod-validator with one hook: zod issues become the contract's 400 body
 * {field: [message ids]} (translated in onError). The contract puts message ids into its schemas;
 * zod's own texts (a wrong type, for example) become the generic "not valid" message.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

import { NON_FIELD } from '@contract/errors';
import { M } from '@contract/messages';
import { ValidationError } from '../errors';
import { isKnownMessageId } from '../i18n';

export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : NON_FIELD;
    const id = isKnownMessageId(issue.message) ? issue.message : M.invalidValue.id;
    const list = (fields[field] ??= []);
    if (!list.includes(id)) list.push(id);
  }
  return fields;
}

/** Parses or throws the contract's 400 (NUL included). For data that does not come through a validator. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(issuesToFields(result.error.issues));
  rejectNul(result.data);
  return result.data;
}

/**
 * The field whose text holds a NUL character, or null. PostgreSQL's text cannot store NUL, so such input
 * is simply invalid: a 400 for that field, never a database error.
 */
export function fieldWithNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || NON_FIELD : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = fieldWithNul(item, path.length > 0 ? path : [String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = fieldWithNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function rejectNul(data: unknown): void {
  const nul = fieldWithNul(data);
  if (nul) throw ValidationError.of(nul, M.invalidValue.id);
}

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    // Hono reads a body of another type, or of none, as {}; a JSON call with a text/plain body is unreadable, not
    // empty, and so is one whose body comes without a Content-Type (issue 27: its fields were dropped with a 200).
    // A call without a body (an operation whose fields are all optional) is still {}.
    const type = c.req.header('Content-Type');
    const hasBody = Number(c.req.header('Content-Length') ?? 0) > 0 || c.req.header('Transfer-Encoding') !== undefined;
    if (target === 'json' && (type ? !JSON_TYPE.test(type) : hasBody)) throw ValidationError.nonField(M.invalidBody.id);
    if (!result.success) throw new ValidationError(issuesToFields(result.error.issues));
    rejectNul(result.data);
  });
}
