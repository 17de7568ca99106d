/**
 * Reading the multipart body of a work create/update. The body is already capped by app.ts
 * (5 × 15 MB + 1 MB, by Content-Length or while streaming); here each file is held to 15 MB,
 * repeated fields become lists, and field and image errors come back together in one 400.
 */
import type { Context } from 'hono';
import type { z } from 'zod';

import { LIMITS } from '../../contract/limits';
import { M } from '../../contract/messages';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';
import { issuesToFields } from '../middleware/validate';

const LIST_FIELDS = ['category', 'tags', 'keep_images'] as const;
const TEXT_FIELDS = ['title', 'description', 'is_public'] as const;

export interface WorkForm<T> {
  fields: T;
  files: Uint8Array[];
  /** Every text entry as sent, for the idempotency fingerprint. */
  entries: [string, string][];
}

async function formData(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw ValidationError.nonField(M.invalidBody.id);
  }
}

/** PostgreSQL text cannot hold NUL; such input is simply invalid. */
const hasNul = (v: string) => v.includes('\u0000');

/**
 * Parses the form against `schema`; `minImages` is 1 for create and 0 for update (where kept
 * images count too, checked by the domain).
 */
export async function readWorkForm<S extends z.ZodType>(c: Context<AppEnv>, schema: S, minImages: number): Promise<WorkForm<z.output<S>>> {
  const form = await formData(c);
  const errors: Record<string, string[]> = {};
  const entries: [string, string][] = [];
  const values: Record<string, unknown> = {};

  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && name !== 'images') entries.push([name, value]);
  }
  for (const name of TEXT_FIELDS) {
    const value = form.get(name);
    if (value === null) continue;
    if (typeof value !== 'string' || hasNul(value)) errors[name] = [M.invalidValue.id];
    else values[name] = value;
  }
  for (const name of LIST_FIELDS) {
    if (!form.has(name)) continue;
    const all = form.getAll(name);
    if (all.some((v) => typeof v !== 'string')) errors[name] = [M.invalidValue.id];
    else values[name] = (all as string[]).filter((v) => v.trim() !== '');
  }

  const files: Uint8Array[] = [];
  for (const value of form.getAll('images')) {
    if (value === '') continue;
    if (typeof value === 'string') {
      errors.images = [M.imageType.id];
      continue;
    }
    if (value.size === 0) continue;
    if (value.size > LIMITS.maxUploadBytes) errors.images = [M.imageTooLarge.id];
    else files.push(new Uint8Array(await value.arrayBuffer()));
  }
  if (!errors.images) {
    if (files.length < minImages) errors.images = [M.imagesMin.id];
    else if (files.length > LIMITS.maxImagesPerWork) errors.images = [M.imagesMax.id];
  }

  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const [field, ids] of Object.entries(issuesToFields(parsed.error.issues))) {
      const key = field.split('.')[0]!;
      errors[key] = [...new Set([...(errors[key] ?? []), ...ids])];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) throw new ValidationError(errors);
  return { fields: parsed.data, files, entries };
}
