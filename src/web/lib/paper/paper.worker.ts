/// <reference lib="webworker" />
/**
 * The paper worker (client.ts): decodes the photo (EXIF orientation applied), finds the sheet (detect.ts) and
 * straightens it (straighten.ts); where the canvas cannot encode WebP, it also makes photos smaller (../compress.ts,
 * encoded by ./encode.ts). createImageBitmap and OffscreenCanvas only: no DOM here.
 */
import { engineProbe, pictureEncoder } from './encode';
import { areaAverage, findPaperIn } from './find';
import { evenLight, lightStats, outputSize, warp } from './straighten';
import type { Corners, PaperRequest, PaperResponse, Raster } from './types';

/** The straightened picture's long edge, at most. */
const OUT_EDGE = 2048;
/** The straightened picture's JPEG quality: high, since the photo list compresses it again (straightenBlob). */
const STRAIGHTENED_JPEG_QUALITY = 0.92;

interface WorkerScope {
  onmessage: ((event: MessageEvent<PaperRequest>) => void) | null;
  postMessage(message: PaperResponse): void;
}
const scope = self as unknown as WorkerScope;

/** Where the time of the current request went, phase by phase, in ms (answered with it, for the bench). */
let phases: Record<string, number> = {};
let lapStart = 0;
function lap(phase: string): void {
  const now = performance.now();
  phases[phase] = Math.round((now - lapStart) * 10) / 10;
  lapStart = now;
}

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d context');
  return ctx;
}

/** The bitmap drawn at `scale` (at most 1), as a raster. */
function rasterAt(bitmap: ImageBitmap, scale: number): Raster {
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = context(canvas);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

/**
 * The last photo found, its full-size pixels kept for straightening it (the capture page finds, then straightens the
 * same photo): let go once straightened, when another photo comes, or after two idle minutes.
 */
let kept: { key: number; pixels: Raster; timer: ReturnType<typeof setTimeout> } | null = null;
/** Lets the kept photo go; its pixels are returned, for `recycle` once nothing reads them any more. */
function letGo(): Raster | null {
  if (!kept) return null;
  clearTimeout(kept.timer);
  const { pixels } = kept;
  kept = null;
  return pixels;
}

/**
 * One full-size pixel buffer that nothing reads any more, for the next photo of the same size (a phone's photos
 * are): a fresh 48 MB buffer for a 12 MP photo is zeroed page by page as it is first written, about 35 ms of the
 * copy out of the decoded photo, which a buffer written before does not pay. Dropped after half a minute unused
 * (the next photo of a work comes sooner; a phone should not keep 48 MB for a page that is done capturing).
 */
const SPARE_MS = 30_000;
let spare: { data: Uint8ClampedArray; timer: ReturnType<typeof setTimeout> } | null = null;
function recycle(raster: Raster | null): void {
  if (!raster || !(raster.data instanceof Uint8ClampedArray) || raster instanceof ImageData) return;
  if (spare) clearTimeout(spare.timer);
  spare = { data: raster.data, timer: setTimeout(() => (spare = null), SPARE_MS) };
}
function buffer(bytes: number): Uint8ClampedArray {
  const reused = spare?.data.length === bytes ? spare.data : null;
  if (!reused) return new Uint8ClampedArray(bytes);
  clearTimeout(spare!.timer);
  spare = null;
  return reused;
}

/**
 * Whether VideoFrame.copyTo honours `format: 'RGBA'`. An engine that predates the option ignores it and copies the
 * frame's own layout (often BGRA, one plane of the same size): red and blue would swap in the straightened picture.
 * A blue 1×1 BGRA frame must come out as blue RGBA. Asked once.
 */
let rgbaCopies: Promise<boolean> | null = null;
function convertsToRgba(): Promise<boolean> {
  rgbaCopies ??= (async () => {
    let frame: VideoFrame | null = null;
    try {
      // B, G, R, A: pure blue.
      frame = new VideoFrame(new Uint8Array([255, 0, 0, 255]), { format: 'BGRA', codedWidth: 1, codedHeight: 1, timestamp: 0 });
      const out = new Uint8Array(4);
      await frame.copyTo(out, { format: 'RGBA', colorSpace: 'srgb' });
      return out[0]! < 64 && out[2]! > 192 && out[3] === 255;
    } catch {
      return false;
    } finally {
      frame?.close();
    }
  })();
  return rgbaCopies;
}

/**
 * The bitmap's pixels as RGBA through a VideoFrame, where the engine can copy one out as RGBA (about twice as fast
 * as drawing a 12 MP canvas and reading it back, in Chromium); null where it cannot.
 */
async function framePixels(bitmap: ImageBitmap): Promise<Raster | null> {
  if (typeof VideoFrame !== 'function' || !(await convertsToRgba())) return null;
  let frame: VideoFrame | null = null;
  let data: Uint8ClampedArray | undefined;
  try {
    frame = new VideoFrame(bitmap, { timestamp: 0 });
    const { width, height } = bitmap;
    if (frame.displayWidth !== width || frame.displayHeight !== height) return null;
    data = buffer(width * height * 4);
    const layout = await frame.copyTo(data, { format: 'RGBA', colorSpace: 'srgb' });
    if (layout.length === 1 && layout[0]!.offset === 0 && layout[0]!.stride === width * 4) return { data, width, height };
    recycle({ data, width, height });
    return null;
  } catch {
    if (data) recycle({ data, width: bitmap.width, height: bitmap.height });
    return null;
  } finally {
    frame?.close();
  }
}

/** The photo's full-size pixels (EXIF orientation applied), as `npm run detect-paper` reads them. */
async function fullSize(photo: Blob): Promise<Raster> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  lap('decode');
  try {
    return (await framePixels(bitmap)) ?? rasterAt(bitmap, 1);
  } finally {
    bitmap.close();
  }
}

async function find(photo: Blob, key: number | undefined) {
  recycle(letGo());
  const pixels = await fullSize(photo);
  lap('pixels');
  if (key !== undefined) kept = { key, pixels, timer: setTimeout(letGo, 120_000) };
  // The copy the detector sees is made by our own code (find.ts), as in the CLI.
  const found = findPaperIn(pixels, lap);
  lap('detect');
  if (key === undefined) recycle(pixels);
  return found;
}

function canvasBlob(image: ImageData, type: string, quality: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  context(canvas).putImageData(image, 0, 0);
  return canvas.convertToBlob({ type, quality });
}

const pictures = pictureEncoder(engineProbe, canvasBlob);

function imageData(raster: Raster): ImageData {
  if (raster instanceof ImageData) return raster;
  const data = new Uint8ClampedArray(raster.data.buffer as ArrayBuffer, raster.data.byteOffset, raster.data.byteLength);
  return new ImageData(data, raster.width, raster.height);
}

function side(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
}

async function straightenBlob(photo: Blob, corners: Corners, key: number | undefined): Promise<Blob> {
  // The pixels finding read, when they are this photo's.
  let full: Raster;
  if (key !== undefined && kept?.key === key) {
    full = kept.pixels;
    letGo();
  } else {
    recycle(letGo());
    full = await fullSize(photo);
  }
  // The warp samples bilinearly. A sheet more than twice the output's size in the photo (a photo larger than 12 MP,
  // or a sheet filling one) is first averaged down to about 1.25 times it (our own code, as the detector's copy);
  // otherwise the warp reads the photo's own pixels: averaging a 12 MP photo costs more than the warp itself.
  const [tl, tr, br, bl] = corners;
  const quadLong = Math.max(side(tl, tr), side(bl, br), side(tl, bl), side(tr, br));
  const scale = quadLong > OUT_EDGE * 2 ? (OUT_EDGE * 1.25) / quadLong : 1;
  const source = areaAverage(full, Math.round(Math.max(full.width, full.height) * scale));
  const scaled = corners.map(([x, y]) => [x * (source.width / full.width), y * (source.height / full.height)]) as Corners;
  lap('pixels');
  // straighten() of straighten.ts, phase by phase (the warp gathers the light's statistics as it writes).
  const { width, height } = outputSize(scaled, OUT_EDGE);
  const light = lightStats(width, height);
  const warped = warp(source, scaled, width, height, light);
  // Nothing reads the photo's pixels after the warp (and no await came between taking them and here).
  recycle(full);
  lap('warp');
  evenLight(warped, light);
  lap('light');
  // Not the picture that is uploaded: the photo list compresses every photo it gets, a straightened one too
  // (use-photo-list.ts `replace`, compress.ts: WebP, about 0.8), so WebP here was made twice. A JPEG this good is
  // encoded in a fraction of WebP's time (a quarter in Chromium; on an iPhone WebP is libwebp in WebAssembly), and
  // the one WebP is made once, from it.
  const blob = await canvasBlob(imageData(warped), 'image/jpeg', STRAIGHTENED_JPEG_QUALITY);
  lap('encode');
  return blob;
}

/** The photo at most `maxEdge` long (orientation applied, metadata gone), encoded at most `maxBytes` if it can be. */
async function compress(photo: Blob, maxEdge: number, quality: number, maxBytes: number): Promise<Blob> {
  recycle(letGo());
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  let image: ImageData;
  try {
    image = imageData(rasterAt(bitmap, Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height))));
  } finally {
    bitmap.close();
  }
  let blob = await pictures.encode(image, quality);
  // As browser-image-compression does on the other path: lower the quality until it fits, a few times at most.
  for (let q = quality - 0.15; blob.size > maxBytes && q >= 0.5; q -= 0.15) blob = await pictures.encode(image, q);
  return blob;
}

/**
 * The detector made ready before the first photo. A fresh worker runs the detector's loops unoptimised at first: in
 * Node, on the bench's 1024 px copies, its first run took about 300 ms, its second 200, its third 110, and from the
 * fourth on 60-70. The capture page asks for this when it opens (client.ts `warmPaper`), while the child frames the
 * drawing: the detector runs on a made-up photo (a light sheet with a few strokes, tilted, on a darker grainy table),
 * one run a task, up to `WARM_RUNS` times, and stops as soon as a real request comes (which waits for one run at
 * most). Once per worker, and not after a real request. Answers how many runs it made.
 */
const WARM_RUNS = 4;
/** Real requests so far: the warm-up stops at the first. */
let requests = 0;
/** Whether a warm-up has started: a worker is readied once (the capture page may open again); later ones make 0 runs. */
let warming = false;
async function warm(): Promise<number> {
  if (warming || requests > 0) return 0;
  warming = true;
  const photo = madeUpPhoto(800, 600);
  let runs = 0;
  while (runs < WARM_RUNS && requests === 0) {
    findPaperIn(photo);
    runs++;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return runs;
}

/** A light sheet (about 70 % of the height, tilted) with dark strokes on a brown, grainy table: RGBA. */
function madeUpPhoto(width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  // Tilted by 0.14 rad.
  const [cos, sin] = [Math.cos(0.14), Math.sin(0.14)];
  const [cx, cy, hw, hh] = [width / 2, height / 2, height * 0.26, height * 0.36];
  let seed = 7;
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      seed = (Math.imul(seed, 1103515245) + 12345) | 0;
      const grain = ((seed >>> 16) & 31) - 16;
      // The pixel in the sheet's own axes.
      const u = (x - cx) * cos + (y - cy) * sin;
      const v = (y - cy) * cos - (x - cx) * sin;
      const sheet = Math.abs(u) < hw && Math.abs(v) < hh;
      const stroke = sheet && Math.abs(v - hh * 0.5 * Math.sin(u / 40)) < 3;
      const base = stroke ? 40 : sheet ? 228 : 110 + (y * 30) / height;
      data[o] = base + grain / 4 + (sheet ? 0 : 25);
      data[o + 1] = base + grain / 4;
      data[o + 2] = base + grain / 4 - (sheet ? 0 : 30);
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.op === 'warm') {
    void warm()
      .catch(() => 0)
      .then((runs) => scope.postMessage({ id: request.id, ok: true, runs }));
    return;
  }
  requests++;
  phases = {};
  lapStart = performance.now();
  const blobAnswer = (blob: Blob): PaperResponse => ({ id: request.id, ok: true, blob, ms: phases });
  const work =
    request.op === 'find'
      ? find(request.photo, request.key).then((found): PaperResponse => ({ id: request.id, ok: true, found, ms: phases }))
      : request.op === 'straighten'
        ? straightenBlob(request.photo, request.corners, request.key).then(blobAnswer)
        : compress(request.photo, request.maxEdge, request.quality, request.maxBytes).then(blobAnswer);
  work
    .catch((e: unknown): PaperResponse => ({ id: request.id, ok: false, error: e instanceof Error ? e.message : String(e) }))
    .then((answer) => scope.postMessage(answer));
};
