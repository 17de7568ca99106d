/**
 * The same engine everywhere (issue 29): the PWA's worker (paper.worker.ts) and `npm run detect-paper` both decode the
 * photo at full size and hand its pixels here; one area-average copy is made (`detectionCopy`), the detector
 * (detect.ts) runs on that copy, and its corners are scaled back to the photo's pixels. Before, the CLI detected on
 * the full-size pixels and the worker on a canvas-scaled copy, and one photo came out 0.66 % against 0.10 %.
 */
import { boxMeans } from './box';
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
  // Output column x ends where column x + 1 starts; the last ends at the edge.
  const ends = (n: number, f: number, size: number) =>
    Int32Array.from({ length: n }, (_, i) => (i === n - 1 ? size : Math.floor((i + 1) * f)));
  const xe = ends(w, fx, width);
  const ye = ends(h, fy, height);
  const out = new Uint8ClampedArray(w * h * 4);
  boxMeans(raster, { xe, ye }, out, null);
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
