/**
 * On-device compression (architecture: capture to gallery, step 2). Long edge ≤ 2048 px, quality about 0.8, about
 * 1 MB at most, WebP; re-encoding drops EXIF and GPS and applies the orientation.
 * - Where the canvas encodes WebP (Chromium, Firefox): browser-image-compression, in a web worker that loads the
 *   library from /vendor/ (its default CDN is unreachable offline).
 * - Where it does not (WebKit: every iPhone browser; issue 28): the capture worker (./paper/client.ts) with libwebp in
 *   WebAssembly (./paper/encode.ts); JPEG from it as 2.5 to 3 times the bytes was what families sent before.
 * - If that worker fails too: browser-image-compression's JPEG.
 */
import imageCompression from 'browser-image-compression';

import { compressPhoto } from './paper/client';

const LIB_PATH = '/vendor/browser-image-compression.js';
const MAX_EDGE = 2048;
const QUALITY = 0.8;
const MAX_BYTES = 1024 * 1024;

/** Which way a photo is compressed (a test can answer for any engine). */
export type CompressWay = 'library-webp' | 'worker' | 'library-jpeg';

/** The canvas's own WebP first; then the worker's WebAssembly (WebKit); JPEG where neither can run. */
export function compressWay(engine: { canvasWebp: boolean; worker: boolean }): CompressWay {
  if (engine.canvasWebp) return 'library-webp';
  return engine.worker ? 'worker' : 'library-jpeg';
}

/** Whether the capture worker can run here: a module worker with OffscreenCanvas and WebAssembly. */
function workerCanCompress(): boolean {
  return typeof Worker === 'function' && typeof OffscreenCanvas === 'function' && typeof WebAssembly === 'object';
}

let webpSupport: boolean | null = null;

/** Whether this browser's canvas encodes WebP (Safari answers with PNG instead). */
function canEncodeWebp(): boolean {
  if (webpSupport === null) {
    try {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      webpSupport = canvas.toDataURL('image/webp').startsWith('data:image/webp');
    } catch {
      webpSupport = false;
    }
  }
  return webpSupport;
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

function renamed(file: File, type: string): string {
  const base = file.name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.${EXTENSIONS[type] ?? 'jpg'}`;
}

async function run(file: File, fileType: string, onProgress: (percent: number) => void): Promise<File> {
  return imageCompression(file, {
    maxSizeMB: MAX_BYTES / (1024 * 1024),
    maxWidthOrHeight: MAX_EDGE,
    initialQuality: QUALITY,
    fileType,
    useWebWorker: true,
    libURL: new URL(LIB_PATH, window.location.origin).href,
    onProgress,
  });
}

/** Compresses one photo; `onProgress` receives 0 to 100. */
export async function compressImage(file: File, onProgress: (percent: number) => void = () => {}): Promise<File> {
  const way = compressWay({ canvasWebp: canEncodeWebp(), worker: workerCanCompress() });
  let result: Blob | null = null;
  if (way === 'worker') {
    try {
      result = await compressPhoto(file, { maxEdge: MAX_EDGE, quality: QUALITY, maxBytes: MAX_BYTES });
      onProgress(100);
    } catch (error) {
      console.warn('Compression in the capture worker failed; JPEG instead', error);
    }
  }
  if (!result) {
    const wanted = way === 'library-webp' ? 'image/webp' : 'image/jpeg';
    result = await run(file, wanted, onProgress);
    // The encoder may silently fall back (Safari returns PNG for WebP): JPEG keeps the size small.
    if (result.type !== wanted && wanted === 'image/webp') {
      webpSupport = false;
      result = await run(file, 'image/jpeg', onProgress);
    }
  }
  const type = result.type || 'image/jpeg';
  return new File([result], renamed(file, type), { type, lastModified: Date.now() });
}
