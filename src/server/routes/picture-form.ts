/**
 * A console form of text fields and one picture (a contest's thumbnail, a sponsor banner's image), read through the
 * streaming reader that stops at the entry's limits. Field and picture errors come back together in one 400. A
 * repeated field, or a file under a text field's name, is not a text; text holding NUL cannot be stored, so it is
 * invalid. A form's line breaks travel as CRLF and are stored as LF (criteria are one per line).
 */
import type { Context } from 'hono';
import type { z } from 'zod';

import type { MultipartBody } from '@contract/endpoint';
import { M, type Msg } from '@contract/messages';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';
import { readUpload } from '../middleware/multipart';
import { issuesToFields } from '../middleware/validate';

export async function readPictureForm<S extends z.ZodType>(
  c: Context<AppEnv>,
  body: MultipartBody<S>,
  /** The message when no picture came, where one is required (a new contest). */
  pictureRequired: Msg | null,
): Promise<{ fields: z.output<S>; picture: string | null }> {
  const form = await readUpload(c, body.upload);
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = {};
  for (const [name, raw] of form.entries) {
    const value = raw.replace(/\r\n?/g, '\n');
    if (value.includes('\u0000')) errors[name] = [M.invalidValue.id];
    else values[name] = name in values ? [values[name], value].flat() : value;
  }
  for (const name of form.filesElsewhere) values[name] = null;
  const parsed = body.fields.safeParse(values);
  if (!parsed.success) {
    for (const [field, ids] of Object.entries(issuesToFields(parsed.error.issues))) {
      const key = field.split('.')[0]!;
      if (!errors[key]) errors[key] = ids;
    }
  }
  const file = body.upload.fileField;
  if (form.textAsFile) errors[file] = [M.imageType.id];
  else if (pictureRequired && form.files.length === 0) errors[file] = [pictureRequired.id];
  if (Object.keys(errors).length > 0 || !parsed.success) throw new ValidationError(errors);
  return { fields: parsed.data, picture: form.files[0]?.path ?? null };
}
