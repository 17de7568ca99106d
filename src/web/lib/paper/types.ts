/** A point in pixels: [x, y]. */
export type Point = [number, number];
/** The sheet's corners: top-left, top-right, bottom-right, bottom-left (in the photo's pixels after EXIF orientation). */
export type Corners = [Point, Point, Point, Point];

/** What findPaper answers. `found` false: no sheet was found and `corners` are the whole image's. */
export interface FoundPaper {
  corners: Corners;
  width: number;
  height: number;
  found: boolean;
}

/** An RGBA raster, 4 bytes a pixel, row by row (ImageData's layout; sharp's `.ensureAlpha().raw()`). */
export interface Raster {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/** Messages to the worker (paper.worker.ts). */
export type PaperRequest =
  /** `key`: the same number for the same photo, so that straightening reuses the decode of finding. */
  | { id: number; op: 'find'; photo: Blob; key?: number }
  | { id: number; op: 'straighten'; photo: Blob; corners: Corners; key?: number }
  /** A photo made smaller where the canvas cannot encode WebP (../compress.ts): long edge, quality 0–1, bytes at most. */
  | { id: number; op: 'compress'; photo: Blob; maxEdge: number; quality: number; maxBytes: number }
  /** The detector run on a made-up photo before the first real one (client.ts `warmPaper`); answered `runs`. */
  | { id: number; op: 'warm' };

/** The worker's answers; `ms`: where the time went, phase by phase (read by the bench). */
export type PaperResponse =
  | { id: number; ok: true; found: FoundPaper; ms?: Record<string, number> }
  | { id: number; ok: true; blob: Blob; ms?: Record<string, number> }
  | { id: number; ok: true; runs: number }
  | { id: number; ok: false; error: string };

/** The whole image as corners. */
export function wholeImage(width: number, height: number): Corners {
  return [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
}
