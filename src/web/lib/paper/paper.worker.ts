/// <reference lib="webworker" />
/**
 * The paper worker (client.ts): decodes the photo (EXIF orientation applied), finds the sheet (detect.ts) and
 * straightens it (straighten.ts). createImageBitmap and OffscreenCanvas only: no DOM here.
 */
import { detectPaper } from './detect';
import { straighten } from './straighten';
import type { Corners, PaperRequest, PaperResponse, Raster } from './types';
import { wholeImage } from './types';

/** The long edge the detector works at. */
const DETECT_EDGE = 1024;
/** The straightened picture's long edge, at most. */
const OUT_EDGE = 2048;

interface WorkerScope {
  onmessage: ((event: MessageEvent<PaperRequest>) => void) | null;
  postMessage(message: PaperResponse): void;
}
const scope = self as unknown as WorkerScope;

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

async function find(photo: Blob) {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, DETECT_EDGE / Math.max(width, height));
    const small = rasterAt(bitmap, scale);
    const corners = detectPaper(small);
    if (!corners) return { corners: wholeImage(width, height), width, height, found: false };
    const sx = width / small.width;
    const sy = height / small.height;
    const scaled = corners.map(([x, y]) => [x * sx, y * sy]) as Corners;
    return { corners: scaled, width, height, found: true };
  } finally {
    bitmap.close();
  }
}

let webp: boolean | null = null;

async function encode(raster: Raster): Promise<Blob> {
  const canvas = new OffscreenCanvas(raster.width, raster.height);
  const ctx = context(canvas);
  const data = new Uint8ClampedArray(raster.data.buffer as ArrayBuffer, raster.data.byteOffset, raster.data.byteLength);
  ctx.putImageData(new ImageData(data, raster.width, raster.height), 0, 0);
  if (webp !== false) {
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
    webp = blob.type === 'image/webp';
    if (webp) return blob;
  }
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.88 });
}

function side(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
}

async function straightenBlob(photo: Blob, corners: Corners): Promise<Blob> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    // Read the photo at about the output's resolution: the warp samples it bilinearly.
    const [tl, tr, br, bl] = corners;
    const quadLong = Math.max(side(tl, tr), side(bl, br), side(tl, bl), side(tr, br));
    const scale = Math.min(1, (OUT_EDGE * 1.25) / Math.max(1, quadLong));
    const source = rasterAt(bitmap, scale);
    const scaled = corners.map(([x, y]) => [x * (source.width / bitmap.width), y * (source.height / bitmap.height)]) as Corners;
    return await encode(straighten(source, scaled, { maxEdge: OUT_EDGE }));
  } finally {
    bitmap.close();
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  const work =
    request.op === 'find'
      ? find(request.photo).then((found): PaperResponse => ({ id: request.id, ok: true, found }))
      : straightenBlob(request.photo, request.corners).then((blob): PaperResponse => ({ id: request.id, ok: true, blob }));
  work
    .catch((e: unknown): PaperResponse => ({ id: request.id, ok: false, error: e instanceof Error ? e.message : String(e) }))
    .then((answer) => scope.postMessage(answer));
};
