import type { Context } from 'hono';

import { M } from '../../contract/messages';
import { ApiError } from '../errors';

const MAX_SERIAL = 2_147_483_647;

/** A positive int4 path id, or 404: a malformed id names nothing, and must not reach SQL as an overflow. */
export function idParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_SERIAL) throw new ApiError(404, M.notFound);
  return id;
}
