/**
 * Straightens the sheet (issue 15): pure code on an RGBA raster, used by the PWA's worker (paper.worker.ts).
 * The sheet's quad is warped to a rectangle (a homography, bilinear sampling), then its light is evened: each pixel is
 * divided by an estimate of the paper's illumination there (the bright, uncoloured pixels of each block, closed so
 * that strokes and filled shapes don't count, smoothed), so the paper comes out white, shadows and glare fade, and the
 * strokes keep their colours (all three channels are divided alike, relative to the paper's own colour).
 */
import { homography } from './homography';
import type { Corners, Point, Raster } from './types';

export interface StraightenOptions {
  /** The output's long edge, at most (default 2048). */
  maxEdge?: number;
  /** Even the light (default true). */
  evenLight?: boolean;
}

function dist(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The output's size for the quad: its longer opposite sides, within `maxEdge`. */
export function outputSize(corners: Corners, maxEdge: number): { width: number; height: number } {
  const [tl, tr, br, bl] = corners;
  const w = Math.max(dist(tl, tr), dist(bl, br), 1);
  const h = Math.max(dist(tl, bl), dist(tr, br), 1);
  const k = Math.min(1, maxEdge / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) };
}

/**
 * A raster's pixels as 32-bit words (RGBA bytes, little-endian as every engine that runs the PWA). Signed: an opaque
 * pixel is a negative number, but stays a 32-bit integer to the JIT (an unsigned one above 2^31 would be a double).
 */
function words(raster: Raster): Int32Array {
  // A raster whose bytes do not start on a 4-byte boundary (a Node Buffer from a pool) is copied first.
  const bytes = raster.data.byteOffset % 4 ? new Uint8Array(raster.data) : raster.data;
  return new Int32Array(bytes.buffer, bytes.byteOffset, raster.width * raster.height);
}

/**
 * The quad warped to a rectangle (bilinear sampling; outside the photo, its nearest edge). Row by row: along a row the
 * homography's numerators and its denominator are linear in x, so each pixel costs three additions and one division.
 * The sampling is in whole numbers: one 32-bit read a source pixel, red with blue and green with alpha interpolated
 * together in one word each, the weights in 128ths (within two levels of the exact blend on pure noise, one on a
 * photo's smooth gradients). With `light`, each row written is also gathered into evenLight's statistics, while it is
 * still in the cache (evenLight then reads the pixels once, to write them).
 */
export function warp(raster: Raster, corners: Corners, width: number, height: number, light?: LightStats): Raster {
  const rect: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const h = homography(rect, corners);
  const out = new Uint8ClampedArray(width * height * 4);
  if (!h) return { data: out, width, height };
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  const { width: sw, height: sh } = raster;
  const src = words(raster);
  const dst = new Int32Array(out.buffer);
  const maxX = sw - 1;
  const maxY = sh - 1;
  const lastX0 = Math.max(0, maxX - 1);
  const lastY0 = Math.max(0, maxY - 1);
  // A one-pixel-wide (or -high) photo: the "next" pixel is the same one.
  const right = sw > 1 ? 1 : 0;
  const down = sh > 1 ? sw : 0;
  const M = 0xff00ff;
  // The interior's coordinates in 128ths of a pixel: the homography's numerators scaled by 128 (exactly: a power of
  // two), so that a truncation gives the pixel (the high bits) and its weight (the low seven) at once.
  const limX = maxX * 128;
  const limY = maxY * 128;
  let o = 0;
  for (let y = 0; y < height; y++) {
    const py = y + 0.5;
    let nu = (h0 * 0.5 + h1 * py + h2) * 128;
    let nv = (h3 * 0.5 + h4 * py + h5) * 128;
    let dw = h6 * 0.5 + h7 * py + h8;
    const su = h0 * 128;
    const sv = h3 * 128;
    for (let x = 0; x < width; x++, o++) {
      const iw = 1 / dw;
      // (u - 0.5) · 128 + 0.5, v likewise: the sample's position in 128ths, rounded by the truncation below.
      const ux = nu * iw - 63.5;
      const uy = nv * iw - 63.5;
      let i: number;
      let ax: number;
      let ay: number;
      if (ux >= 0 && uy >= 0 && ux < limX && uy < limY) {
        // Inside the photo, its four pixels too (nearly every pixel of a sheet): no clamping.
        const U = ux | 0;
        const V = uy | 0;
        ax = U & 127;
        ay = V & 127;
        i = (V >> 7) * sw + (U >> 7);
      } else {
        let fx = nu * iw * (1 / 128) - 0.5;
        let fy = nv * iw * (1 / 128) - 0.5;
        fx = fx < 0 ? 0 : fx > maxX ? maxX : fx;
        fy = fy < 0 ? 0 : fy > maxY ? maxY : fy;
        let x0 = fx | 0;
        let y0 = fy | 0;
        if (x0 > lastX0) x0 = lastX0;
        if (y0 > lastY0) y0 = lastY0;
        ax = ((fx - x0) * 128 + 0.5) | 0;
        ay = ((fy - y0) * 128 + 0.5) | 0;
        i = y0 * sw + x0;
      }
      nu += su;
      nv += sv;
      dw += h6;
      const p00 = src[i]!;
      const p01 = src[i + right]!;
      const p10 = src[i + down]!;
      const p11 = src[i + down + right]!;
      const bx = 128 - ax;
      const by = 128 - ay;
      // Each lane at most 255 · 128 before the shift: no carry into the next, and the word stays below 2^31.
      const rbTop = (((p00 & M) * bx + (p01 & M) * ax + 0x400040) >>> 7) & M;
      const rbBottom = (((p10 & M) * bx + (p11 & M) * ax + 0x400040) >>> 7) & M;
      const gaTop = ((((p00 >>> 8) & M) * bx + ((p01 >>> 8) & M) * ax + 0x400040) >>> 7) & M;
      const gaBottom = ((((p10 >>> 8) & M) * bx + ((p11 >>> 8) & M) * ax + 0x400040) >>> 7) & M;
      const rb = ((rbTop * by + rbBottom * ay + 0x400040) >>> 7) & M;
      const g = ((gaTop * by + gaBottom * ay + 0x400040) >>> 7) & 255;
      dst[o] = rb | (g << 8) | -0x1000000;
    }
    // The row, still in the cache, into evenLight's statistics.
    if (light) gatherRow(light, dst, o - width);
  }
  return { data: out, width, height };
}

/** A block's side at most (a raster more than 12288 pixels long gets more blocks): see LightStats's sums. */
const MAX_BLOCK = 256;
/** 2^24: the second sum's place in a word of LightStats. */
const S = 16777216;

/**
 * The paper's light per block of a raster (evenLight's blocks), gathered row by row as the pixels are written (by the
 * warp) or read (by evenLight itself): per block, for each luminance level, how many pixels and the sums of their
 * channels, so that the brightest tenth's mean needs no second look at the pixels. A block row's blocks at a time,
 * two sums a word: red and blue as r + b · 2^24, green and the count as g + n · 2^24, exact in a double since a
 * block's sum of one channel stays below 2^24 (blocks at most MAX_BLOCK pixels wide).
 */
export interface LightStats {
  width: number;
  height: number;
  block: number;
  gw: number;
  gh: number;
  /** The current block row's sums, 256 levels a block. */
  redBlue: Float64Array;
  greenCount: Float64Array;
  /** Per block: the mean of its brightest tenth, and its luminance. */
  lr: Float32Array;
  lg: Float32Array;
  lb: Float32Array;
  lum: Float32Array;
  /** Rows gathered so far. */
  rows: number;
}

/** Empty statistics for a raster of this size. */
export function lightStats(width: number, height: number): LightStats {
  const block = Math.min(MAX_BLOCK, Math.max(8, Math.round(Math.max(width, height) / 48)));
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const n = gw * gh;
  return {
    width,
    height,
    block,
    gw,
    gh,
    redBlue: new Float64Array(gw * 256),
    greenCount: new Float64Array(gw * 256),
    lr: new Float32Array(n),
    lg: new Float32Array(n),
    lb: new Float32Array(n),
    lum: new Float32Array(n),
    rows: 0,
  };
}

/** One row of pixels (words, from `k`) into the statistics; a completed block row's blocks summed up. */
function gatherRow(stats: LightStats, px: Int32Array, k: number): void {
  const { width, block, redBlue, greenCount } = stats;
  for (let x0 = 0, base = 0; x0 < width; x0 += block, base += 256) {
    for (const end = k + Math.min(block, width - x0); k < end; k++) {
      const p = px[k]!;
      const r = p & 255;
      const g = (p >>> 8) & 255;
      const b = (p >>> 16) & 255;
      const l = base + ((r * 77 + g * 150 + b * 29) >> 8);
      redBlue[l]! += r + b * S;
      greenCount[l]! += g + S;
    }
  }
  rowDone(stats);
}

/** A row gathered: at the end of a block row, its blocks' brightest tenths, and the sums cleared for the next. */
function rowDone(stats: LightStats): void {
  const { width, height, block, gw, redBlue, greenCount, lr, lg, lb, lum } = stats;
  const y = stats.rows++;
  if ((y + 1) % block !== 0 && y + 1 !== height) return;
  const by = Math.floor(y / block);
  const rows = y + 1 - by * block;
  for (let bx = 0; bx < gw; bx++) {
    const base = bx * 256;
    const pixels = (Math.min(width, (bx + 1) * block) - bx * block) * rows;
    // The brightest tenth of the block: paper, unless the block is all drawing.
    let seen = 0;
    let t = 255;
    while (t > 0 && seen + Math.floor(greenCount[base + t]! / S) < pixels * 0.1) seen += Math.floor(greenCount[base + t--]! / S);
    let rb = 0;
    let gn = 0;
    for (let l = base + t, end = base + 256; l < end; l++) {
      rb += redBlue[l]!;
      gn += greenCount[l]!;
    }
    const m = Math.floor(gn / S);
    const sb = Math.floor(rb / S);
    const sr = rb - sb * S;
    const sg = gn - m * S;
    const k = by * gw + bx;
    lr[k] = sr / Math.max(1, m);
    lg[k] = sg / Math.max(1, m);
    lb[k] = sb / Math.max(1, m);
    lum[k] = 0.299 * lr[k]! + 0.587 * lg[k]! + 0.114 * lb[k]!;
  }
  redBlue.fill(0);
  greenCount.fill(0);
}

/** The paper's illumination per block, from the gathered statistics: [gw, gh, r, g, b] planes of the grid. */
function illumination(stats: LightStats) {
  const { gw, gh, lr, lg, lb, lum } = stats;
  const n = gw * gh;
  // Blocks that are not paper (a large filled shape, dark or coloured): replaced by their paper neighbours.
  const sorted = [...lum].sort((a, b) => a - b);
  const bright = sorted[Math.floor(sorted.length * 0.9)] ?? 255;
  const valid = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const chroma = Math.max(lr[k]!, lg[k]!, lb[k]!) - Math.min(lr[k]!, lg[k]!, lb[k]!);
    valid[k] = lum[k]! >= bright * 0.45 && chroma <= Math.max(40, lum[k]! * 0.25) ? 1 : 0;
  }
  // Close by luminance (max then min over a 5x5 neighbourhood of valid blocks): strokes narrower than two blocks go.
  const closed = (src: Float32Array, pick: (a: number, b: number) => boolean) => {
    const out = new Float32Array(n);
    const from = new Int32Array(n);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const k = y * gw + x;
        let best = k;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
            const j = yy * gw + xx;
            if (valid[j] && (!valid[best] || pick(src[j]!, src[best]!))) best = j;
          }
        }
        out[k] = src[best]!;
        from[k] = best;
      }
    }
    return from;
  };
  const dilated = closed(lum, (a, b) => a > b);
  const dl = Float32Array.from(dilated, (j) => lum[j]!);
  const eroded = closed(dl, (a, b) => a < b);
  const cr = new Float32Array(n);
  const cg = new Float32Array(n);
  const cb = new Float32Array(n);
  const ok = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const j = dilated[eroded[k]!]!;
    ok[k] = valid[j]!;
    cr[k] = lr[j]!;
    cg[k] = lg[j]!;
    cb[k] = lb[j]!;
  }
  // Fill what is still unknown from known neighbours, ring by ring.
  for (let pass = 0; pass < gw + gh; pass++) {
    let missing = 0;
    const next = ok.slice();
    for (let k = 0; k < n; k++) {
      if (ok[k]) continue;
      const x = k % gw;
      const y = (k - x) / gw;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let m = 0;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
        const j = yy * gw + xx;
        if (!ok[j]) continue;
        sr += cr[j]!;
        sg += cg[j]!;
        sb += cb[j]!;
        m++;
      }
      if (m) {
        cr[k] = sr / m;
        cg[k] = sg / m;
        cb[k] = sb / m;
        next[k] = 1;
      } else missing++;
    }
    ok.set(next);
    if (!missing) break;
  }
  if (!ok.some((v) => v)) {
    cr.fill(255);
    cg.fill(255);
    cb.fill(255);
  }
  // Smooth: two 3x3 box passes.
  for (const plane of [cr, cg, cb]) {
    for (let pass = 0; pass < 2; pass++) {
      const src = plane.slice();
      for (let y = 0; y < gh; y++) {
        for (let x = 0; x < gw; x++) {
          let s = 0;
          let m = 0;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const xx = x + dx;
              const yy = y + dy;
              if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
              s += src[yy * gw + xx]!;
              m++;
            }
          }
          plane[y * gw + x] = s / m;
        }
      }
    }
  }
  return { gw, gh, r: cr, g: cg, b: cb };
}

/**
 * Evens the light in place: the paper white, the strokes' colours kept. Each channel is multiplied by its gain,
 * 255 · 1.04 over the paper's light there (the paper's own brightest tenth maps to white, a little above it), the
 * gains interpolated bilinearly in the grid of block centres: per row, the grid's columns in y; per pixel, in x.
 * `gathered`: the raster's statistics, gathered by the warp that wrote it (ignored unless complete and of its size).
 */
export function evenLight(raster: Raster, gathered?: LightStats): Raster {
  const { data, width, height } = raster;
  const px = words(raster);
  let stats = gathered;
  if (!stats || stats.width !== width || stats.height !== height || stats.rows !== height) {
    stats = lightStats(width, height);
    for (let y = 0; y < height; y++) gatherRow(stats, px, y * width);
  }
  const { block } = stats;
  const { gw, gh, r, g, b } = illumination(stats);
  const gain = (plane: Float32Array) => Float32Array.from(plane, (light) => (255 * 1.04) / (light < 16 ? 16 : light));
  const kr = gain(r);
  const kg = gain(g);
  const kb = gain(b);
  const rowR = new Float64Array(gw);
  const rowG = new Float64Array(gw);
  const rowB = new Float64Array(gw);
  const aligned = px.buffer === data.buffer && px.byteOffset === data.byteOffset;
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    for (let j = 0, a = y0 * gw, b1 = y1 * gw; j < gw; j++, a++, b1++) {
      rowR[j] = kr[a]! + (kr[b1]! - kr[a]!) * fy;
      rowG[j] = kg[a]! + (kg[b1]! - kg[a]!) * fy;
      rowB[j] = kb[a]! + (kb[b1]! - kb[a]!) * fy;
    }
    // Along the row, the gains are linear between two block centres: each run of pixels between them steps its
    // gains by a constant (no per-pixel look-up); left of the first centre and right of the last, constant.
    for (let j = -1, x = 0, k = y * width; j < gw; j++) {
      const end = j + 1 < gw ? Math.min(width, Math.ceil((j + 1.5) * block - 0.5)) : width;
      const ja = j < 0 ? 0 : j;
      const jb = j + 1 < gw ? j + 1 : gw - 1;
      const inside = j >= 0 && j + 1 < gw;
      const fx = inside ? (x + 0.5) / block - 0.5 - j : 0;
      const dr = inside ? (rowR[jb]! - rowR[ja]!) / block : 0;
      const dg = inside ? (rowG[jb]! - rowG[ja]!) / block : 0;
      const db = inside ? (rowB[jb]! - rowB[ja]!) / block : 0;
      let gr = rowR[ja]! + dr * block * fx;
      let gg = rowG[ja]! + dg * block * fx;
      let gb = rowB[ja]! + db * block * fx;
      for (; x < end; x++, k++, gr += dr, gg += dg, gb += db) {
        const p = px[k]!;
        let vr = ((p & 255) * gr + 0.5) | 0;
        let vg = (((p >>> 8) & 255) * gg + 0.5) | 0;
        let vb = (((p >>> 16) & 255) * gb + 0.5) | 0;
        if (vr > 255) vr = 255;
        if (vg > 255) vg = 255;
        if (vb > 255) vb = 255;
        px[k] = (p & -0x1000000) | (vb << 16) | (vg << 8) | vr;
      }
    }
  }
  // A raster whose bytes were copied to be read as words: the result back into its own bytes.
  if (!aligned) data.set(new Uint8Array(px.buffer, px.byteOffset, px.byteLength));
  return raster;
}

/** The sheet in `corners` (the raster's pixels), straightened, cropped and with its light evened. */
export function straighten(raster: Raster, corners: Corners, options: StraightenOptions = {}): Raster {
  const { width, height } = outputSize(corners, options.maxEdge ?? 2048);
  if (options.evenLight === false) return warp(raster, corners, width, height);
  const light = lightStats(width, height);
  return evenLight(warp(raster, corners, width, height, light), light);
}
