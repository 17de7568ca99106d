/**
 * The text a user sees when a call fails (./api-error-message.ts, ./api-error.ts; accounts spec §8), for each
 * error body of the contract (src/contract/errors.ts), a network failure and a body that is not JSON. The
 * failures are ky's own errors for real responses; the language is the app's Lingui set-up with its catalogs.
 */
import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { M } from '@contract/messages';
import { ApiError, fieldErrors, messageText } from './api-error';
import { toApiError } from './api-error-message';
import { activateLanguage } from './i18n';

/** The error ky rejects with when the server answers `status` with `body` (an object is sent as JSON). */
async function failure(status: number, body: unknown): Promise<unknown> {
  const text = body === null ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const headers = { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' };
  try {
    await ky.get('http://museum.test/api/anything/', { retry: 0, fetch: async () => new Response(text, { status, headers }) });
  } catch (error) {
    return error;
  }
  throw new Error(`ky did not fail on ${status}`);
}

const shown = async (status: number, body: unknown) => (await toApiError(await failure(status, body))).message;

describe('the message of a failed call (English)', () => {
  beforeEach(async () => {
    await activateLanguage('en');
  });

  it("400 {field: [messages]}: every field, one per line, a field's messages joined by commas", async () => {
    const body = {
      email: ['Email is required'],
      password: ['Password is required', 'Password must be between 8 and 32 characters'],
    };
    expect(await shown(400, body)).toBe('Email is required\nPassword is required, Password must be between 8 and 32 characters');
  });

  it('400 non-field errors are shown like any field', async () => {
    expect(await shown(400, { non_field_errors: ['The request could not be read. Please try again.'] })).toBe(
      'The request could not be read. Please try again.',
    );
  });

  it('a field message given as a contract message id is translated', async () => {
    expect(await shown(400, { email: [M.emailRequired.id] })).toBe('Email is required');
  });

  it.each([401, 404, 409, 422, 429])('%i {detail}: the detail', async (status) => {
    expect(await shown(status, { detail: 'Too many attempts. Please wait a while and try again.' })).toBe(
      'Too many attempts. Please wait a while and try again.',
    );
  });

  it('403 {errors, detail}: the text once, not twice', async () => {
    const text = 'Only the parent account can do this. Please switch to the parent account.';
    expect(await shown(403, { errors: text, detail: text })).toBe(text);
  });

  it('500 {errors}: the errors text', async () => {
    expect(await shown(500, { errors: 'Something went wrong, Please try again later' })).toBe(
      'Something went wrong, Please try again later',
    );
  });

  it('a body that is not JSON is shown as it came', async () => {
    expect(await shown(502, 'Bad Gateway')).toBe('Bad Gateway');
  });

  it('an answer without a body: a general message', async () => {
    expect(await shown(503, null)).toBe('An error occurred');
    expect(await shown(502, '')).toBe('An error occurred');
    expect(await shown(502, '   \n')).toBe('An error occurred');
  });

  it("no answer at all (fetch's TypeError): a network message", async () => {
    const error = await toApiError(new TypeError('Failed to fetch'));
    expect(error.message).toBe('Network error occurred');
    expect(error.status).toBeNull();
  });

  it("the error keeps the status and the body, so that forms can show each field's errors under it", async () => {
    const error = await toApiError(await failure(400, { email: ['Email is required'], username: ['Username is required', 'Too long'] }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(fieldErrors(error)).toEqual({ email: 'Email is required', username: 'Username is required, Too long' });
    expect(fieldErrors(await toApiError(await failure(404, { detail: 'Not found.' })))).toEqual({});
  });
});

describe('the message of a failed call (Japanese)', () => {
  beforeEach(async () => {
    await activateLanguage('ja');
  });

  it('a contract message id is translated', async () => {
    expect(await shown(400, { email: [M.emailRequired.id] })).toBe('メールアドレスは必須です');
  });

  it('text the server already translated is shown as it came', async () => {
    expect(await shown(404, { detail: '見つかりません。' })).toBe('見つかりません。');
  });

  it('the network and general messages are translated', async () => {
    expect((await toApiError(new TypeError('Failed to fetch'))).message).toBe('通信エラーが発生しました');
    expect(await shown(503, null)).toBe('エラーが発生しました');
  });
});

describe('a message shown under a field (ui/field through messageText)', () => {
  const warn = vi.spyOn(console, 'warn');
  beforeEach(async () => {
    await activateLanguage('ja');
    warn.mockClear();
  });
  afterEach(() => {
    expect(warn).not.toHaveBeenCalled();
  });

  it('a field error the server wrote in Japanese is shown as it came, with no "Uncompiled message detected!"', async () => {
    const error = await toApiError(await failure(400, { username: ['このユーザー名はすでに使われています'] }));
    expect(messageText(fieldErrors(error).username ?? '')).toBe('このユーザー名はすでに使われています');
    expect(messageText('Organization code is not valid')).toBe('Organization code is not valid');
  });

  it('a contract message id (what zod issues carry) is translated', () => {
    expect(messageText(M.emailRequired.id)).toBe('メールアドレスは必須です');
  });
});
