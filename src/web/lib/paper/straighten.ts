/**
 * Straightens the sheet (issue 15): pure code on an RGBA raster, used by the PWA's worker (paper.worker.ts).
 * The sheet's quad is warped to a rectangle (a homography, bilinear sampling), then its light is evened: each pixel is
 * divided by an estimate of the paper's illumination there (the bright, uncoloured pixels of each block, closed so
 * that strokes and filled shapes don't count, smoothed), so the paper comes out white, shadows and glare fade, and the
 * strokes keep their colours (all three channels are divided alike, relative to the paper's own colour).
 */
import { apply, homography } from './homography';
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

/** The quad warped to a rectangle (bilinear sampling; outside the photo, its nearest edge). */
export function warp(raster: Raster, corners: Corners, width: number, height: number): Raster {
  const rect: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const h = homography(rect, corners);
  const out = new Uint8ClampedArray(width * height * 4);
  if (!h) return { data: out, width, height };
  const { data, width: sw, height: sh } = raster;
  const maxX = sw - 1;
  const maxY = sh - 1;
  let o = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      const [u, v] = apply(h, x + 0.5, y + 0.5);
      const fx = Math.min(maxX, Math.max(0, u - 0.5));
      const fy = Math.min(maxY, Math.max(0, v - 0.5));
      const x0 = Math.min(maxX - 1, Math.floor(fx));
      const y0 = Math.min(maxY - 1, Math.floor(fy));
      const ax = fx - x0;
      const ay = fy - y0;
      const i00 = (y0 * sw + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + sw * 4;
      const i11 = i01 + 4;
      for (let c = 0; c < 3; c++) {
        const a = data[i00 + c]! + (data[i10 + c]! - data[i00 + c]!) * ax;
        const b = data[i01 + c]! + (data[i11 + c]! - data[i01 + c]!) * ax;
        out[o + c] = a + (b - a) * ay;
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** The paper's illumination per block of the raster: [gw, gh, r, g, b] planes of the grid. */
function illumination(raster: Raster, block: number) {
  const { data, width, height } = raster;
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const n = gw * gh;
  const lr = new Float32Array(n);
  const lg = new Float32Array(n);
  const lb = new Float32Array(n);
  const lum = new Float32Array(n);
  const hist = new Uint32Array(256);
  for (let by = 0; by < gh; by++) {
    for (let bx = 0; bx < gw; bx++) {
      hist.fill(0);
      const x0 = bx * block;
      const y0 = by * block;
      const x1 = Math.min(width, x0 + block);
      const y1 = Math.min(height, y0 + block);
      for (let y = y0; y < y1; y++) {
        for (let x = x0, i = (y * width + x0) * 4; x < x1; x++, i += 4) {
          hist[(data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8]!++;
        }
      }
      // The brightest tenth of the block: paper, unless the block is all drawing.
      const count = (x1 - x0) * (y1 - y0);
      let seen = 0;
      let t = 255;
      while (t > 0 && seen + hist[t]! < count * 0.1) seen += hist[t--]!;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let m = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0, i = (y * width + x0) * 4; x < x1; x++, i += 4) {
          if ((data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8 >= t) {
            sr += data[i]!;
            sg += data[i + 1]!;
            sb += data[i + 2]!;
            m++;
          }
        }
      }
      const k = by * gw + bx;
      lr[k] = sr / Math.max(1, m);
      lg[k] = sg / Math.max(1, m);
      lb[k] = sb / Math.max(1, m);
      lum[k] = 0.299 * lr[k]! + 0.587 * lg[k]! + 0.114 * lb[k]!;
    }
  }
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

/** Evens the light in place: the paper white, the strokes' colours kept. */
export function evenLight(raster: Raster): Raster {
  const { data, width, height } = raster;
  const block = Math.max(8, Math.round(Math.max(width, height) / 48));
  const { gw, gh, r, g, b } = illumination(raster, block);
  const planes = [r, g, b];
  // Bilinear in the grid of block centres.
  const rowA = new Int32Array(width);
  const rowB = new Int32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / block - 0.5));
    rowA[x] = Math.floor(gx);
    rowB[x] = Math.min(gw - 1, Math.floor(gx) + 1);
    fxs[x] = gx - Math.floor(gx);
  }
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a0 = y0 * gw + rowA[x]!;
      const a1 = y0 * gw + rowB[x]!;
      const b0 = y1 * gw + rowA[x]!;
      const b1 = y1 * gw + rowB[x]!;
      const fx = fxs[x]!;
      for (let c = 0; c < 3; c++) {
        const p = planes[c]!;
        const top = p[a0]! + (p[a1]! - p[a0]!) * fx;
        const bottom = p[b0]! + (p[b1]! - p[b0]!) * fx;
        const light = Math.max(16, top + (bottom - top) * fy);
        // The paper's own brightest tenth maps to white, a little above it.
        data[i + c] = Math.min(255, (data[i + c]! * 255 * 1.04) / light);
      }
    }
  }
  return raster;
}

/** The sheet in `corners` (the raster's pixels), straightened, cropped and with its light evened. */
export function straighten(raster: Raster, corners: Corners, options: StraightenOptions = {}): Raster {
  const { width, height } = outputSize(corners, options.maxEdge ?? 2048);
  const out = warp(raster, corners, width, height);
  return options.evenLight === false ? out : evenLight(out);
}
