const UNIQUE_VIOLATION = '23505';

/** True for a unique-constraint violation, from PGlite or node-postgres (drizzle may wrap it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
