/**
 * Error derivation (accounts spec §8): the one place that turns a failed call into the text shown.
 * No response: the error's message, or "Network error occurred". 500 or 403: the body's `errors`.
 * An object body: every field message, arrays joined by commas, nested objects flattened, one per
 * line. Otherwise message, detail, the stringified body, then "An error occurred".
 * Loaded on the first failure (lib/http), not with the app.
 */
import { t } from '@lingui/core/macro';

import { ApiError, flatten, isHTTPError, messageText } from './api-error';

export function messageFromBody(status: number, body: unknown): string {
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if ((status === 500 || status === 403) && record && typeof record.errors === 'string') return messageText(record.errors);
  if (record) {
    const lines = flatten(record);
    if (lines.length) return lines.join('\n');
  }
  if (typeof body === 'string' && body.trim()) return body;
  if (body !== null && body !== undefined && !(typeof body === 'string' && body.trim() === '')) return JSON.stringify(body);
  return t`An error occurred`;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const raw = await response.text();
    if (!raw) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  } catch {
    return null;
  }
}

export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const body = await readBody(error.response);
    return new ApiError(messageFromBody(error.response.status, body), error.response.status, body);
  }
  // fetch rejects with a TypeError when there is no response at all.
  if (error instanceof TypeError || !(error instanceof Error) || !error.message) {
    return new ApiError(t`Network error occurred`, null, null);
  }
  return new ApiError(error.message, null, null);
}
