/**
 * Finds the sheet of paper in a photo (issues 15 and 29): pure code on an RGBA raster, shared by the PWA's worker
 * (paper.worker.ts) and `npm run detect-paper`.
 *
 * 1. The photo at three sizes: about 1024 px (for the edges), 512 px (edge contours) and 256 px (regions).
 * 2. Several candidates: regions grown from the paper-coloured middle over small steps of colour, of colour sharper
 *    than the slope beside it, or of chromaticity with brightness counting little (a crease's shading or a cast
 *    shadow is the same paper in less light); regions grown from a grid of seeds (each panel of a folded sheet);
 *    pairs of regions that meet along a seam merged (a crease, a shadow's edge); the region walled in by strong
 *    colour edges (the classic edge-contour recipe). Each region's quad: the hull's four longest straight runs, or
 *    the largest quad on its outline (a curled sheet's extreme points).
 * 3. Each quad's sides refined at 1024 px: the strongest edge along the side's normals, a robust line through them
 *    (RANSAC, then least squares), the corners where the lines meet; on a curled or crumpled sheet whose side bows,
 *    the tip where the paper visibly ends along the sides (curlTips).
 * 4. One score: a sharp step on every side (a wavy side's within 1 % of its line, if no paper lies outside), the outside of each side unlike the paper (a crease has paper on both
 *    sides; a shadow's edge runs on past the sheet's corners; a side of a quad cut by the frame also needs no paper a
 *    little further out), a sheet's proportions after a rough rectification (A/B series, letter; for a quad cut by
 *    the frame, only whether what shows could be a sheet), a good fit to the region. The largest candidate scoring
 *    near the best wins; below SURE_SCORE, or judged on one side alone, the answer is "not sure" (null from
 *    detectPaper): the user places the corners.
 */
import { boxMeans, type Windows } from './box';
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

let store = new Float32Array(0);

/** Pixels o0 to o1 of RGBA (one 32-bit word a pixel) into the float planes. */
function convertRow(px: Uint32Array, o0: number, o1: number, r: Float32Array, g: Float32Array, b: Float32Array, lum: Float32Array) {
  for (let o = o0; o < o1; o++) {
    const v = px[o]!;
    const pr = v & 255;
    const pg = (v >>> 8) & 255;
    const pb = (v >>> 16) & 255;
    r[o] = pr;
    g[o] = pg;
    b[o] = pb;
    lum[o] = 0.299 * pr + 0.587 * pg + 0.114 * pb;
  }
}

/** The raster averaged down so that its long edge is at most `edge` (box filter, ./box.ts). */
function planes(raster: Raster, edge: number): { p: Planes; scale: number; own?: boolean } {
  const { width, height, data } = raster;
  const scale = Math.max(1, Math.max(width, height) / edge);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const fx = width / w;
  const fy = height / h;
  if (w === width && h === height) {
    // The raster's own pixels (the 1024 px copy) in one buffer, kept for the next photo of the same size: the
    // detector runs one photo at a time, and nothing keeps its planes once it returns. (A raster smaller than
    // every edge has the same planes at each: they share it.)
    if (store.length !== 4 * w * h) store = new Float32Array(4 * w * h);
    const r = store.subarray(0, w * h);
    const g = store.subarray(w * h, 2 * w * h);
    const b = store.subarray(2 * w * h, 3 * w * h);
    const lum = store.subarray(3 * w * h);
    // Small enough already (the worker's 1024 px copy): only converted, one 32-bit read a pixel (as box.ts reads).
    const bytes = data.byteOffset % 4 ? new Uint8Array(data) : data;
    const px = new Uint32Array(bytes.buffer, bytes.byteOffset, w * h);
    // A row at a time: the engine optimizes a function called often sooner than a long loop.
    for (let y = 0; y < h; y++) convertRow(px, y * w, y * w + w, r, g, b, lum);
    return { p: { width: w, height: h, r, g, b, lum }, scale: fx, own: true };
  }
  const r = new Float32Array(w * h);
  const g = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  const lum = new Float32Array(w * h);
  boxMeans(raster, windows(w, h, fx, fy, width, height), null, { r, g, b, lum });
  return { p: { width: w, height: h, r, g, b, lum }, scale: fx };
}

/**
 * Pixel x of the smaller raster covers [⌊x·fx⌋, ⌊(x+1)·fx⌋) of the larger (fx ≥ 1: each window starts where the one
 * before it ends), within it.
 */
function windows(w: number, h: number, fx: number, fy: number, width: number, height: number): Windows {
  const xe = Int32Array.from({ length: w }, (_, x) => Math.min(width, Math.floor((x + 1) * fx)));
  const ye = Int32Array.from({ length: h }, (_, y) => Math.min(height, Math.floor((y + 1) * fy)));
  return { xe, ye };
}

/** Planes averaged down from other planes, as `planes` averages a raster. */
function shrink(src: Planes, edge: number): { p: Planes; scale: number } {
  const { width, height } = src;
  const scale = Math.max(1, Math.max(width, height) / edge);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const fx = width / w;
  const fy = height / h;
  const { xe, ye } = windows(w, h, fx, fy, width, height);
  const r = new Float32Array(w * h);
  const g = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  const lum = new Float32Array(w * h);
  const sr = new Float64Array(w);
  const sg = new Float64Array(w);
  const sb = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    sr.fill(0);
    sg.fill(0);
    sb.fill(0);
    const y0 = y ? ye[y - 1]! : 0;
    for (let yy = y0; yy < ye[y]!; yy++) {
      const line = yy * width;
      for (let x = 0, k = line; x < w; x++) {
        let pr = 0;
        let pg = 0;
        let pb = 0;
        for (const end = line + xe[x]!; k < end; k++) {
          pr += src.r[k]!;
          pg += src.g[k]!;
          pb += src.b[k]!;
        }
        sr[x]! += pr;
        sg[x]! += pg;
        sb[x]! += pb;
      }
    }
    // The sums are exact (means of whole numbers, over few pixels), so their order does not matter.
    const rows = ye[y]! - y0;
    for (let x = 0, o = y * w; x < w; x++, o++) {
      const n = (xe[x]! - (x ? xe[x - 1]! : 0)) * rows;
      r[o] = sr[x]! / n;
      g[o] = sg[x]! / n;
      b[o] = sb[x]! / n;
      lum[o] = 0.299 * r[o]! + 0.587 * g[o]! + 0.114 * b[o]!;
    }
  }
  return { p: { width: w, height: h, r, g, b, lum }, scale: fx };
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * (s.length - 1))))]!;
}

/** How a region grows: over small colour steps, over steps sharper than the slope beside them, or over chromaticity. */
type Mode = 'rgb' | 'sharp' | 'chroma';
/** A chromaticity step of 0.01 (r / (r + g + b)) weighs as much as a log-luminance step of 0.25. */
const CHROMA_WEIGHT = 250;
const LOG_LUM_WEIGHT = 10;

const chromaCache = new WeakMap<Planes, { cr: Float32Array; cg: Float32Array; ll: Float32Array }>();
/** Chromaticity (r and g over r + g + b, damped in the dark where it is noise) and log-luminance. */
function chromaPlanes(p: Planes) {
  let c = chromaCache.get(p);
  if (c) return c;
  const n = p.width * p.height;
  c = { cr: new Float32Array(n), cg: new Float32Array(n), ll: new Float32Array(n) };
  for (let i = 0; i < n; i++) {
    const sum = p.r[i]! + p.g[i]! + p.b[i]! + 45;
    c.cr[i] = (p.r[i]! + 15) / sum;
    c.cg[i] = (p.g[i]! + 15) / sum;
    c.ll[i] = Math.log(p.lum[i]! + 8);
  }
  chromaCache.set(p, c);
  return c;
}

let buffers = { queue: new Int32Array(0), state: new Uint8Array(0) };
/** Work buffers for the region growing, kept between calls: a queue of pixels, and a state per pixel with a border. */
function scratch(n: number, padded: number) {
  if (buffers.queue.length < n) buffers = { queue: new Int32Array(n), state: buffers.state };
  if (buffers.state.length < padded) buffers = { queue: buffers.queue, state: new Uint8Array(padded) };
  return buffers;
}

/** The steps regions grow over (roughQuads' tries and the table's), smallest first. */
const STEPS = [1.5, 2.5, 3, 4.5, 5, 6.5, 8, 9, 13];
const REFUSED = 255;

/** The level of a step between two pixels: the first of STEPS it does not exceed (REFUSED if none). */
function level(e: number): number {
  if (e > STEPS[STEPS.length - 1]!) return REFUSED;
  for (let k = 0; k < STEPS.length; k++) if (e <= STEPS[k]!) return k;
  return REFUSED;
}

/**
 * The level of the step a region grows over between each pixel and its right neighbour (`h[i + 1]`, between i and
 * i + 1) and its lower neighbour (`v[i + w]`, between i and i + w), by mode: a region grown over STEPS[k] crosses
 * the steps of level k or less; REFUSED where it never does (past the raster's edge; a sharp step above the
 * ceiling). The step is the same both ways (the distance is symmetric, and so is the slope beside it), so a region
 * is the same whatever order it grows in.
 */
interface Steps {
  h: Uint8Array;
  v: Uint8Array;
}
const stepsCache = new WeakMap<Planes, Partial<Record<Mode, Steps>>>();

/** The distance between each pixel and the one `d` after it, of colour (`rgb`) or of chromaticity and brightness. */
const distanceCache = new WeakMap<Planes, Map<string, Float64Array>>();
function distances(p: Planes, chroma: boolean, d: number): Float64Array {
  let known = distanceCache.get(p);
  if (!known) distanceCache.set(p, (known = new Map()));
  const key = `${chroma}${d}`;
  const cached = known.get(key);
  if (cached) return cached;
  const n = p.width * p.height;
  const out = new Float64Array(n);
  known.set(key, out);
  if (chroma) {
    // chroma: brightness is not an edge. The step in chromaticity counts fully, the step in log-luminance much
    // less, so that a crease's shading or a cast shadow (the same paper, less light) does not stop the region.
    const { cr, cg, ll } = chromaPlanes(p);
    for (let i = 0; i + d < n; i++) {
      const j = i + d;
      const dr = cr[i]! - cr[j]!;
      const dg = cg[i]! - cg[j]!;
      out[i] = CHROMA_WEIGHT * Math.sqrt(dr * dr + dg * dg) + LOG_LUM_WEIGHT * Math.abs(ll[i]! - ll[j]!);
    }
  } else {
    const { r, g, b } = p;
    for (let i = 0; i + d < n; i++) {
      const j = i + d;
      const dr = r[i]! - r[j]!;
      const dg = g[i]! - g[j]!;
      const db = b[i]! - b[j]!;
      out[i] = Math.sqrt(dr * dr + dg * dg + db * db);
    }
  }
  return out;
}

function stepsOf(p: Planes, mode: Mode): Steps {
  let byMode = stepsCache.get(p);
  if (!byMode) stepsCache.set(p, (byMode = {}));
  const known = byMode[mode];
  if (known) return known;
  const { width: w, height: h } = p;
  const n = w * h;
  const chroma = mode === 'chroma';
  const hs = new Uint8Array(n + 1).fill(REFUSED);
  const vs = new Uint8Array(n + w).fill(REFUSED);
  // The distance between neighbours is the same both ways (its differences are squared, or their size taken).
  const h1 = distances(p, chroma, 1);
  const v1 = distances(p, chroma, w);
  if (mode === 'rgb') {
    for (let y = 0, i = 0; y < h; y++) {
      for (let x = 0; x < w; x++, i++) {
        if (x < w - 1) hs[i + 1] = level(h1[i]!);
        if (y < h - 1) vs[i + w] = level(v1[i]!);
      }
    }
    return (byMode[mode] = { h: hs, v: vs });
  }
  // sharp: the step between two pixels less the slope beside it (the gentler side's), so that smooth light and
  // soft shadows pass however deep they are, and a sheet's edge (flat on both sides) stops the region; a step
  // above the ceiling never passes. The slope is looked at only where there is room for it on both sides: between
  // i and i + 1 the slopes are i - 2 to i and i + 1 to i + 3, whichever way the region grows.
  const ceiling = chroma ? 20 : 60;
  const h2 = distances(p, chroma, 2);
  const v2 = distances(p, chroma, 2 * w);
  for (let y = 0, i = 0; y < h; y++) {
    const roomY = y >= 2 && y < h - 3;
    for (let x = 0; x < w; x++, i++) {
      if (x < w - 1) {
        const e = h1[i]!;
        if (e <= ceiling) hs[i + 1] = level(x >= 2 && x < w - 3 ? e - Math.min(h2[i - 2]! / 2, h2[i + 1]! / 2) : e);
      }
      if (y < h - 1) {
        const e = v1[i]!;
        if (e <= ceiling) vs[i + w] = level(roomY ? e - Math.min(v2[i - 2 * w]! / 2, v2[i + w]! / 2) : e);
      }
    }
  }
  return (byMode[mode] = { h: hs, v: vs });
}

/**
 * The region grown from the paper-coloured middle over colour steps up to `step` (one of STEPS; its holes not yet
 * filled): its mask, its pixels, and the smallest of STEPS that would cross a step it refused (growing again from
 * the same seeds over a step below that gives the same region).
 */
function grow(p: Planes, seeds: Int32Array, step: number, mode: Mode): { mask: Uint8Array; pixels: Int32Array; above: number } {
  const { width: w, height: h } = p;
  const { h: hs, v: vs } = stepsOf(p, mode);
  const k = STEPS.indexOf(step);
  if (k < 0) throw new Error(`no step ${step}`);
  const mask = new Uint8Array(w * h);
  const queue = scratch(w * h, 0).queue;
  let head = 0;
  let tail = 0;
  let low = REFUSED;
  for (const s of seeds) {
    if (!mask[s]) {
      mask[s] = 1;
      queue[tail++] = s;
    }
  }
  while (head < tail) {
    const i = queue[head++]!;
    let e = hs[i]!;
    if (e > k) low = e < low ? e : low;
    else if (!mask[i - 1]) {
      mask[i - 1] = 1;
      queue[tail++] = i - 1;
    }
    e = hs[i + 1]!;
    if (e > k) low = e < low ? e : low;
    else if (!mask[i + 1]) {
      mask[i + 1] = 1;
      queue[tail++] = i + 1;
    }
    e = vs[i]!;
    if (e > k) low = e < low ? e : low;
    else if (!mask[i - w]) {
      mask[i - w] = 1;
      queue[tail++] = i - w;
    }
    e = vs[i + w]!;
    if (e > k) low = e < low ? e : low;
    else if (!mask[i + w]) {
      mask[i + w] = 1;
      queue[tail++] = i + w;
    }
  }
  return { mask, pixels: queue.slice(0, tail), above: low === REFUSED ? Infinity : STEPS[low]! };
}

/** The largest 4-connected region of the mask, or null when it is empty. */
function largestRegion(m: Uint8Array, w: number, h: number): Uint8Array | null {
  const n = w * h;
  const label = new Int32Array(n);
  const queue = scratch(n, 0).queue;
  let best = 0;
  let bestCount = 0;
  for (let s = 0, id = 1; s < n; s++) {
    if (!m[s] || label[s]) continue;
    let tail = 0;
    queue[tail++] = s;
    label[s] = id;
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % w;
      if (x > 0 && m[i - 1] && !label[i - 1]) {
        label[i - 1] = id;
        queue[tail++] = i - 1;
      }
      if (x < w - 1 && m[i + 1] && !label[i + 1]) {
        label[i + 1] = id;
        queue[tail++] = i + 1;
      }
      if (i >= w && m[i - w] && !label[i - w]) {
        label[i - w] = id;
        queue[tail++] = i - w;
      }
      if (i < n - w && m[i + w] && !label[i + w]) {
        label[i + w] = id;
        queue[tail++] = i + w;
      }
    }
    if (tail > bestCount) {
      bestCount = tail;
      best = id;
    }
    id++;
  }
  if (!best) return null;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (label[i] === best) out[i] = 1;
  return out;
}

/**
 * The table grown from the photo's frame, and the largest region it does not reach (holes filled): a sheet with a
 * busy drawing on a light table, which no region grown from the middle covers whole. Twice: as it is, and opened
 * (eroded twice before the regions are told apart, then grown back within them), so that a pencil or a toy lying
 * close to the sheet stays apart from it.
 */
function tableHoles(p: Planes, step: number, mode: Mode): Uint8Array[] {
  const { width: w, height: h } = p;
  const n = w * h;
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);
  const table = grow(p, Int32Array.from(border), step, mode).mask;
  const free = new Uint8Array(n);
  for (let i = 0; i < n; i++) free[i] = table[i] ? 0 : 1;
  const masks: Uint8Array[] = [];
  const whole = largestRegion(free, w, h);
  if (whole) masks.push(fillHoles(whole, w, h));
  const apart = largestRegion(morph(morph(free, w, h, false), w, h, false), w, h);
  if (apart) {
    const back = morph(morph(apart, w, h, true), w, h, true);
    for (let i = 0; i < n; i++) back[i] = back[i]! & free[i]!;
    masks.push(fillHoles(back, w, h));
  }
  return masks;
}

/** The mask with its holes filled: whatever the outside cannot reach from the border (in place). */
function fillHoles(mask: Uint8Array, w: number, h: number): Uint8Array {
  // The state of each pixel in a raster one pixel wider all round: 1 the mask or that border (never entered), 2 the
  // outside reached, 0 not (yet).
  const pw = w + 2;
  const { queue, state } = scratch(w * h, pw * (h + 2));
  state.fill(1, 0, pw);
  state.fill(1, pw * (h + 1), pw * (h + 2));
  for (let y = 0; y < h; y++) {
    const row = (y + 1) * pw;
    state[row] = 1;
    state[row + pw - 1] = 1;
    state.set(mask.subarray(y * w, y * w + w), row + 1);
  }
  let head = 0;
  let tail = 0;
  const enter = (j: number) => {
    if (!state[j]) {
      state[j] = 2;
      queue[tail++] = j;
    }
  };
  for (let x = 1; x <= w; x++) {
    enter(pw + x);
    enter(pw * h + x);
  }
  for (let y = 1; y <= h; y++) {
    enter(y * pw + 1);
    enter(y * pw + w);
  }
  while (head < tail) {
    const i = queue[head++]!;
    let j = i - 1;
    if (!state[j]) {
      state[j] = 2;
      queue[tail++] = j;
    }
    j = i + 1;
    if (!state[j]) {
      state[j] = 2;
      queue[tail++] = j;
    }
    j = i - pw;
    if (!state[j]) {
      state[j] = 2;
      queue[tail++] = j;
    }
    j = i + pw;
    if (!state[j]) {
      state[j] = 2;
      queue[tail++] = j;
    }
  }
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0, k = (y + 1) * pw + 1; x < w; x++, i++, k++) mask[i] = state[k] === 2 ? 0 : 1;
  }
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

/** Whether the quad is convex and not self-intersecting (all turns the same way). */
function convex(q: Point[]): boolean {
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < 4; i++) {
    const c = cross(q[i]!, q[(i + 1) % 4]!, q[(i + 2) % 4]!);
    if (c > 0) pos++;
    else if (c < 0) neg++;
  }
  return pos === 4 || neg === 4;
}

/** Whether every point of `q` lies inside the convex quad `outer`, or within `tol` of it. */
function inside(q: Point[], outer: Point[], tol: number): boolean {
  let turn = 0;
  for (let i = 0; i < 4; i++) turn += cross(outer[i]!, outer[(i + 1) % 4]!, outer[(i + 2) % 4]!);
  const sign = Math.sign(turn);
  return q.every((p) =>
    outer.every((a, i) => {
      const b = outer[(i + 1) % 4]!;
      return (sign * cross(a, b, p)) / (Math.hypot(b[0] - a[0], b[1] - a[1]) || 1) >= -tol;
    }),
  );
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

/** `sample`'s arithmetic, at pixel i of a plane `w` wide, with weights ax and ay. */
function bilinear(plane: Float32Array, w: number, i: number, ax: number, ay: number): number {
  const a = plane[i]! + (plane[i + 1]! - plane[i]!) * ax;
  const b = plane[i + w]! + (plane[i + w + 1]! - plane[i + w]!) * ax;
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

/** A side of a quad, from a to b, with its unit normal pointing into the quad. */
interface Side {
  a: Point;
  b: Point;
  nx: number;
  ny: number;
}

/** The quad's sides that are not on the photo's border (those have no outside to compare), each with its inward normal. */
function innerSides(p: Planes, q: Point[]): Side[] {
  const cx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4;
  const cy = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  const sides: Side[] = [];
  for (let s = 0; s < 4; s++) {
    const a = q[s]!;
    const b = q[(s + 1) % 4]!;
    if (onBorder(a, b, p.width, p.height, Math.max(2, 0.01 * Math.max(p.width, p.height)))) continue;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let nx = -(b[1] - a[1]) / len;
    let ny = (b[0] - a[0]) / len;
    if ((cx - (a[0] + b[0]) / 2) * nx + (cy - (a[1] + b[1]) / 2) * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    sides.push({ a, b, nx, ny });
  }
  return sides;
}

/** How far (over the diagonal) a side's edge may stray from its line and still count as its step. */
const WAVE = 0.01;

/** How sharp the quad's sides are: the median luminance step across each side, the weakest side's. */
function sideContrast(p: Planes, q: Point[], offset: number, wave = 0): number {
  let weakest = Infinity;
  for (const { a, b, nx, ny } of innerSides(p, q)) {
    const steps: number[] = [];
    for (let t = 0.15; t <= 0.85; t += 0.05) {
      let best = -Infinity;
      // A wavy side (a crumpled sheet) strays from its line: the step is looked for within `wave` of it.
      for (let d = -wave; d <= wave; d += 1) {
        const x = a[0] + (b[0] - a[0]) * t + nx * d;
        const y = a[1] + (b[1] - a[1]) * t + ny * d;
        const inside = sample(p, p.lum, x + nx * offset, y + ny * offset);
        const outside = sample(p, p.lum, x - nx * offset, y - ny * offset);
        const inside2 = sample(p, p.lum, x + nx * offset * 3, y + ny * offset * 3);
        const outside2 = sample(p, p.lum, x - nx * offset * 3, y - ny * offset * 3);
        // A step, not a ramp (a soft shadow's edge is a ramp).
        best = Math.max(best, Math.abs(inside - outside) - Math.min(Math.abs(inside2 - inside), Math.abs(outside - outside2)));
      }
      steps.push(best);
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
  /** How well the quad fits the region (1: the region fills it and does not spill out). */
  iou: number;
  /** Area over the photo's. */
  area: number;
  mask: Uint8Array | null;
  score: number;
}

/** A region's quad at the region raster's scale, or null when the region is not sheet-like. */
function regionQuad(mask: Uint8Array, w: number, h: number, step: string, minArea: number): Candidate | null {
  let count = 0;
  // The hull of the region is the hull of each row's outermost pixels (their outer corners, so that the hull
  // follows the region's outline, not its pixel centres).
  const boundary: Point[] = [];
  let top = h;
  let bottom = -1;
  for (let y = 0; y < h; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      if (!mask[i]) continue;
      count++;
      if (left < 0) left = x;
      right = x;
    }
    if (left < 0) continue;
    top = Math.min(top, y);
    bottom = y;
    boundary.push([left, y], [left, y + 1], [right + 1, y], [right + 1, y + 1]);
  }
  const imageArea = w * h;
  if (count < imageArea * minArea) return null;
  // A sheet partly out of the frame touches it along one side or around a corner; a table touches it all round.
  let contact = 0;
  for (let x = 0; x < w; x++) contact += mask[x]! + mask[(h - 1) * w + x]!;
  for (let y = 1; y < h - 1; y++) contact += mask[y * w]! + mask[y * w + w - 1]!;
  if (contact > (w + h) * 2 * 0.3) return null;
  const outline = hull(boundary);
  // The hull's four longest straight runs; a curled sheet's bowed sides are no straight runs, so then the largest
  // quad on the outline (its corners are the sheet's extreme points).
  const quad = sidesQuad(outline) ?? largestQuad(outline);
  if (!quad) return null;
  const area = polygonArea(quad);
  if (area > imageArea * 0.92) return null;
  // The region's pixels inside the (convex) quad: on each row, those between where the row crosses its sides.
  let inter = 0;
  for (let y = top; y <= bottom; y++) {
    const yc = y + 0.5;
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < 4; k++) {
      const a = quad[k]!;
      const b = quad[(k + 1) % 4]!;
      if ((a[1] - yc) * (b[1] - yc) > 0 || a[1] === b[1]) continue;
      const x = a[0] + ((b[0] - a[0]) * (yc - a[1])) / (b[1] - a[1]);
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    const x0 = Math.max(0, Math.ceil(lo - 0.5));
    const x1 = Math.min(w - 1, Math.floor(hi - 0.5));
    for (let x = x0, i = y * w + x0; x <= x1; x++, i++) inter += mask[i]!;
  }
  // The drawing may touch the sheet's edge and leave notches: the quad need not be full, but the region must
  // not spill out of it.
  const iou = Math.min(inter / count, 0.25 + inter / area);
  return { step, quad, iou, area: area / imageArea, mask, score: 0 };
}

/**
 * The mask (0 or 1 a pixel) dilated (or eroded) by one pixel, 3 × 3 (the pixels within the raster): the largest
 * (smallest) value along each row's three, then along each column's three.
 */
function morph(mask: Uint8Array, w: number, h: number, dilate: boolean): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const s = y * w;
    const e = s + w - 1;
    if (w === 1) {
      rows[s] = mask[s]!;
      continue;
    }
    if (dilate) {
      rows[s] = mask[s]! | mask[s + 1]!;
      for (let i = s + 1; i < e; i++) rows[i] = mask[i - 1]! | mask[i]! | mask[i + 1]!;
      rows[e] = mask[e - 1]! | mask[e]!;
    } else {
      rows[s] = mask[s]! & mask[s + 1]!;
      for (let i = s + 1; i < e; i++) rows[i] = mask[i - 1]! & mask[i]! & mask[i + 1]!;
      rows[e] = mask[e - 1]! & mask[e]!;
    }
  }
  const out = new Uint8Array(w * h);
  if (h === 1) {
    out.set(rows);
    return out;
  }
  const last = w * (h - 1);
  if (dilate) {
    for (let i = 0; i < w; i++) out[i] = rows[i]! | rows[i + w]!;
    for (let i = w; i < last; i++) out[i] = rows[i - w]! | rows[i]! | rows[i + w]!;
    for (let i = last; i < w * h; i++) out[i] = rows[i - w]! | rows[i]!;
  } else {
    for (let i = 0; i < w; i++) out[i] = rows[i]! & rows[i + w]!;
    for (let i = w; i < last; i++) out[i] = rows[i - w]! & rows[i]! & rows[i + w]!;
    for (let i = last; i < w * h; i++) out[i] = rows[i - w]! & rows[i]!;
  }
  return out;
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
    // Left, right (within the middle's columns), up and down, in that order.
    const visit = (j: number) => {
      if (j >= 0 && j < w * h && bright[j] && !seen[j]) {
        seen[j] = 1;
        patch.push(j);
      }
    };
    for (let q = 0; q < patch.length; q++) {
      const i = patch[q]!;
      const x = i % w;
      if (x > x0) visit(i - 1);
      if (x < x1 - 1) visit(i + 1);
      visit(i - w);
      visit(i + w);
    }
    patches.push(patch);
  }
  patches.sort((a, b) => b.length - a.length);
  const seedSets = [patches.flat(), ...patches.filter((p, k) => k < 3 && p.length >= 16 && patches.length > 1)].map((p) =>
    Int32Array.from(p),
  );
  if (seedSets.length === 0) return [];

  const candidates: Candidate[] = [];
  const tries: [number, Mode][] = [
    [3, 'rgb'],
    [4.5, 'rgb'],
    [6.5, 'rgb'],
    [9, 'rgb'],
    [13, 'rgb'],
    [3, 'sharp'],
    [5, 'sharp'],
    [8, 'sharp'],
    [1.5, 'chroma'],
    [2.5, 'chroma'],
  ];
  // Panels of a folded sheet (one lit, one shaded) each grow from a seed of their own: a grid over the middle.
  const gridSeeds: Int32Array[] = [];
  for (const fy of [0.3, 0.5, 0.7]) {
    for (const fx of [0.3, 0.5, 0.7]) {
      const cx = Math.round(w * fx);
      const cy = Math.round(h * fy);
      const block: number[] = [];
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) block.push((cy + dy) * w + cx + dx);
      // Only on calm pixels (not a stroke of the drawing).
      if (block.every((i) => chroma(i) < 70)) gridSeeds.push(Int32Array.from(block));
    }
  }
  // Each grid seed with these in turn, until one grows a sheet-like region.
  const gridTries: [number, Mode][] = [
    [4.5, 'sharp'],
    [4.5, 'rgb'],
    [1.5, 'chroma'],
  ];
  // Brightness-free growth from the paper's pixels altogether; the patches each with the colour steps.
  const seedRuns = seedSets.flatMap((seeds, k) =>
    tries
      .filter(([step, mode]) => k === 0 || (mode !== 'chroma' && step >= 4.5 && step <= 9))
      .map(([step, mode]) => [seeds, step, mode] as [Int32Array, number, Mode]),
  );
  const runs: [Int32Array, number, Mode][] = [
    ...seedRuns,
    ...gridSeeds.flatMap((seeds) => gridTries.map(([step, mode]) => [seeds, step, mode] as [Int32Array, number, Mode])),
  ];
  // Where the grid's runs start.
  const gridFirst = seedRuns.length;
  const covered = new Uint8Array(w * h);
  const same = (a: Point[], q: Point[]) => a.every((p, j) => Math.hypot(p[0] - q[j]![0], p[1] - q[j]![1]) < 1.5);
  const panels: Candidate[] = [];
  const grown = new Set<string>();
  // Regions grown so far, before their holes were filled, by their size: their pixels.
  const unfilled = new Map<number, Int32Array[]>();
  let last: { seeds: Int32Array; mode: Mode; step: number; above: number } | null = null;
  for (const [n, [seeds, step, mode]] of runs.entries()) {
    // A grid seed inside a panel already grown from another grows the same panel.
    if (n >= gridFirst && covered[seeds[4]!]) continue;
    // The same seeds and mode as the last region grown, over a larger step that reaches none of the steps it refused:
    // the same region again, nothing new.
    if (last && last.seeds === seeds && last.mode === mode && step >= last.step && step < last.above) continue;
    const region = grow(small, seeds, step, mode);
    last = { seeds, mode, step, above: region.above };
    // The same region (before its holes are filled) as one grown from other seeds or in another mode: nothing new.
    const sameSize = unfilled.get(region.pixels.length) ?? [];
    if (sameSize.some((pixels) => pixels.every((i) => region.mask[i]))) continue;
    unfilled.set(region.pixels.length, [...sameSize, region.pixels]);
    const mask = fillHoles(region.mask, w, h);
    // The same region from another seed or step: nothing new.
    let count = 0;
    let sum = 0;
    for (let i = 0; i < mask.length; i++) {
      if (mask[i]) {
        count++;
        sum = (Math.imul(sum, 31) + i) | 0;
      }
    }
    const key = `${count}:${sum}`;
    if (grown.has(key)) continue;
    grown.add(key);
    const c = regionQuad(mask, w, h, `${step}${mode[0]}`, 0.02);
    if (!c) continue;
    if (n >= gridFirst) for (let i = 0; i < mask.length; i++) if (mask[i]) covered[i] = 1;
    if (debug.on) debug.mask = { mask, w, h, quad: c.quad };
    if (candidates.some((o) => same(o.quad, c.quad)) || panels.some((o) => same(o.quad, c.quad))) continue;
    if (c.area >= 0.04 && c.iou >= 0.8) candidates.push(c);
    else if (c.iou >= 0.85) panels.push(c);
  }
  // The table grown from the frame, each region it leaves a candidate (tableHoles): over chromaticity (the table's
  // shading and shadows do not stop it) and over sharp steps (nor does its smooth light).
  for (const [step, mode] of [
    [1.5, 'chroma'],
    [3, 'sharp'],
  ] as [number, Mode][]) {
    for (const mask of tableHoles(small, step, mode)) {
      const c = regionQuad(mask, w, h, `t${step}${mode[0]}`, 0.02);
      if (c && c.area >= 0.04 && c.iou >= 0.8 && !candidates.some((o) => same(o.quad, c.quad))) candidates.push(c);
    }
  }
  // Regions merged across a side: two regions that meet along a line (a crease, a shadow's edge; the line itself
  // may belong to neither) as one sheet.
  const parts = [...candidates, ...panels].sort((a, b) => b.area - a.area).slice(0, 12);
  const nearParts: (Uint8Array | undefined)[] = [];
  const boxes = parts.map((c) => {
    const xs = c.quad.map((q) => q[0]);
    const ys = c.quad.map((q) => q[1]);
    return [Math.min(...xs) - 3, Math.min(...ys) - 3, Math.max(...xs) + 3, Math.max(...ys) + 3] as const;
  });
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [ax0, ay0, ax1, ay1] = boxes[i]!;
      const [bx0, by0, bx1, by1] = boxes[j]!;
      if (ax0 > bx1 || bx0 > ax1 || ay0 > by1 || by0 > ay1) continue;
      const A = parts[i]!.mask!;
      const B = parts[j]!.mask!;
      const nearA = (nearParts[i] ??= morph(morph(A, w, h, true), w, h, true));
      let both = 0;
      let touch = 0;
      let onlyB = 0;
      const smaller = Math.min(parts[i]!.area, parts[j]!.area) * w * h;
      for (let k = 0; k < w * h && both <= smaller * 0.3; k++) {
        if (!B[k]) continue;
        if (A[k]) both++;
        else {
          onlyB++;
          if (nearA[k]) touch++;
        }
      }
      // Mostly apart, and meeting along a long stretch.
      if (debug.on) console.log('pair', parts[i]!.step, parts[j]!.step, both, onlyB, touch, Math.round(smaller));
      if (both > smaller * 0.3 || onlyB < smaller * 0.3 || touch < Math.sqrt(smaller) * 0.6) continue;
      const union = new Uint8Array(w * h);
      for (let k = 0; k < w * h; k++) union[k] = A[k]! | B[k]!;
      // Close the seam: dilate twice, erode twice.
      const closed = morph(morph(morph(morph(union, w, h, true), w, h, true), w, h, false), w, h, false);
      const c = regionQuad(fillHoles(closed, w, h), w, h, `${parts[i]!.step}+${parts[j]!.step}`, 0.04);
      if (c && c.iou >= 0.8 && !candidates.some((o) => same(o.quad, c.quad))) candidates.push(c);
    }
  }
  return candidates;
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
      const near = (p: Point) => Math.abs((p[0] - a[0]) * nx + (p[1] - a[1]) * ny) <= tol;
      // Counted first; the inliers listed only for a better pair.
      let count = 0;
      for (const p of points) if (near(p)) count++;
      if (count > bestInliers.length) bestInliers = points.filter(near);
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

/** Along the normal (nx, ny) pointing inward, within `reach` of (x, y): the offset of the strongest edge, and its strength. */
function edgeAcross(p: Planes, x: number, y: number, nx: number, ny: number, reach: number): [number, number] {
  // The edge where the paper (inside, bright) meets the table: the largest drop of colour outward.
  let bestS = 0;
  let bestG = 0;
  const w = p.width;
  for (let sOff = -reach; sOff <= reach; sOff += reach > 6 ? 1 : 0.5) {
    const ix = x + nx * (sOff + 1);
    const iy = y + ny * (sOff + 1);
    const ox = x + nx * (sOff - 1);
    const oy = y + ny * (sOff - 1);
    if (ox < 0 || oy < 0 || ox > p.width || oy > p.height || ix < 0 || iy < 0 || ix > p.width || iy > p.height) continue;
    // sample() of each plane at both points, the pixel and weights found once a point.
    const fix = Math.min(w - 1.001, Math.max(0, ix - 0.5));
    const fiy = Math.min(p.height - 1.001, Math.max(0, iy - 0.5));
    const fox = Math.min(w - 1.001, Math.max(0, ox - 0.5));
    const foy = Math.min(p.height - 1.001, Math.max(0, oy - 0.5));
    const ix0 = Math.floor(fix);
    const iy0 = Math.floor(fiy);
    const ox0 = Math.floor(fox);
    const oy0 = Math.floor(foy);
    const iax = fix - ix0;
    const iay = fiy - iy0;
    const oax = fox - ox0;
    const oay = foy - oy0;
    const ii = iy0 * w + ix0;
    const oi = oy0 * w + ox0;
    const dr = bilinear(p.r, w, ii, iax, iay) - bilinear(p.r, w, oi, oax, oay);
    const dg = bilinear(p.g, w, ii, iax, iay) - bilinear(p.g, w, oi, oax, oay);
    const db = bilinear(p.b, w, ii, iax, iay) - bilinear(p.b, w, oi, oax, oay);
    const dl = 0.299 * dr + 0.587 * dg + 0.114 * db;
    const gmag = Math.sqrt(dr * dr + dg * dg + db * db) * (dl > 0 ? 1 : 0.5);
    if (gmag > bestG) {
      bestG = gmag;
      bestS = sOff;
    }
  }
  return [bestS, bestG];
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
      const [bestS, bestG] = edgeAcross(p, x, y, nx, ny, reach);
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

/**
 * Where the paper ends along a side's line, walking from the side's middle toward its corner (`a` the middle, `b`
 * the corner), a few pixels inside the sheet: the first of several samples in a row unlike the paper (its
 * luminance from the walk's first part), or nearer what lies just outside the side than the paper. Null when the walk never sees paper, or leaves the photo still on paper
 * (the sheet goes on out of the frame: no tip in the picture).
 */
function paperEnd(p: Planes, a: Point, b: Point, nx: number, ny: number, inset: number, beyond: number): Point | null {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 4) return null;
  const dx = (b[0] - a[0]) / len;
  const dy = (b[1] - a[1]) / len;
  const at = (s: number): Point => [a[0] + dx * s + nx * inset, a[1] + dy * s + ny * inset];
  const inside = ([x, y]: Point) => x >= 0.5 && y >= 0.5 && x <= p.width - 0.5 && y <= p.height - 0.5;
  const ref: number[] = [];
  const table: number[] = [];
  for (let s = 0; s < len * 0.5; s += 1) {
    const q = at(s);
    const o: Point = [q[0] - nx * inset * 3, q[1] - ny * inset * 3];
    if (inside(q)) ref.push(Math.log(sample(p, p.lum, q[0], q[1]) + 8));
    if (inside(o)) table.push(Math.log(sample(p, p.lum, o[0], o[1]) + 8));
  }
  if (ref.length < 4) return null;
  const paper = percentile(ref, 0.5);
  // What lies just outside the side: a sample counts as paper only when nearer the paper than that.
  const outside = table.length >= 4 ? percentile(table, 0.5) : -Infinity;
  // No clear step across the side here (its line runs through the paper, or the table is as light): no end to find.
  if (Math.abs(paper - outside) < 0.1) return null;
  let run = 0;
  for (let s = len * 0.5; s < len + beyond; s += 1) {
    const q = at(s);
    if (!inside(q)) return null;
    const l = Math.log(sample(p, p.lum, q[0], q[1]) + 8);
    if (Math.abs(l - paper) > 0.2 || Math.abs(l - paper) >= Math.abs(l - outside)) {
      if (++run >= 4) return at(s - 3);
    } else {
      run = 0;
    }
  }
  return null;
}

/**
 * A curled or crumpled sheet's corner: where a side bows, the lines of its straight parts do not meet at the tip.
 * The tip is where the paper visibly ends along the two sides' lines (the farther of the two ends from the sheet's
 * middle). It replaces the lines' meeting where that lies well outside the photo, or where the paper runs on past it
 * (a tip sticking out beyond the lines, by more than `reach` and at most `beyond`). Kept: corners where the paper
 * ends before the lines meet (a rounded or curled-up tip: the lines' meeting is the corner), those whose lines meet
 * just past the photo's edge (the frame clips the sheet there), and those where the paper runs on out of the frame.
 */
function curlTips(p: Planes, q: Point[]): Point[] {
  const cx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4;
  const cy = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  const diag = Math.hypot(p.width, p.height);
  const margin = 0.007 * diag;
  const inset = 0.004 * diag;
  const reach = 0.007 * diag;
  const beyond = 0.04 * diag;
  return q.map((c, i) => {
    const inPhoto = c[0] >= -margin && c[1] >= -margin && c[0] <= p.width + margin && c[1] <= p.height + margin;
    let best: Point | null = null;
    let far = -1;
    for (const o of [q[(i + 3) % 4]!, q[(i + 1) % 4]!]) {
      const mid: Point = [(o[0] + c[0]) / 2, (o[1] + c[1]) / 2];
      // The inward normal of the side o-c.
      const len = Math.hypot(c[0] - o[0], c[1] - o[1]);
      let nx = -(c[1] - o[1]) / len;
      let ny = (c[0] - o[0]) / len;
      if ((cx - mid[0]) * nx + (cy - mid[1]) * ny < 0) {
        nx = -nx;
        ny = -ny;
      }
      const end = paperEnd(p, mid, c, nx, ny, inset, beyond);
      if (!end) continue;
      // Back onto the side's line.
      const tip: Point = [end[0] - nx * inset, end[1] - ny * inset];
      const d = Math.hypot(tip[0] - cx, tip[1] - cy);
      if (d > far) {
        far = d;
        best = tip;
      }
    }
    if (!best) return c;
    if (inPhoto) return far < Math.hypot(c[0] - cx, c[1] - cy) + reach ? c : best;
    // Lines meeting beyond the frame: the sheet reaches the frame there, so its tip lies at the frame's edge; an end
    // further in is a crease or a shadow that stopped the walk.
    const atFrame = Math.min(best[0], best[1], p.width - best[0], p.height - best[1]) <= 0.01 * diag;
    return atFrame ? best : c;
  });
}

/** A strip's mean chromaticity (cr, cg), luminance and texture (the median step between neighbours along it). */
interface StripLook {
  cr: number;
  cg: number;
  lum: number;
  texture: number;
}

/**
 * How unlike the paper (a strip just inside a side) another strip looks: 1 or more is clearly something else. A
 * crease or a shadow's edge has the same paper on both sides: same chromaticity, a little less light, the same
 * smoothness. A table differs in at least one.
 */
function unlikePaper(paper: StripLook, other: StripLook): number {
  const chromaStep = Math.hypot(paper.cr - other.cr, paper.cg - other.cg) / 0.02;
  const lumStep = Math.abs(Math.log((other.lum + 8) / (paper.lum + 8))) / 0.5;
  const textureStep = Math.abs(Math.log((other.texture + 1) / (paper.texture + 1)));
  return Math.max(chromaStep, lumStep, textureStep);
}

/**
 * The sides' statistics: how sharp each side's step is, how unlike the paper its outside looks, and how many sides
 * were judged (those with paper inside and something outside in the photo).
 */
function sideScores(p: Planes, q: Point[]): { contrast: number; outside: number; border: number; judged: number } {
  const diag = Math.hypot(p.width, p.height);
  const strict = sideContrast(p, q, 2);
  let outside = 1;
  const paperLums: number[] = [];
  const sides = innerSides(p, q);
  const clipped = sides.length < 4;
  let judged = 0;
  for (const { a, b, nx, ny } of sides) {
    // Strips just inside and just outside the side: mean colour, and texture (the step between neighbours along it).
    const strip = (sign: number, offsets = [0.006, 0.012]): StripLook | null => {
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let n = 0;
      const steps: number[] = [];
      for (const off of offsets) {
        let prev = NaN;
        for (let t = 0.1; t <= 0.9; t += 0.02) {
          const x = a[0] + (b[0] - a[0]) * t + sign * nx * off * diag;
          const y = a[1] + (b[1] - a[1]) * t + sign * ny * off * diag;
          if (x < 0 || y < 0 || x > p.width || y > p.height) continue;
          const vr = sample(p, p.r, x, y);
          const vg = sample(p, p.g, x, y);
          const vb = sample(p, p.b, x, y);
          sr += vr;
          sg += vg;
          sb += vb;
          n++;
          const l = 0.299 * vr + 0.587 * vg + 0.114 * vb;
          if (!Number.isNaN(prev)) steps.push(Math.abs(l - prev));
          prev = l;
        }
      }
      if (n === 0) return null;
      const sum = sr + sg + sb + 45 * n;
      return {
        cr: (sr + 15 * n) / sum,
        cg: (sg + 15 * n) / sum,
        lum: (0.299 * sr + 0.587 * sg + 0.114 * sb) / n,
        texture: percentile(steps, 0.5),
      };
    };
    const inner = strip(1);
    const outer = strip(-1);
    if (!inner || !outer) continue;
    judged++;
    paperLums.push(inner.lum);
    let unlike = unlikePaper(inner, outer);
    // A quad cut by the frame is judged on fewer sides, and a page that fills the frame has printed bands and
    // shadow lines with paper beyond them: what lies a little further out must be unlike the paper too.
    const far = clipped ? strip(-1, [0.06, 0.09]) : null;
    if (far) unlike = Math.min(unlike, unlikePaper(inner, far));
    // A shadow's edge runs on across the table; a sheet's edge ends at its corners.
    const stepAt = (t: number) => {
      const x = a[0] + (b[0] - a[0]) * t;
      const y = a[1] + (b[1] - a[1]) * t;
      const o = 0.003 * diag;
      if (x - o < 0 || y - o < 0 || x + o > p.width || y + o > p.height) return NaN;
      return Math.abs(sample(p, p.lum, x + nx * o, y + ny * o) - sample(p, p.lum, x - nx * o, y - ny * o));
    };
    const along: number[] = [];
    const beyond: number[] = [];
    for (let t = 0.1; t <= 0.9; t += 0.05) along.push(stepAt(t));
    for (let t = 0.06; t <= 0.3; t += 0.03) beyond.push(stepAt(-t), stepAt(1 + t));
    const through = beyond.filter((v) => !Number.isNaN(v));
    if (through.length >= 6 && percentile(through, 0.5) >= Math.max(8, 0.5 * percentile(along, 0.5))) unlike = Math.min(unlike, 0.3);
    outside = Math.min(outside, unlike);
  }
  outside = Math.min(1, outside);
  // A side that only finds its step by straying from its line (a crumpled sheet's wavy edge, or some other edge
  // nearby) is weaker evidence: it counts only as far as nothing outside the quad looks like the paper.
  // (Looked for only where it can count: below a full score's contrast, and with no paper outside.)
  const contrast =
    strict >= 30 || outside ** 3 * 255 <= strict ? strict : Math.max(strict, sideContrast(p, q, 2, Math.round(WAVE * diag)) * outside ** 3);
  return { contrast, outside, border: borderPaper(p, q, percentile(paperLums, 0.5)), judged };
}

/**
 * A sheet partly out of the frame has paper all along the stretch of the frame its quad runs on; a region that
 * leaked into the table along the frame does not. The share of that stretch (just inside the frame) as bright as
 * the paper just inside the quad's other sides; 1 when no side runs on the frame.
 */
function borderPaper(p: Planes, q: Point[], paperLum: number): number {
  const diag = Math.hypot(p.width, p.height);
  const tol = Math.max(2, 0.01 * Math.max(p.width, p.height));
  const inset = 0.006 * diag;
  const cx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4;
  const cy = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  let paper = 0;
  let all = 0;
  for (let s = 0; s < 4; s++) {
    const a = q[s]!;
    const b = q[(s + 1) % 4]!;
    if (!onBorder(a, b, p.width, p.height, tol)) continue;
    for (let t = 0.05; t <= 0.95; t += 0.02) {
      // Toward the quad's middle by the inset, inside the photo.
      const x0 = a[0] + (b[0] - a[0]) * t;
      const y0 = a[1] + (b[1] - a[1]) * t;
      const d = Math.hypot(cx - x0, cy - y0) || 1;
      const x = Math.min(p.width - 0.5, Math.max(0.5, x0 + ((cx - x0) / d) * inset));
      const y = Math.min(p.height - 0.5, Math.max(0.5, y0 + ((cy - y0) / d) * inset));
      all++;
      if (Math.abs(Math.log((sample(p, p.lum, x, y) + 8) / (paperLum + 8))) <= 0.25) paper++;
    }
  }
  return all === 0 || paperLum === 0 ? 1 : paper / all;
}

/**
 * The sheet's width over height (at least 1) after a rough rectification: Zhang and He's whiteboard method with the
 * principal point at the photo's centre and a phone's focal length (about 0.8 of the diagonal).
 */
function rectifiedAspect(q: Point[], w: number, h: number): number {
  const f = 0.8 * Math.hypot(w, h);
  const [tl, tr, br, bl] = orderCorners(q);
  const m = [tl, tr, bl, br].map(([x, y]) => [x - w / 2, y - h / 2, 1] as [number, number, number]);
  const cross3 = (u: number[], v: number[]) => [
    u[1]! * v[2]! - u[2]! * v[1]!,
    u[2]! * v[0]! - u[0]! * v[2]!,
    u[0]! * v[1]! - u[1]! * v[0]!,
  ];
  const dot = (u: number[], v: number[]) => u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  const [m1, m2, m3, m4] = m as unknown as [number[], number[], number[], number[]];
  const k2 = dot(cross3(m1, m4), m3) / dot(cross3(m2, m4), m3);
  const k3 = dot(cross3(m1, m4), m2) / dot(cross3(m3, m4), m2);
  const n2 = m2.map((v, i) => k2 * v - m1[i]!);
  const n3 = m3.map((v, i) => k3 * v - m1[i]!);
  const norm = (n: number[]) => (n[0]! * n[0]! + n[1]! * n[1]!) / (f * f) + n[2]! * n[2]!;
  const ratio = Math.sqrt(norm(n2) / norm(n3));
  if (!Number.isFinite(ratio) || ratio <= 0) {
    const a = (Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) + Math.hypot(br[0] - bl[0], br[1] - bl[1])) / 2;
    const b = (Math.hypot(bl[0] - tl[0], bl[1] - tl[1]) + Math.hypot(br[0] - tr[0], br[1] - tr[1])) / 2;
    return Math.max(a / b, b / a);
  }
  return Math.max(ratio, 1 / ratio);
}

/** Sheets are A- or B-series (JIS B4 and B5 too: all √2) or US letter (11 by 8.5). */
const SHEET_ASPECTS = [Math.SQRT2, 11 / 8.5];

/**
 * How far a sheet partly out of the frame may show across its cut sides, over its whole width between the others:
 * √2 for an A-series sheet, with room for foreshortening.
 */
const MAX_CLIPPED_REACH = 2;

/** How plausible the quad is as a whole sheet: 1 for a sheet's proportions, less the further from them. */
function shapeScore(q: Point[], w: number, h: number): number {
  const tol = 0.01 * Math.max(w, h);
  const clipped = [0, 1, 2, 3].map((s) => onBorder(q[s]!, q[(s + 1) % 4]!, w, h, tol));
  if (clipped.some(Boolean)) {
    // A sheet partly out of the frame has no proportions to judge, unless what shows could not be a sheet: where
    // only one pair of opposite sides runs out of the frame, the other pair shows whole, and the sheet reaches at
    // least as far as it shows across the cut pair. A band across the photo (a dark printed row on a page that fills
    // the frame) reaches further than any sheet's proportions allow, even foreshortened.
    const len = (s: number) => Math.hypot(q[(s + 1) % 4]![0] - q[s]![0], q[(s + 1) % 4]![1] - q[s]![1]);
    const cut02 = clipped[0] || clipped[2];
    const cut13 = clipped[1] || clipped[3];
    if (cut02 !== cut13) {
      const across02 = (len(1) + len(3)) / 2;
      const across13 = (len(0) + len(2)) / 2;
      if ((cut02 ? across02 / across13 : across13 / across02) > MAX_CLIPPED_REACH) return 0.15;
    }
    return 0.8;
  }
  const aspect = rectifiedAspect(q, w, h);
  const near = Math.max(...SHEET_ASPECTS.map((t) => Math.exp(-(Math.log(aspect / t) ** 2) / (2 * 0.1 ** 2))));
  return 0.15 + 0.85 * near;
}

/** A score at or above this is a sure answer; below it the user places the corners. */
export const SURE_SCORE = 0.45;

/** The long edge of the raster the edge-contour candidate is found on. */
const CONTOUR_EDGE = 512;

/**
 * The edge-contour candidate (the classic recipe, without OpenCV): strong colour edges on a ~500 px copy as walls,
 * the region reached from the middle without crossing one, its holes filled.
 */
function contourQuad(p: Planes): Candidate | null {
  const { width: w, height: h, r, g, b } = p;
  const grad = new Float32Array(w * h);
  // A histogram of the gradients (whole levels) for their 90th percentile.
  const histogram = new Uint32Array(512);
  const sobel = (c: Float32Array, i: number) => {
    const gx = c[i + 1 - w]! + 2 * c[i + 1]! + c[i + 1 + w]! - c[i - 1 - w]! - 2 * c[i - 1]! - c[i - 1 + w]!;
    const gy = c[i + w - 1]! + 2 * c[i + w]! + c[i + w + 1]! - c[i - w - 1]! - 2 * c[i - w]! - c[i - w + 1]!;
    return gx * gx + gy * gy;
  };
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, i = y * w + 1; x < w - 1; x++, i++) {
      const v = Math.sqrt(sobel(r, i) + sobel(g, i) + sobel(b, i)) / 4;
      grad[i] = v;
      histogram[Math.min(511, Math.floor(v))]!++;
    }
  }
  // Walls: the strongest tenth of the gradients, at least a clear step; dilated by one pixel to close small gaps.
  let level = 511;
  for (let above = 0; level > 0 && above + histogram[level]! < w * h * 0.1; level--) above += histogram[level]!;
  const wall = Math.max(25, level);
  const walls = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (grad[i]! >= wall) walls[i] = 1;
  const thick = morph(walls, w, h, true);
  const mask = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let tail = 0;
  const c0 = Math.floor(h / 2) * w + Math.floor(w / 2);
  // From the calm pixels near the middle.
  for (let dy = -Math.floor(h / 10); dy <= h / 10; dy++) {
    for (let dx = -Math.floor(w / 10); dx <= w / 10; dx++) {
      const i = c0 + dy * w + dx;
      if (!thick[i] && !mask[i]) {
        mask[i] = 1;
        queue[tail++] = i;
      }
    }
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const x = i % w;
    if (x > 0 && !mask[i - 1] && !thick[i - 1]) {
      mask[i - 1] = 1;
      queue[tail++] = i - 1;
    }
    if (x < w - 1 && !mask[i + 1] && !thick[i + 1]) {
      mask[i + 1] = 1;
      queue[tail++] = i + 1;
    }
    if (i >= w && !mask[i - w] && !thick[i - w]) {
      mask[i - w] = 1;
      queue[tail++] = i - w;
    }
    if (i < w * (h - 1) && !mask[i + w] && !thick[i + w]) {
      mask[i + w] = 1;
      queue[tail++] = i + w;
    }
  }
  // Give back the wall's width, then fill the holes (the drawing's strokes).
  return regionQuad(fillHoles(morph(mask, w, h, true), w, h), w, h, 'contour', 0.04);
}

/** The sheet's corners in the raster's pixels (TL, TR, BR, BL) with the score that chose them, or null (no sheet). */
export function detectPaperScored(raster: Raster): { corners: Corners; score: number; sure: boolean } | null {
  if (raster.width < 16 || raster.height < 16) return null;
  const big = planes(raster, REFINE_EDGE);
  // Planes that are the raster's own pixels (the worker's 1024 px copy) hold whole numbers: averaged again, their
  // sums are exact, and box.ts's integer sums of the raster's bytes give the same means, faster.
  const smaller = (edge: number) => (big.own ? planes(raster, edge) : shrink(big.p, edge));
  const small = smaller(REGION_EDGE);
  const candidates = roughQuads(small.p);
  const k = small.scale;
  const mid = smaller(CONTOUR_EDGE);
  const contour = contourQuad(mid.p);
  if (contour && contour.iou >= 0.8) {
    contour.quad = contour.quad.map(([x, y]) => [(x * mid.scale) / k, (y * mid.scale) / k]);
    contour.mask = null;
    candidates.push(contour);
  }
  const diag = Math.hypot(big.p.width, big.p.height);
  const refined: (Candidate & { tips: Point[]; contrast: number; outside: number; shape: number; judged: number })[] = [];
  for (const c of candidates) {
    let quad: Point[] = c.quad.map(([x, y]) => [x * k, y * k]);
    quad = refine(big.p, quad, Math.max(4, diag * 0.02));
    quad = refine(big.p, quad, 3);
    // The sides moved onto edges must still make a convex quad of about the region's size.
    if (!convex(quad)) continue;
    const grown = polygonArea(quad) / (c.area * big.p.width * big.p.height);
    if (grown < 0.7 || grown > 1.4) continue;
    if (refined.some((o) => o.quad.every((p, j) => Math.hypot(p[0] - quad[j]![0], p[1] - quad[j]![1]) < diag * 0.003))) continue;
    const { contrast, outside, border, judged } = sideScores(big.p, quad);
    // The shape of what would be answered: the sheet's tips where a curled or crumpled side bows away from its
    // lines (a crumpled corner the lines overshoot makes no sheet's proportions).
    const tips = curlTips(big.p, quad);
    const shape = shapeScore(tips, big.p.width, big.p.height);
    // One score: sharp sides all round, no paper outside any side, a sheet's proportions, a good fit to the region.
    // A light table can look like paper just outside the sheet (same colour, nearly as bright): the outside weighs
    // less than the other terms; between a panel and the whole folded sheet it still decides.
    const score =
      Math.min(1, contrast / 30) * (0.4 + 0.6 * outside) * shape * Math.min(1, (c.iou - 0.7) / 0.25) * Math.min(1, border / 0.8);
    refined.push({ ...c, quad, tips, mask: null, contrast, outside, shape, score, judged });
  }
  if (debug.on) {
    for (const c of refined) {
      console.log(
        c.step,
        c.iou.toFixed(3),
        c.area.toFixed(3),
        c.contrast.toFixed(1),
        c.outside.toFixed(2),
        c.shape.toFixed(2),
        c.score.toFixed(3),
        JSON.stringify(c.quad.map(([x, y]) => [Math.round(x * big.scale), Math.round(y * big.scale)])),
      );
    }
  }
  const sheetLike = refined.filter((c) => c.contrast >= 5 && c.score > 0);
  // A region the table left takes in whatever lies against the sheet (a crayon beside it, its shadow): one that holds
  // a better-scored sheet from the other candidates, and a tenth more besides, is that sheet with something more.
  const tableMade = (c: Candidate) => c.step.startsWith('t');
  const good = sheetLike.filter(
    (t) =>
      !tableMade(t) ||
      !sheetLike.some((c) => !tableMade(c) && c.score > t.score && c.area * 1.1 < t.area && inside(c.quad, t.quad, diag * 0.01)),
  );
  if (good.length === 0) return null;
  // The largest sheet-like region whose score is near the best: a leak past a side makes that side weak, a panel
  // of a folded sheet has paper outside one side.
  const bestScore = Math.max(...good.map((c) => c.score));
  const near = good.filter((c) => c.score >= bestScore * 0.85);
  near.sort((a, b) => b.area * b.iou - a.area * a.iou);
  const chosen = near[0]!;
  const s = big.scale;
  const w = raster.width;
  const h = raster.height;
  // The sides were scored where their lines run; the corners are the sheet's tips.
  const corners = chosen.tips.map(([x, y]) => [Math.min(w, Math.max(0, x * s)), Math.min(h, Math.max(0, y * s))] as Point);
  // A quad with one side in the photo (the other three on the frame) was judged on that side alone: a shadow's edge
  // or a printed line across a page that fills the frame looks just like it. The user places the corners.
  return { corners: orderCorners(corners), score: chosen.score, sure: chosen.score >= SURE_SCORE && chosen.judged >= 2 };
}

/**
 * The sheet's corners in the raster's pixels (TL, TR, BR, BL), or null when no sheet is found or the detector is not
 * sure (then the user places the corners).
 */
export function detectPaper(raster: Raster): Corners | null {
  const found = detectPaperScored(raster);
  return found?.sure ? found.corners : null;
}
