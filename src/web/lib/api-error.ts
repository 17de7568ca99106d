/**
 * The error a failed call rejects with, and the field errors forms show. The text shown for a failure
 * is derived in ./api-error-message.ts, loaded only when a call fails.
 */
import { i18n } from '@lingui/core';
import type { HTTPError } from 'ky';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** ky's HTTPError, recognised without importing ky (lib/http loads it on the first call). */
export function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && (error as Partial<HTTPError>).response instanceof Response;
}

/**
 * The one rule for a message that may be a contract message id or text: an id (e.g. `v.email_required`, what zod
 * issues carry) is translated; anything else is text the server already wrote in the request's language and is
 * shown as is. Never i18n._ on such text: Lingui treats it as an unknown id, and in every build logs "Uncompiled
 * message detected!" for it (a field error the server sent in Japanese did).
 */
export function messageText(value: string): string {
  return /^[a-z]+\.[a-z_]+$/.test(value) ? i18n._(value) : value;
}

export function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [messageText(value)];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) {
    const parts = value.flatMap((v) => flatten(v));
    return parts.length ? [parts.join(', ')] : [];
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap((v) => flatten(v));
  return [];
}

/** The field errors of a 400 body, for forms that show them under their inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) out[field] = flatten(value).join(', ');
  return out;
}

/** The museum answered that there is no such thing for this visitor (404, or an id it does not accept). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
