/**
 * The one reader of multipart uploads (a work's images, a profile picture), streaming through
 * busboy (issue 9, finding 6). Reading the whole form first let one request buffer 75 MB, copy
 * each file, and parse a million fields on the event loop before anything was checked. Here every
 * limit is enforced while the bytes arrive: the body's total, each file's 15 MB, the number of
 * files and of text fields. The first limit broken ends the reading; the rest of the body is never
 * read, and the route closes that connection (routes/register.ts). Files are hashed as they stream in, for the
 * idempotency fingerprint, and kept only as long as the request needs them.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';

import busboy from 'busboy';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import type { UploadLimits } from '@contract/uploads';
import type { AppDeps } from '../deps';
import { claimUpload } from '../domain/uploads';
import type { AppEnv } from '../env';
import { ApiError, ValidationError } from '../errors';
import { requireAuth } from './auth';

/** No text field of the contract comes near this (a 2000-character comment is at most 8 KB). */
const MAX_FIELD_BYTES = 64 * 1024;
/** Empty file parts (an input left empty) are skipped, so a few more parts than files may come. */
const EMPTY_FILE_PARTS = 10;

export interface UploadedFile {
  bytes: Buffer;
  /** sha256 of the bytes, hex. */
  sha256: string;
}

export interface UploadForm {
  /** Text entries in the order sent, except those under the file field. */
  entries: [string, string][];
  /** The non-empty files of the file field, in the order sent. */
  files: UploadedFile[];
  /** Names that came as a file but are not the file field (their bytes are discarded). */
  filesElsewhere: Set<string>;
  /** A non-empty text value came under the file field. */
  textAsFile: boolean;
}

/** Requests whose body was read to its end; app.ts closes the connection of any other upload. */
const readToEnd = new WeakSet<Context<AppEnv>>();

export const bodyReadToEnd = (c: Context<AppEnv>): boolean => readToEnd.has(c);

const invalidBody = () => ValidationError.nonField(M.invalidBody.id);

interface FilePart {
  chunks: Buffer[];
  size: number;
  hash: ReturnType<typeof createHash>;
  /** Beyond maxFiles when the extra ones are ignored: read past, never kept. */
  ignored: boolean;
}

/**
 * Reads the request's multipart (or urlencoded) body within `limits`. Throws the contract's 400
 * ({field: [ids]}) as soon as a limit is broken, without reading further.
 */
export async function readUpload(c: Context<AppEnv>, limits: UploadLimits): Promise<UploadForm> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') },
      limits: {
        fields: limits.maxFields,
        fieldSize: MAX_FIELD_BYTES,
        files: limits.maxFiles + EMPTY_FILE_PARTS,
        fileSize: LIMITS.maxUploadBytes,
        parts: limits.maxFields + limits.maxFiles + EMPTY_FILE_PARTS,
      },
    });
  } catch {
    // Not multipart or urlencoded, or no boundary.
    throw invalidBody();
  }

  const form: UploadForm = { entries: [], files: [], filesElsewhere: new Set(), textAsFile: false };
  const parts: FilePart[] = [];
  let nonEmpty = 0;
  const state: { failure: Error | null } = { failure: null };
  let reject!: (err: Error) => void;
  // Rejects with the first broken limit (later ones are ignored); the pump below stops reading then.
  const broken = new Promise<never>((_, r) => (reject = r));
  broken.catch(() => {});
  const fail = (err: Error) => {
    state.failure ??= err;
    reject(state.failure);
  };
  const tooLarge = () => ValidationError.of(limits.fileField, M.imageTooLarge.id);

  parser.on('field', (name, value) => {
    if (name !== limits.fileField) form.entries.push([name, value]);
    else if (value !== '') form.textAsFile = true;
  });
  parser.on('file', (name, stream) => {
    // Destroying the parser at a broken limit ends the open file with an error; it is the limit's.
    stream.on('error', () => {});
    if (name !== limits.fileField) {
      form.filesElsewhere.add(name);
      stream.resume();
      return;
    }
    const part: FilePart = { chunks: [], size: 0, hash: createHash('sha256'), ignored: false };
    parts.push(part);
    stream.on('data', (chunk: Buffer) => {
      if (part.size === 0 && ++nonEmpty > limits.maxFiles) {
        if (limits.tooManyFiles) fail(ValidationError.of(limits.fileField, limits.tooManyFiles));
        else part.ignored = true;
      }
      part.size += chunk.length;
      if (part.ignored) return;
      part.chunks.push(chunk);
      part.hash.update(chunk);
    });
    stream.on('limit', () => fail(tooLarge()));
  });
  parser.on('fieldsLimit', () => fail(invalidBody()));
  parser.on('partsLimit', () => fail(invalidBody()));
  parser.on('filesLimit', () => {
    if (limits.tooManyFiles) fail(ValidationError.of(limits.fileField, limits.tooManyFiles));
  });
  parser.on('error', () => fail(invalidBody()));
  const parsed = once(parser, 'close');
  parsed.catch(() => {});

  const reader = c.req.raw.body?.getReader();
  let received = 0;
  try {
    for (;;) {
      if (state.failure) throw state.failure;
      const chunk = reader ? await Promise.race([reader.read(), broken]) : { done: true as const, value: undefined };
      if (chunk.done) break;
      received += chunk.value.byteLength;
      if (received > limits.maxBodyBytes) throw tooLarge();
      const bytes = Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength);
      if (!parser.write(bytes)) await Promise.race([once(parser, 'drain'), broken]);
    }
    readToEnd.add(c);
    parser.end();
    await Promise.race([parsed, broken]);
    if (state.failure) throw state.failure;
  } catch (err) {
    parser.destroy();
    // The client went away mid-body, or sent something busboy could not follow.
    throw err instanceof ValidationError ? err : invalidBody();
  }

  for (const part of parts) {
    if (part.size === 0 || part.ignored) continue;
    form.files.push({ bytes: Buffer.concat(part.chunks, part.size), sha256: part.hash.digest('hex') });
    part.chunks = [];
  }
  return form;
}

/**
 * Route guard for an upload, after the caller guard: holds one of the account's upload places
 * (domain/uploads.ts) until the answer is ready, or refuses with 429 without reading the body.
 */
export function uploadSlot(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const release = await claimUpload(deps, requireAuth(c).user.id);
    if (!release) throw new ApiError(429, M.uploadBusy);
    try {
      await next();
    } finally {
      release();
    }
  });
}
