/**
 * The id a page opens (a contest, a class): from the navigation state first, where the page that linked to it put
 * it, then from the query (a reload or a shared link). Null when neither names a positive database id (int4).
 */
function positiveId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** `stateKey` in the navigation state (e.g. `contestId`), else `queryKey` in the query (e.g. `id`). */
export function pageIdFrom(state: unknown, search: string, stateKey: string, queryKey: string): number | null {
  const fromState = positiveId((state as Record<string, unknown> | null)?.[stateKey]);
  return fromState ?? positiveId(new URLSearchParams(search).get(queryKey));
}
