/**
 * The same engine everywhere (issue 29): the PWA's worker (paper.worker.ts) and `npm run detect-paper` both decode the
 * photo at full size and hand its pixels here; one area-average copy is made (`detectionCopy`), the detector
 * (detect.ts) runs on that copy, and its corners are scaled back to the photo's pixels. Before, the CLI detected on
 * the full-size pixels and the worker on a canvas-scaled copy, and one photo came out 0.66 % against 0.10 %.
 */
import { detectPaper } from './detect';
import type { Corners, FoundPaper, Raster } from './types';
import { wholeImage } from './types';

/** The long edge of the copy the detector works on. */
export const DETECT_EDGE = 1024;

/** The copy the detector works on: the photo averaged down to a long edge of `DETECT_EDGE` (`areaAverage`). */
export function detectionCopy(raster: Raster): Raster {
  return areaAverage(raster, DETECT_EDGE);
}

/**
 * The raster averaged down so that its long edge is at most `edge` (RGBA, each output pixel the plain mean of the
 * source pixels it covers: output column x covers source columns ⌊x·fx⌋ to ⌊(x+1)·fx⌋, fx = width / copy width).
 * A raster already small enough is returned as it is. Also the straightening's source (paper.worker.ts).
 */
export function areaAverage(raster: Raster, edge: number): Raster {
  const { width, height } = raster;
  const long = Math.max(width, height);
  if (long <= edge) return raster;
  const w = Math.max(1, Math.round((width * edge) / long));
  const h = Math.max(1, Math.round((height * edge) / long));
  const fx = width / w;
  const fy = height / h;
  // One 32-bit read a pixel (RGBA bytes, little-endian as every engine that runs the PWA); a raster whose bytes do
  // not start on a 4-byte boundary (a Node Buffer from a pool) is copied first.
  const bytes = raster.data.byteOffset % 4 ? new Uint8Array(raster.data) : raster.data;
  const px = new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
  // Where each output column ends, in source columns.
  const colEnd = new Int32Array(w);
  for (let x = 0; x < w; x++) colEnd[x] = x === w - 1 ? width : Math.floor((x + 1) * fx);
  const out = new Uint8ClampedArray(w * h * 4);
  const sr = new Float64Array(w);
  const sg = new Float64Array(w);
  const sb = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = y === h - 1 ? height : Math.floor((y + 1) * fy);
    sr.fill(0);
    sg.fill(0);
    sb.fill(0);
    for (let yy = y0; yy < y1; yy++) {
      const row = yy * width;
      for (let x = 0, k = row; x < w; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (const end = row + colEnd[x]!; k < end; k++) {
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
    for (let x = 0, x0 = 0, o = y * w * 4; x < w; x++, o += 4) {
      const n = (colEnd[x]! - x0) * rows;
      x0 = colEnd[x]!;
      out[o] = sr[x]! / n;
      out[o + 1] = sg[x]! / n;
      out[o + 2] = sb[x]! / n;
      out[o + 3] = 255;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * Finds the sheet in a full-size photo (RGBA, orientation applied): the detector on `detectionCopy`, its corners in
 * the photo's pixels (`lap`, if given, is called once the copy is made: the worker times its phases). `found` false ("no sheet, or not sure"): the whole photo's corners.
 */
export function findPaperIn(photo: Raster, lap?: (phase: string) => void): FoundPaper {
  const { width, height } = photo;
  const copy = detectionCopy(photo);
  lap?.('copy');
  const corners = detectPaper(copy);
  if (!corners) return { corners: wholeImage(width, height), width, height, found: false };
  const sx = width / copy.width;
  const sy = height / copy.height;
  return { corners: corners.map(([x, y]) => [x * sx, y * sy]) as Corners, width, height, found: true };
}
