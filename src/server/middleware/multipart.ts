/**
 * The one reader of multipart uploads (a work's images, a profile picture), streaming through
 * busboy (issue 9, finding 6). Reading the whole form first let one request buffer 75 MB, copy
 * each file, and parse a million fields on the event loop before anything was checked. Here every
 * limit is enforced while the bytes arrive: the body's total, each file's 15 MB, the number of
 * files and of text fields. The first limit broken ends the reading; the rest of the body is never
 * read, and the route closes that connection (routes/register.ts).
 *
 * Files are never held in memory (issue 14): each file part streams, with backpressure, into its own
 * temp file (DATA_DIR/tmp/<instance>/<random>, mode 0600) and is hashed on the way, for the idempotency
 * fingerprint. The images adapter reads them from there. uploadSlot removes the request's temp files
 * when its answer is ready, whatever it is (success, a 400, a client gone mid-body, a 500), and the
 * file sweep removes the folder a crashed process left (domain/pending-files.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import busboy from 'busboy';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import type { UploadLimits } from '@contract/uploads';
import type { AppDeps } from '../deps';
import { openUploadTempDir } from '../domain/pending-files';
import { claimUpload } from '../domain/uploads';
import type { AppEnv } from '../env';
import { ApiError, ValidationError } from '../errors';
import { errorFields, log } from '../log';
import { requireAuth } from './auth';

/** No text field of the contract comes near this (a 2000-character comment is at most 8 KB). */
const MAX_FIELD_BYTES = 64 * 1024;
/** Empty file parts (an input left empty) are skipped, so a few more parts than files may come. */
const EMPTY_FILE_PARTS = 10;

export interface UploadedFile {
  /** The temp file holding the bytes; removed when the request's answer is ready. */
  path: string;
  size: number;
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

/** A request's temp folder and the files written there (uploadSlot sets it up and cleans it). */
interface Scratch {
  dir: string;
  paths: string[];
}

const scratches = new WeakMap<Context<AppEnv>, Scratch>();

/** The server's own failure while reading (a temp file could not be written): a 500, not the client's 400. */
class ScratchFailed extends Error {}

interface FilePart {
  /** Opened at the first byte: an empty part makes no file. */
  out: WriteStream | null;
  path: string;
  size: number;
  hash: ReturnType<typeof createHash>;
  /** Beyond maxFiles when the extra ones are ignored: read past, never kept. */
  ignored: boolean;
}

/** Waits until every temp file is written and closed (or failed). */
async function closeAll(parts: FilePart[], destroy: boolean): Promise<void> {
  await Promise.all(
    parts.map(async (part) => {
      const out = part.out;
      if (!out || out.closed) return;
      const closed = once(out, 'close').catch(() => {});
      if (destroy) out.destroy();
      else if (!out.writableEnded) out.end();
      await closed;
    }),
  );
}

async function removeFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map((path) =>
      rm(path, { force: true }).catch((err: unknown) =>
        log('error', 'upload: could not remove a temp file', { path, ...errorFields(err) }),
      ),
    ),
  );
}

/**
 * Reads the request's multipart (or urlencoded) body within `limits`. Throws the contract's 400
 * ({field: [ids]}) as soon as a limit is broken, without reading further.
 */
export async function readUpload(c: Context<AppEnv>, limits: UploadLimits): Promise<UploadForm> {
  const scratch = scratches.get(c);
  if (!scratch) throw new Error('readUpload needs uploadSlot on its route');
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
    const part: FilePart = { out: null, path: '', size: 0, hash: createHash('sha256'), ignored: false };
    parts.push(part);
    stream.on('data', (chunk: Buffer) => {
      if (part.size === 0 && ++nonEmpty > limits.maxFiles) {
        if (limits.tooManyFiles) fail(ValidationError.of(limits.fileField, limits.tooManyFiles));
        else part.ignored = true;
      }
      part.size += chunk.length;
      if (part.ignored || state.failure) return;
      if (!part.out) {
        part.path = join(scratch.dir, `${randomBytes(16).toString('hex')}.upload`);
        scratch.paths.push(part.path);
        part.out = createWriteStream(part.path, { flags: 'wx', mode: 0o600 });
        part.out.on('error', (err) => fail(new ScratchFailed(err.message)));
      }
      part.hash.update(chunk);
      // Backpressure: a paused file stream holds busboy, whose write then waits for 'drain' below.
      if (!part.out.write(chunk)) {
        stream.pause();
        part.out.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => part.out?.end());
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
    await Promise.race([closeAll(parts, false), broken]);
    if (state.failure) throw state.failure;
  } catch (err) {
    parser.destroy();
    await closeAll(parts, true);
    await removeFiles(parts.map((p) => p.path).filter(Boolean));
    if (err instanceof ScratchFailed) throw new Error(`upload temp file: ${err.message}`);
    // The client went away mid-body, or sent something busboy could not follow.
    throw err instanceof ValidationError ? err : invalidBody();
  }

  for (const part of parts) {
    if (part.size === 0 || part.ignored || !part.out) continue;
    form.files.push({ path: part.path, size: part.size, sha256: part.hash.digest('hex') });
  }
  return form;
}

/**
 * Route guard for an upload, after the caller guard: holds one of the account's upload places
 * (domain/uploads.ts) until the answer is ready, or refuses with 429 without reading the body.
 * The request's temp files live exactly as long: they are removed here, whatever the outcome.
 */
export function uploadSlot(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const release = await claimUpload(deps, requireAuth(c).user.id);
    if (!release) throw new ApiError(429, M.uploadBusy);
    const scratch: Scratch = { dir: '', paths: [] };
    try {
      scratch.dir = await openUploadTempDir(deps.db, deps.config.dataDir);
      scratches.set(c, scratch);
      await next();
    } finally {
      scratches.delete(c);
      await removeFiles(scratch.paths);
      release();
    }
  });
}
