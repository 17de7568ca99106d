/**
 * The detectors a user would otherwise pick, for the paper bench (paper.bench.ts, issue 29), on OpenCV.js
 * (@techstark/opencv-js, a devDependency of the bench only: never imported by src/web):
 * - jscanify 1.4.3's own algorithm (github.com/ColonelParrot/jscanify, MIT, src/jscanify.js): `findPaperContour`
 *   (Canny 50/200 on the RGBA image, a 3×3 Gaussian blur, Otsu's threshold, RETR_CCOMP contours, the largest by area)
 *   and `getCornerPoints` (around the centre of the contour's minAreaRect, the farthest point in each quadrant),
 *   ported line by line;
 * - the classic recipe: grey, a 5×5 Gaussian blur, Canny 75/200, a 3×3 dilation, and the largest contour whose
 *   approxPolyDP (2 % of its perimeter) has four points and covers at least 1/20 of the photo.
 * Both answer null for "no sheet". They run on whatever raster they are given: the bench gives them the copy our own
 * detector sees (find.ts).
 */
import type { Corners, Raster } from '../../src/web/lib/paper/types';
import { orderCorners } from '../../src/web/lib/paper/homography';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenCV.js ships no usable types for its Emscripten module. */
type CV = any;

async function loadOpenCv(): Promise<{ cv: CV }> {
  const mod = (await import('@techstark/opencv-js')) as { default: CV };
  // The Emscripten module is a thenable that resolves to itself: never awaited nor returned from an async function
  // (that would await it), polled until its runtime is up.
  const cv = mod.default;
  const deadline = performance.now() + 60_000;
  while (!cv.Mat) {
    if (performance.now() > deadline) throw new Error('OpenCV.js did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { cv };
}

function mat(cv: CV, raster: Raster): CV {
  const m = new cv.Mat(raster.height, raster.width, cv.CV_8UC4);
  m.data.set(raster.data);
  return m;
}

export async function opencvDetectors(): Promise<{ jscanify: (r: Raster) => Corners | null; classic: (r: Raster) => Corners | null }> {
  const { cv } = await loadOpenCv();

  /** jscanify's findPaperContour + getCornerPoints. */
  function jscanify(raster: Raster): Corners | null {
    const img = mat(cv, raster);
    const imgGray = new cv.Mat();
    cv.Canny(img, imgGray, 50, 200);
    const imgBlur = new cv.Mat();
    cv.GaussianBlur(imgGray, imgBlur, new cv.Size(3, 3), 0, 0, cv.BORDER_DEFAULT);
    const imgThresh = new cv.Mat();
    cv.threshold(imgBlur, imgThresh, 0, 255, cv.THRESH_OTSU);
    const contours = new cv.MatVector();
    const hierarchy = new cv.Mat();
    cv.findContours(imgThresh, contours, hierarchy, cv.RETR_CCOMP, cv.CHAIN_APPROX_SIMPLE);
    let maxArea = 0;
    let maxContourIndex = -1;
    for (let i = 0; i < contours.size(); ++i) {
      const c = contours.get(i);
      const contourArea = cv.contourArea(c);
      c.delete();
      if (contourArea > maxArea) {
        maxArea = contourArea;
        maxContourIndex = i;
      }
    }
    let corners: Corners | null = null;
    if (maxContourIndex >= 0) {
      const contour = contours.get(maxContourIndex);
      // getCornerPoints
      const center = cv.minAreaRect(contour).center as { x: number; y: number };
      const best: ([number, number] | undefined)[] = [undefined, undefined, undefined, undefined];
      const bestDist = [0, 0, 0, 0];
      const pts = contour.data32S as Int32Array;
      for (let i = 0; i < pts.length; i += 2) {
        const x = pts[i]!;
        const y = pts[i + 1]!;
        const dist = Math.hypot(x - center.x, y - center.y);
        // TL, TR, BR, BL; a point on the centre's row or column counts nowhere, as in jscanify.
        const q =
          x < center.x && y < center.y
            ? 0
            : x > center.x && y < center.y
              ? 1
              : x > center.x && y > center.y
                ? 2
                : x < center.x && y > center.y
                  ? 3
                  : -1;
        if (q >= 0 && dist > bestDist[q]!) {
          best[q] = [x, y];
          bestDist[q] = dist;
        }
      }
      contour.delete();
      if (best.every((p) => p)) corners = best as Corners;
    }
    for (const m of [img, imgGray, imgBlur, imgThresh, contours, hierarchy]) m.delete();
    return corners;
  }

  /** The classic recipe. */
  function classic(raster: Raster): Corners | null {
    const img = mat(cv, raster);
    const gray = new cv.Mat();
    cv.cvtColor(img, gray, cv.COLOR_RGBA2GRAY);
    const blur = new cv.Mat();
    cv.GaussianBlur(gray, blur, new cv.Size(5, 5), 0, 0, cv.BORDER_DEFAULT);
    const edges = new cv.Mat();
    cv.Canny(blur, edges, 75, 200);
    const kernel = cv.Mat.ones(3, 3, cv.CV_8U);
    const dilated = new cv.Mat();
    cv.dilate(edges, dilated, kernel);
    const contours = new cv.MatVector();
    const hierarchy = new cv.Mat();
    cv.findContours(dilated, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const minArea = (raster.width * raster.height) / 20;
    let bestArea = minArea;
    let corners: Corners | null = null;
    for (let i = 0; i < contours.size(); ++i) {
      const c = contours.get(i);
      const area = cv.contourArea(c);
      if (area >= bestArea) {
        const approx = new cv.Mat();
        cv.approxPolyDP(c, approx, 0.02 * cv.arcLength(c, true), true);
        if (approx.rows === 4) {
          const p = approx.data32S as Int32Array;
          corners = orderCorners([
            [p[0]!, p[1]!],
            [p[2]!, p[3]!],
            [p[4]!, p[5]!],
            [p[6]!, p[7]!],
          ]);
          bestArea = area;
        }
        approx.delete();
      }
      c.delete();
    }
    for (const m of [img, gray, blur, edges, kernel, dilated, contours, hierarchy]) m.delete();
    return corners;
  }

  return { jscanify, classic };
}
