/**
 * The box filter of the paper engine (issue 29): an RGBA raster averaged over windows of source pixels, each output
 * pixel the plain mean of its window. One loop serves find.ts's `areaAverage` (the detector's 1024 px copy) and
 * detect.ts's `planes` (its float planes of a larger raster); each keeps its own windows and output.
 */
import type { Raster } from './types';

/**
 * Where each output column and row ends in the source: output column x covers source columns [xe[x - 1], xe[x])
 * (the first from 0), output row y the rows [ye[y - 1], ye[y]). Source pixels past the last end are not read.
 */
export interface Windows {
  xe: Int32Array;
  ye: Int32Array;
}

/** Float planes: red, green, blue and luminance (0.299 R + 0.587 G + 0.114 B), row by row. */
export interface FloatPlanes {
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  lum: Float32Array;
}

/**
 * The largest window `boxMeans` sums with two channels packed in one 32-bit integer: red and blue each stay below
 * 2^16 (257 × 255 < 65536), so neither carries into the other.
 */
const PACKED_MAX = 257;

/**
 * The mean of each window, written into `rgba` (RGBA bytes, opaque; the mean rounded as a Uint8ClampedArray rounds)
 * or, when that is null, into `planes` (the exact mean as a 32-bit float): the same numbers either way. One 32-bit
 * read a source pixel (RGBA bytes, little-endian as every engine that runs the PWA; a raster whose bytes do not
 * start on a 4-byte boundary, such as a Node Buffer from a pool, is copied first). The sums are whole numbers, exact
 * in any order: red and blue are summed together in one integer (`p & 0x00ff00ff`, while the window holds at most
 * PACKED_MAX pixels), green in another. Both outputs in this one function, no callback.
 */
export function boxMeans(raster: Raster, { xe, ye }: Windows, rgba: Uint8ClampedArray | null, planes: FloatPlanes | null): void {
  const { width, height } = raster;
  const w = xe.length;
  const h = ye.length;
  const bytes = raster.data.byteOffset % 4 ? new Uint8Array(raster.data) : raster.data;
  const px = new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
  let wide = 0;
  for (let x = 0; x < w; x++) wide = Math.max(wide, xe[x]! - (x ? xe[x - 1]! : 0));
  let tall = 0;
  for (let y = 0; y < h; y++) tall = Math.max(tall, ye[y]! - (y ? ye[y - 1]! : 0));
  const packed = wide * tall <= PACKED_MAX;
  // Each window's sums of red, green and blue, for one row of windows at a time.
  const sr = new Float64Array(w);
  const sg = new Float64Array(w);
  const sb = new Float64Array(w);
  // packed: each window's sums over its rows so far, red + blue << 16 in crb and green in cg.
  const crb = new Int32Array(packed ? w : 0);
  const cg = new Int32Array(packed ? w : 0);
  for (let y = 0; y < h; y++) {
    const y0 = y ? ye[y - 1]! : 0;
    const y1 = ye[y]!;
    if (packed) packedRow(px, width, y0, y1, xe, crb, cg, sr, sg, sb);
    else {
      sr.fill(0);
      sg.fill(0);
      sb.fill(0);
      for (let yy = y0; yy < y1; yy++) {
        const line = yy * width;
        for (let x = 0, k = line; x < w; x++) {
          let r = 0;
          let g = 0;
          let b = 0;
          for (const end = line + xe[x]!; k < end; k++) {
            const p = px[k]!;
            r += p & 255;
            g += (p >>> 8) & 255;
            b += (p >>> 16) & 255;
          }
          sr[x]! += r;
          sg[x]! += g;
          sb[x]! += b;
        }
      }
    }
    const rows = y1 - y0;
    if (rgba) {
      for (let x = 0, x0 = 0, o = y * w * 4; x < w; x++, o += 4) {
        const n = (xe[x]! - x0) * rows;
        x0 = xe[x]!;
        rgba[o] = sr[x]! / n;
        rgba[o + 1] = sg[x]! / n;
        rgba[o + 2] = sb[x]! / n;
        rgba[o + 3] = 255;
      }
    } else if (planes) {
      const { r, g, b, lum } = planes;
      for (let x = 0, x0 = 0, o = y * w; x < w; x++, o++) {
        const n = (xe[x]! - x0) * rows;
        x0 = xe[x]!;
        r[o] = sr[x]! / n;
        g[o] = sg[x]! / n;
        b[o] = sb[x]! / n;
        lum[o] = 0.299 * r[o]! + 0.587 * g[o]! + 0.114 * b[o]!;
      }
    }
  }
}

/**
 * One row of windows, packed (boxMeans): the source rows y0 to y1, two at a time, summed into their windows (a last
 * odd row alone), then the windows' sums out. A function of its own, called once a row of windows: the
 * engine optimizes it after a few rows rather than only once boxMeans has run long. Summing each window's few
 * pixels of two rows at once (not each source column first) is half the time in V8: half the loads and stores.
 */
function packedRow(
  px: Uint32Array,
  width: number,
  y0: number,
  y1: number,
  xe: Int32Array,
  crb: Int32Array,
  cg: Int32Array,
  sr: Float64Array,
  sg: Float64Array,
  sb: Float64Array,
): void {
  const w = xe.length;
  let yy = y0;
  for (; yy + 1 < y1; yy += 2) {
    const a = yy * width;
    const b = a + width;
    for (let x = 0, k = 0; x < w; x++) {
      let rb = 0;
      let g = 0;
      for (const end = xe[x]!; k < end; k++) {
        const p = px[a + k]!;
        const q = px[b + k]!;
        rb = (rb + (p & 0xff00ff) + (q & 0xff00ff)) | 0;
        g = (g + ((p >>> 8) & 255) + ((q >>> 8) & 255)) | 0;
      }
      crb[x] = (crb[x]! + rb) | 0;
      cg[x] = (cg[x]! + g) | 0;
    }
  }
  if (yy < y1) oddRow(px, yy * width, xe, crb, cg);
  for (let x = 0; x < w; x++) {
    const rb = crb[x]!;
    const g = cg[x]!;
    crb[x] = 0;
    cg[x] = 0;
    sr[x] = rb & 0xffff;
    sg[x] = g;
    sb[x] = rb >>> 16;
  }
}

/** A window row's last source row when it has an odd number of them (packedRow): summed alone into the windows. */
function oddRow(px: Uint32Array, a: number, xe: Int32Array, crb: Int32Array, cg: Int32Array): void {
  for (let x = 0, k = a; x < xe.length; x++) {
    let rb = 0;
    let g = 0;
    for (const end = a + xe[x]!; k < end; k++) {
      const p = px[k]!;
      rb = (rb + (p & 0xff00ff)) | 0;
      g = (g + ((p >>> 8) & 255)) | 0;
    }
    crb[x] = (crb[x]! + rb) | 0;
    cg[x] = (cg[x]! + g) | 0;
  }
}
