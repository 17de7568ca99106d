/**
 * The reader of small forms (`type: 'form'` bodies: the contact form), as a browser's form sends them:
 * multipart/form-data or application/x-www-form-urlencoded. The route's body limit (JSON_BODY_LIMIT) has bounded
 * the body already, so it is read whole and parsed by busboy, the multipart reader's parser. Text fields only, each
 * once: a file part, or a field sent twice, is a 400 for that field; a body busboy cannot read, or one of more than
 * MAX_FIELDS fields, is the contract's "could not be read".
 */
import busboy from 'busboy';
import type { Context } from 'hono';

import { NON_FIELD } from '@contract/errors';
import { M } from '@contract/messages';
import { JSON_BODY_LIMIT } from '@contract/uploads';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';

/** Far more than any form of the contract has (the contact form has four). */
const MAX_FIELDS = 50;

const invalidBody = () => ValidationError.nonField(M.invalidBody.id);

/** The form's fields by name, unchecked (the entry's schema checks them). */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') },
      limits: { fields: MAX_FIELDS, files: MAX_FIELDS, parts: MAX_FIELDS, fieldSize: JSON_BODY_LIMIT, fieldNameSize: 200 },
    });
  } catch {
    // Neither multipart (with a boundary) nor urlencoded.
    throw invalidBody();
  }
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await c.req.arrayBuffer());
  } catch {
    throw invalidBody();
  }

  const fields = new Map<string, string>();
  const wrong = new Set<string>();
  let unreadable = false;
  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) unreadable = true;
    else if (fields.has(name)) wrong.add(name);
    else fields.set(name, value);
  });
  parser.on('file', (name, stream) => {
    wrong.add(name);
    stream.resume();
  });
  for (const limit of ['fieldsLimit', 'filesLimit', 'partsLimit'] as const) parser.on(limit, () => (unreadable = true));
  await new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      unreadable = true;
      resolve();
    });
    parser.end(bytes);
  });

  if (unreadable) throw invalidBody();
  if (wrong.size > 0) throw new ValidationError(Object.fromEntries([...wrong].map((name) => [name || NON_FIELD, [M.invalidValue.id]])));
  // fromEntries defines own properties: a field named __proto__ stays a field.
  return Object.fromEntries(fields);
}
