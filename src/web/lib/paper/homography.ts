import type { Corners, Point } from './types';

/** A 3x3 homography, row by row (h[8] need not be 1). */
export type Homography = [number, number, number, number, number, number, number, number, number];

/** Solves A x = b (n x n, Gaussian elimination with partial pivoting); null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-12) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]!;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r]!;
      const f = row[c]! / pivot[c]!;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) row[k]! -= f * pivot[k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The homography taking each of `from`'s four points to `to`'s; null for a degenerate quad. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const s = solve(a, b);
  if (!s) return null;
  return [s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!, s[6]!, s[7]!, 1];
}

export function apply(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/** Orders four points clockwise (y down) from the top-left one: the one with the smallest x + y. */
export function orderCorners(points: readonly Point[]): Corners {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  const sorted = [...points].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let first = 0;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]![0] + sorted[i]![1] < sorted[first]![0] + sorted[first]![1]) first = i;
  }
  const out = [0, 1, 2, 3].map((k) => sorted[(first + k) % 4]!) as Corners;
  return out.map(([x, y]) => [x, y]) as Corners;
}

/** The largest corner error between two quads, in pixels, over the four cyclic matchings (same winding). */
export function cornerErrors(found: Corners, truth: Corners): number[] {
  let best: number[] = [];
  let bestMax = Infinity;
  for (let s = 0; s < 4; s++) {
    const errors = truth.map((t, i) => Math.hypot(found[(i + s) % 4]![0] - t[0], found[(i + s) % 4]![1] - t[1]));
    const m = Math.max(...errors);
    if (m < bestMax) {
      bestMax = m;
      best = errors;
    }
  }
  return best;
}
