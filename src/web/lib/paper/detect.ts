/**
 * Finds the sheet of paper in a photo (issue 15): pure code on an RGBA raster, shared by the PWA's worker
 * (paper.worker.ts) and `npm run detect-paper`.
 *
 * 1. The photo at two sizes: about 1024 px (for the edges) and about 256 px (for the region).
 * 2. The paper's colour from the middle of the photo (bright, little colour: the paper, not the strokes).
 * 3. From the middle, a region grown over small steps of colour (smooth light and shadow pass; the sheet's edge
 *    stops it), at several step sizes; its holes (the drawing) filled.
 * 4. Each region's best quadrilateral (the largest one with its corners on the region's convex hull), scored by how
 *    well it fits the region and how sharp its sides are; the best one wins, or none (no paper).
 * 5. Each side refined at 1024 px: the strongest edge along the side's normals, a robust line through them
 *    (RANSAC, then least squares), the corners where the lines meet.
 */
import { orderCorners } from './homography';
import type { Corners, Point, Raster } from './types';

/** The long edge of the raster the sides are refined on. */
export const REFINE_EDGE = 1024;
/** The long edge of the raster the region is grown on. */
const REGION_EDGE = 256;

/** A float raster: luminance and colour planes. */
interface Planes {
  width: number;
  height: number;
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  lum: Float32Array;
}

/** The raster averaged down so that its long edge is at most `edge` (box filter). */
function planes(raster: Raster, edge: number): { p: Planes; scale: number } {
  const { width, height, data } = raster;
  const scale = Math.max(1, Math.max(width, height) / edge);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const fx = width / w;
  const fy = height / h;
  const r = new Float32Array(w * h);
  const g = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  const lum = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) * fx)));
      let sr = 0;
      let sg = 0;
      let sb = 0;
      for (let yy = y0; yy < y1; yy++) {
        let i = (yy * width + x0) * 4;
        for (let xx = x0; xx < x1; xx++, i += 4) {
          sr += data[i]!;
          sg += data[i + 1]!;
          sb += data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = y * w + x;
      r[o] = sr / n;
      g[o] = sg / n;
      b[o] = sb / n;
      lum[o] = 0.299 * r[o]! + 0.587 * g[o]! + 0.114 * b[o]!;
    }
  }
  return { p: { width: w, height: h, r, g, b, lum }, scale: fx };
}

/** Planes averaged down by an integer-free factor from other planes. */
function shrink(src: Planes, edge: number): { p: Planes; scale: number } {
  const { width, height } = src;
  const data = new Float32Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = src.r[i]!;
    data[i * 4 + 1] = src.g[i]!;
    data[i * 4 + 2] = src.b[i]!;
  }
  return planes({ data: data as unknown as Uint8Array, width, height }, edge);
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * (s.length - 1))))]!;
}

/** The region grown from the paper-coloured middle over colour steps below `step`; holes filled. */
function grow(p: Planes, seeds: Int32Array, step: number, sharp: boolean): Uint8Array {
  const { width: w, height: h, r, g, b } = p;
  const mask = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (const s of seeds) {
    if (!mask[s]) {
      mask[s] = 1;
      queue[tail++] = s;
    }
  }
  const dist = (i: number, j: number) => Math.hypot(r[i]! - r[j]!, g[i]! - g[j]!, b[i]! - b[j]!);
  // sharp: the step between two pixels less the slope beside it (the gentler side's), so that smooth light and
  // soft shadows pass however deep they are, and a sheet's edge (flat on both sides) stops the region.
  const visit = (from: number, to: number, d: number, room: boolean) => {
    if (mask[to]) return;
    let e = dist(from, to);
    if (sharp) {
      if (e > 60) return;
      if (room) e -= Math.min(dist(from, from - 2 * d) / 2, dist(to + 2 * d, to) / 2);
    }
    if (e > step) return;
    mask[to] = 1;
    queue[tail++] = to;
  };
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % w;
    const y = (i - x) / w;
    if (x > 0) visit(i, i - 1, -1, x >= 3 && x < w - 2);
    if (x < w - 1) visit(i, i + 1, 1, x >= 2 && x < w - 3);
    if (y > 0) visit(i, i - w, -w, y >= 3 && y < h - 2);
    if (y < h - 1) visit(i, i + w, w, y >= 2 && y < h - 3);
  }
  // Fill the holes: whatever the outside cannot reach from the border.
  const outside = new Uint8Array(w * h);
  head = 0;
  tail = 0;
  const push = (i: number) => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < w * (h - 1)) push(i + w);
  }
  for (let i = 0; i < w * h; i++) mask[i] = outside[i] ? 0 : 1;
  return mask;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** The convex hull (monotone chain), counter-clockwise in y-down coordinates' mirror: consistent winding. */
function hull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function triangleArea(a: Point, b: Point, c: Point): number {
  return Math.abs(cross(a, b, c)) / 2;
}

/** The largest-area quadrilateral with its corners among the hull's points. */
function largestQuad(h: Point[]): Point[] | null {
  let pts = h;
  if (pts.length < 4) return null;
  if (pts.length > 80) {
    const stride = pts.length / 80;
    pts = Array.from({ length: 80 }, (_, i) => pts[Math.floor(i * stride)]!);
  }
  const n = pts.length;
  let best = -1;
  let quad: Point[] | null = null;
  for (let i = 0; i < n; i++) {
    for (let k = i + 2; k < n; k++) {
      // Best j between i and k, best l between k and i (wrapping).
      let a1 = -1;
      let j1 = -1;
      for (let j = i + 1; j < k; j++) {
        const a = triangleArea(pts[i]!, pts[j]!, pts[k]!);
        if (a > a1) {
          a1 = a;
          j1 = j;
        }
      }
      let a2 = -1;
      let l2 = -1;
      for (let l = k + 1; l < i + n; l++) {
        const a = triangleArea(pts[i]!, pts[k]!, pts[l % n]!);
        if (a > a2) {
          a2 = a;
          l2 = l % n;
        }
      }
      if (j1 < 0 || l2 < 0) continue;
      if (a1 + a2 > best) {
        best = a1 + a2;
        quad = [pts[i]!, pts[j1]!, pts[k]!, pts[l2]!];
      }
    }
  }
  return quad;
}

/**
 * The quad of the hull's four longest straight runs, extended to meet: a corner cut off by a crayon or by the frame
 * comes back where the sides meet. Null when the hull has fewer than four runs.
 */
function sidesQuad(h: Point[]): Point[] | null {
  const n = h.length;
  if (n < 4) return null;
  const angle = (i: number) => Math.atan2(h[(i + 1) % n]![1] - h[i]![1], h[(i + 1) % n]![0] - h[i]![0]);
  const length = (i: number) => Math.hypot(h[(i + 1) % n]![1] - h[i]![1], h[(i + 1) % n]![0] - h[i]![0]);
  const turn = (a: number, b: number) => {
    let d = b - a;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d < -Math.PI) d += 2 * Math.PI;
    return Math.abs(d);
  };
  // Start the runs after the sharpest turn, so that no run wraps around.
  let start = 0;
  let sharpest = -1;
  for (let i = 0; i < n; i++) {
    const t = turn(angle((i + n - 1) % n), angle(i));
    if (t > sharpest) {
      sharpest = t;
      start = i;
    }
  }
  interface Run {
    from: number;
    to: number;
    length: number;
    dx: number;
    dy: number;
  }
  const runs: Run[] = [];
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    const dx = h[(i + 1) % n]![0] - h[i]![0];
    const dy = h[(i + 1) % n]![1] - h[i]![1];
    const last = runs[runs.length - 1];
    if (last && turn(Math.atan2(last.dy, last.dx), Math.atan2(dy, dx)) < 0.3) {
      last.to = start + k + 1;
      last.dx += dx;
      last.dy += dy;
      last.length += length(i);
    } else {
      runs.push({ from: start + k, to: start + k + 1, length: length(i), dx, dy });
    }
  }
  if (runs.length < 4) return null;
  const longest = [...runs].sort((a, b) => b.length - a.length).slice(0, 4);
  const ordered = runs.filter((r) => longest.includes(r));
  const lines: Line[] = ordered.map((r) => {
    const pts: Point[] = [];
    for (let j = r.from; j <= r.to; j++) pts.push(h[j % n]!);
    return leastSquaresLine(pts);
  });
  const quad: Point[] = [];
  for (let s = 0; s < 4; s++) {
    const c = intersect(lines[(s + 3) % 4]!, lines[s]!);
    if (!c) return null;
    quad.push(c);
  }
  return quad;
}

/** Whether (x, y) is inside the convex quad (either winding). */
function insideQuad(q: Point[], x: number, y: number): boolean {
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < 4; i++) {
    const c = cross(q[i]!, q[(i + 1) % 4]!, [x, y]);
    if (c > 0) pos++;
    else if (c < 0) neg++;
  }
  return pos === 0 || neg === 0;
}

function polygonArea(q: Point[]): number {
  let a = 0;
  for (let i = 0; i < q.length; i++) {
    const p = q[i]!;
    const n = q[(i + 1) % q.length]!;
    a += p[0] * n[1] - n[0] * p[1];
  }
  return Math.abs(a) / 2;
}

/** Bilinear luminance at continuous coordinates (pixel i spans [i, i + 1)). */
function sample(p: Planes, plane: Float32Array, x: number, y: number): number {
  const fx = Math.min(p.width - 1.001, Math.max(0, x - 0.5));
  const fy = Math.min(p.height - 1.001, Math.max(0, y - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const i = y0 * p.width + x0;
  const a = plane[i]! + (plane[i + 1]! - plane[i]!) * ax;
  const b = plane[i + p.width]! + (plane[i + p.width + 1]! - plane[i + p.width]!) * ax;
  return a + (b - a) * ay;
}

/** Whether the segment a-b lies along the image's border (the sheet goes out of the frame there). */
function onBorder(a: Point, b: Point, w: number, h: number, tol: number): boolean {
  const near = (v: number, t: number) => Math.abs(v - t) <= tol;
  return (
    (near(a[0], 0) && near(b[0], 0)) ||
    (near(a[0], w) && near(b[0], w)) ||
    (near(a[1], 0) && near(b[1], 0)) ||
    (near(a[1], h) && near(b[1], h))
  );
}

/** How sharp the quad's sides are: the median luminance step across each side, the weakest side's. */
function sideContrast(p: Planes, q: Point[], offset: number): number {
  let weakest = Infinity;
  const cx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4;
  const cy = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  for (let s = 0; s < 4; s++) {
    const a = q[s]!;
    const b = q[(s + 1) % 4]!;
    if (onBorder(a, b, p.width, p.height, Math.max(2, 0.01 * Math.max(p.width, p.height)))) continue;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let nx = -(b[1] - a[1]) / len;
    let ny = (b[0] - a[0]) / len;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    if ((cx - mx) * nx + (cy - my) * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    const steps: number[] = [];
    for (let t = 0.15; t <= 0.85; t += 0.05) {
      const x = a[0] + (b[0] - a[0]) * t;
      const y = a[1] + (b[1] - a[1]) * t;
      const inside = sample(p, p.lum, x + nx * offset, y + ny * offset);
      const outside = sample(p, p.lum, x - nx * offset, y - ny * offset);
      const inside2 = sample(p, p.lum, x + nx * offset * 3, y + ny * offset * 3);
      const outside2 = sample(p, p.lum, x - nx * offset * 3, y - ny * offset * 3);
      // A step, not a ramp (a soft shadow's edge is a ramp).
      steps.push(Math.abs(inside - outside) - Math.min(Math.abs(inside2 - inside), Math.abs(outside - outside2)));
    }

    weakest = Math.min(weakest, percentile(steps, 0.7));
  }
  return weakest === Infinity ? 0 : weakest;
}

/** For tuning: what the detector saw (off in the app). */
export const debug: { on: boolean; mask: unknown } = { on: false, mask: null };

interface Candidate {
  step: string;
  quad: Point[];
  iou: number;
  area: number;
  contrast: number;
}

/** Sheet-like regions' quads at the region raster's scale. */
function roughQuads(small: Planes): Candidate[] {
  const { width: w, height: h, r, g, b, lum } = small;
  // The paper's colour: the brighter, less coloured pixels of the middle.
  const x0 = Math.floor(w * 0.3);
  const x1 = Math.ceil(w * 0.7);
  const y0 = Math.floor(h * 0.3);
  const y1 = Math.ceil(h * 0.7);
  const chroma = (i: number) => Math.max(r[i]!, g[i]!, b[i]!) - Math.min(r[i]!, g[i]!, b[i]!);
  const middle: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) middle.push(y * w + x);
  // Strokes are strongly coloured or dark; the paper (even under a warm light) is neither.
  const calm = middle.filter((i) => chroma(i) < 70);
  const lumRef = percentile(
    calm.map((i) => lum[i]!),
    0.75,
  );
  // A light table may be nearly as bright as the paper: each large patch of bright pixels is tried as the paper.
  const bright = new Uint8Array(w * h);
  for (const i of calm) if (lum[i]! >= 0.93 * lumRef) bright[i] = 1;
  const patches: number[][] = [];
  const seen = new Uint8Array(w * h);
  for (const start of calm) {
    if (!bright[start] || seen[start]) continue;
    const patch = [start];
    seen[start] = 1;
    for (let q = 0; q < patch.length; q++) {
      const i = patch[q]!;
      const x = i % w;
      for (const j of [x > x0 ? i - 1 : -1, x < x1 - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j >= 0 && j < w * h && bright[j] && !seen[j]) {
          seen[j] = 1;
          patch.push(j);
        }
      }
    }
    patches.push(patch);
  }
  patches.sort((a, b) => b.length - a.length);
  const seedSets = [patches.flat(), ...patches.filter((p, k) => k < 3 && p.length >= 16 && patches.length > 1)].map((p) =>
    Int32Array.from(p),
  );
  if (seedSets.length === 0) return [];

  const candidates: Candidate[] = [];
  const imageArea = w * h;
  const tries: [number, boolean][] = [
    [3, false],
    [4.5, false],
    [6.5, false],
    [9, false],
    [13, false],
    [3, true],
    [5, true],
    [8, true],
  ];
  for (const [seeds, [step, sharp]] of seedSets.flatMap((seeds) => tries.map((t) => [seeds, t] as const))) {
    const mask = grow(small, seeds, step, sharp);
    let count = 0;
    const boundary: Point[] = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (!mask[i]) continue;
        count++;
        const edge = x === 0 || y === 0 || x === w - 1 || y === h - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w];
        if (edge) {
          // The pixel's outer corners, so that the hull follows the region's outline, not its pixel centres.
          boundary.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
        }
      }
    }
    if (count < imageArea * 0.04) continue;
    // A sheet partly out of the frame touches it along one side or around a corner; a table touches it all round.
    let contact = 0;
    for (let x = 0; x < w; x++) contact += mask[x]! + mask[(h - 1) * w + x]!;
    for (let y = 1; y < h - 1; y++) contact += mask[y * w]! + mask[y * w + w - 1]!;
    if (contact > (w + h) * 2 * 0.3) continue;
    const outline = hull(boundary);
    const quad = sidesQuad(outline) ?? largestQuad(outline);
    if (!quad) continue;
    const area = polygonArea(quad);
    if (area > imageArea * 0.92) continue;
    let inter = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (mask[y * w + x] && insideQuad(quad, x + 0.5, y + 0.5)) inter++;
      }
    }
    // The drawing may touch the sheet's edge and leave notches: the quad need not be full, but the region must
    // not spill out of it.
    const iou = Math.min(inter / count, 0.25 + inter / area);
    if (debug.on) debug.mask = { mask, w, h, quad };
    if (candidates.some((c) => c.quad.every((q, j) => Math.hypot(q[0] - quad[j]![0], q[1] - quad[j]![1]) < 1.5))) continue;
    candidates.push({ step: `${step}${sharp ? 's' : ''}`, quad, iou, area: area / imageArea, contrast: 0 });
  }
  return candidates.filter((c) => c.iou >= 0.9);
}

interface Line {
  /** A point on the line and its unit direction. */
  px: number;
  py: number;
  dx: number;
  dy: number;
}

/** A line through weighted points: RANSAC, then a least-squares fit of the inliers; null if too few agree. */
function fitLine(points: Point[], tol: number, minInliers: number): Line | null {
  if (points.length < 2) return null;
  let bestInliers: Point[] = [];
  // Deterministic pairs: every point against a few spread-out others.
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (const off of [Math.floor(n / 2), Math.floor(n / 3), Math.floor(n / 4), Math.floor((2 * n) / 3)]) {
      const j = (i + off) % n;
      if (j === i) continue;
      const a = points[i]!;
      const b = points[j]!;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 1e-6) continue;
      const nx = -(b[1] - a[1]) / len;
      const ny = (b[0] - a[0]) / len;
      const inliers = points.filter((p) => Math.abs((p[0] - a[0]) * nx + (p[1] - a[1]) * ny) <= tol);
      if (inliers.length > bestInliers.length) bestInliers = inliers;
    }
  }
  if (bestInliers.length < minInliers) return null;
  return leastSquaresLine(bestInliers);
}

/** The total-least-squares line through the points. */
function leastSquaresLine(bestInliers: Point[]): Line {
  const mx = bestInliers.reduce((s, p) => s + p[0], 0) / bestInliers.length;
  const my = bestInliers.reduce((s, p) => s + p[1], 0) / bestInliers.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of bestInliers) {
    sxx += (x - mx) * (x - mx);
    sxy += (x - mx) * (y - my);
    syy += (y - my) * (y - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { px: mx, py: my, dx: Math.cos(angle), dy: Math.sin(angle) };
}

function intersect(a: Line, b: Line): Point | null {
  const det = a.dx * b.dy - a.dy * b.dx;
  if (Math.abs(det) < 1e-6) return null;
  const t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / det;
  return [a.px + a.dx * t, a.py + a.dy * t];
}

/** Moves each side of `quad` (in `p`'s pixels) onto the strongest edge within `reach` of it. */
function refine(p: Planes, quad: Point[], reach: number): Point[] {
  const cx = quad.reduce((s, q) => s + q[0], 0) / 4;
  const cy = quad.reduce((s, q) => s + q[1], 0) / 4;
  const lines: Line[] = [];
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const dx = (b[0] - a[0]) / len;
    const dy = (b[1] - a[1]) / len;
    const fallback: Line = { px: a[0], py: a[1], dx, dy };
    if (onBorder(a, b, p.width, p.height, Math.max(3, 0.01 * Math.max(p.width, p.height)))) {
      lines.push(fallback);
      continue;
    }
    let nx = -dy;
    let ny = dx;
    if ((cx - a[0]) * nx + (cy - a[1]) * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    const found: Point[] = [];
    const samples = Math.max(12, Math.min(64, Math.round(len / 8)));
    for (let k = 0; k < samples; k++) {
      const t = 0.08 + (0.84 * (k + 0.5)) / samples;
      const x = a[0] + (b[0] - a[0]) * t;
      const y = a[1] + (b[1] - a[1]) * t;
      // The edge where the paper (inside, bright) meets the table: the largest drop of colour outward.
      let bestS = 0;
      let bestG = 0;
      for (let sOff = -reach; sOff <= reach; sOff += 0.5) {
        const ix = x + nx * (sOff + 1);
        const iy = y + ny * (sOff + 1);
        const ox = x + nx * (sOff - 1);
        const oy = y + ny * (sOff - 1);
        if (ox < 0 || oy < 0 || ox > p.width || oy > p.height || ix < 0 || iy < 0 || ix > p.width || iy > p.height) continue;
        const dr = sample(p, p.r, ix, iy) - sample(p, p.r, ox, oy);
        const dg = sample(p, p.g, ix, iy) - sample(p, p.g, ox, oy);
        const db = sample(p, p.b, ix, iy) - sample(p, p.b, ox, oy);
        const dl = 0.299 * dr + 0.587 * dg + 0.114 * db;
        const gmag = Math.hypot(dr, dg, db) * (dl > 0 ? 1 : 0.5);
        if (gmag > bestG) {
          bestG = gmag;
          bestS = sOff;
        }
      }
      if (bestG < 8) continue;
      found.push([x + nx * bestS, y + ny * bestS]);
    }
    const line = fitLine(found, 1.25, Math.max(5, samples * 0.3));
    lines.push(line ?? fallback);
  }
  const out: Point[] = [];
  for (let s = 0; s < 4; s++) {
    const c = intersect(lines[(s + 3) % 4]!, lines[s]!);
    if (!c || Math.hypot(c[0] - quad[s]![0], c[1] - quad[s]![1]) > reach * 2.5) return quad;
    out.push(c);
  }
  return out;
}

/** The sheet's corners in the raster's pixels (TL, TR, BR, BL), or null when no sheet is found. */
export function detectPaper(raster: Raster): Corners | null {
  if (raster.width < 16 || raster.height < 16) return null;
  const big = planes(raster, REFINE_EDGE);
  const small = shrink(big.p, REGION_EDGE);
  const candidates = roughQuads(small.p);
  const k = small.scale;
  const diag = Math.hypot(big.p.width, big.p.height);
  for (const c of candidates) {
    let quad: Point[] = c.quad.map(([x, y]) => [x * k, y * k]);
    quad = refine(big.p, quad, Math.max(4, diag * 0.02));
    quad = refine(big.p, quad, 3);
    c.quad = quad;
    c.contrast = sideContrast(big.p, quad, 2);
  }
  if (debug.on) console.log(candidates.map((c) => [c.step, c.iou.toFixed(3), c.area.toFixed(3), c.contrast.toFixed(1)]));
  const good = candidates.filter((c) => c.contrast >= 5);
  if (good.length === 0) return null;
  // The largest sheet-like region whose sides are still sharp: a leak past a side makes that side weak.
  const bestContrast = Math.max(...good.map((c) => c.contrast));
  const sharp = good.filter((c) => c.contrast >= bestContrast * 0.5);
  sharp.sort((a, b) => b.area * b.iou - a.area * a.iou);
  const s = big.scale;
  const w = raster.width;
  const h = raster.height;
  const corners = sharp[0]!.quad.map(([x, y]) => [Math.min(w, Math.max(0, x * s)), Math.min(h, Math.max(0, y * s))] as Point);
  return orderCorners(corners);
}
