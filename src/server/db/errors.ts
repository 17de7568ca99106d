const UNIQUE_VIOLATION = '23505';

/** True for a unique-constraint violation, from PGlite or node-postgres (drizzle may wrap it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** True for a foreign-key violation (e.g. a row that was deleted by a concurrent request). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}
