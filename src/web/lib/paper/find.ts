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

/**
 * The raster averaged down so that its long edge is at most `edge` (RGBA, each output pixel the plain mean of the
 * source pixels it covers: output column x covers source columns ⌊x·fx⌋ to ⌊(x+1)·fx⌋, fx = width / copy width).
 * A raster already small enough is returned as it is.
 */
export function detectionCopy(raster: Raster, edge: number = DETECT_EDGE): Raster {
  const { width, height, data } = raster;
  const long = Math.max(width, height);
  if (long <= edge) return raster;
  const w = Math.max(1, Math.round((width * edge) / long));
  const h = Math.max(1, Math.round((height * edge) / long));
  const fx = width / w;
  const fy = height / h;
  // Each source column's output column, and each output column's width in source pixels.
  const colOf = new Int32Array(width);
  const colCount = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    const x0 = Math.floor(x * fx);
    const x1 = x === w - 1 ? width : Math.floor((x + 1) * fx);
    for (let xx = x0; xx < x1; xx++) colOf[xx] = x;
    colCount[x] = x1 - x0;
  }
  const out = new Uint8ClampedArray(w * h * 4);
  const sums = new Uint32Array(w * 3);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = y === h - 1 ? height : Math.floor((y + 1) * fy);
    sums.fill(0);
    for (let yy = y0; yy < y1; yy++) {
      let i = yy * width * 4;
      for (let xx = 0; xx < width; xx++, i += 4) {
        const s = colOf[xx]! * 3;
        sums[s]! += data[i]!;
        sums[s + 1]! += data[i + 1]!;
        sums[s + 2]! += data[i + 2]!;
      }
    }
    const rows = y1 - y0;
    for (let x = 0, o = y * w * 4; x < w; x++, o += 4) {
      const n = colCount[x]! * rows;
      out[o] = sums[x * 3]! / n;
      out[o + 1] = sums[x * 3 + 1]! / n;
      out[o + 2] = sums[x * 3 + 2]! / n;
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
