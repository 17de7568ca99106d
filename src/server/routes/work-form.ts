/**
 * Reading the multipart body of a work create/update, through the streaming reader (whose limits
 * stop an oversized file, a sixth image or a flood of fields while they arrive). Here repeated
 * fields become lists, and field and image errors come back together in one 400.
 */
import type { Context } from 'hono';
import type { z } from 'zod';

import type { MultipartBody } from '@contract/endpoint';
import { M } from '@contract/messages';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';
import { readUpload } from '../middleware/multipart';
import { issuesToFields } from '../middleware/validate';

const LIST_FIELDS = ['category', 'tags', 'keep_images'] as const;
const TEXT_FIELDS = ['title', 'description', 'is_public', 'is_circle'] as const;

export interface WorkForm<T> {
  fields: T;
  /** The uploads' temp files (removed when the answer is ready: middleware/multipart.ts). */
  files: string[];
  /** sha256 (hex) of each file, in order, for the idempotency fingerprint. */
  fileDigests: string[];
  /** Every text entry as sent, for the idempotency fingerprint. */
  entries: [string, string][];
}

/** PostgreSQL text cannot hold NUL; such input is simply invalid. */
const hasNul = (v: string) => v.includes('\u0000');

/**
 * Parses the form against its entry's fields and upload limits; `minImages` is 1 for create and 0 for update
 * (where kept images count too, checked by the domain).
 */
export async function readWorkForm<S extends z.ZodType>(
  c: Context<AppEnv>,
  body: MultipartBody<S>,
  minImages: number,
): Promise<WorkForm<z.output<S>>> {
  const schema = body.fields;
  const form = await readUpload(c, body.upload);
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = {};
  const all = (name: string) => form.entries.filter(([n]) => n === name).map(([, v]) => v);

  for (const name of TEXT_FIELDS) {
    if (form.filesElsewhere.has(name)) errors[name] = [M.invalidValue.id];
    const value = all(name)[0];
    if (value === undefined || errors[name]) continue;
    if (hasNul(value)) errors[name] = [M.invalidValue.id];
    else values[name] = value;
  }
  for (const name of LIST_FIELDS) {
    if (form.filesElsewhere.has(name)) errors[name] = [M.invalidValue.id];
    else if (form.entries.some(([n]) => n === name)) values[name] = all(name).filter((v) => v.trim() !== '');
  }

  if (form.textAsFile) errors.images = [M.imageType.id];
  else if (form.files.length < minImages) errors.images = [M.imagesMin.id];

  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const [field, ids] of Object.entries(issuesToFields(parsed.error.issues))) {
      const key = field.split('.')[0]!;
      errors[key] = [...new Set([...(errors[key] ?? []), ...ids])];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) throw new ValidationError(errors);
  return {
    fields: parsed.data,
    files: form.files.map((f) => f.path),
    fileDigests: form.files.map((f) => f.sha256),
    entries: form.entries,
  };
}
