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

/**
 * The means of each window, handed over a row at a time: `row(y, r, g, b)` with the output row's red, green and blue
 * means (exact: the sums are whole numbers, divided once). One 32-bit read a source pixel (RGBA bytes, little-endian
 * as every engine that runs the PWA; a raster whose bytes do not start on a 4-byte boundary, such as a Node Buffer
 * from a pool, is copied first);
 */
export function boxMeans(
  raster: Raster,
  { xe, ye }: Windows,
  row: (y: number, r: Float64Array, g: Float64Array, b: Float64Array) => void,
): void {
  const { width, height } = raster;
  const w = xe.length;
  const h = ye.length;
  const bytes = raster.data.byteOffset % 4 ? new Uint8Array(raster.data) : raster.data;
  const px = new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
  const sr = new Float64Array(w);
  const sg = new Float64Array(w);
  const sb = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    const y0 = y ? ye[y - 1]! : 0;
    const y1 = ye[y]!;
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
    const rows = y1 - y0;
    for (let x = 0; x < w; x++) {
      const n = (xe[x]! - (x ? xe[x - 1]! : 0)) * rows;
      sr[x]! /= n;
      sg[x]! /= n;
      sb[x]! /= n;
    }
    row(y, sr, sg, sb);
  }
}
