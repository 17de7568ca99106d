/**
 * On-device compression (architecture: capture to gallery, step 2). browser-image-compression runs
 * in a web worker that loads the library from /vendor/ (its default CDN is unreachable offline).
 * Long edge ≤ 2048 px, quality about 0.8, about 1 MB at most; WebP where the browser encodes it,
 * JPEG otherwise. Re-encoding drops EXIF and GPS and applies the orientation.
 */
import imageCompression from 'browser-image-compression';

const LIB_PATH = '/vendor/browser-image-compression.js';

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
    maxSizeMB: 1,
    maxWidthOrHeight: 2048,
    initialQuality: 0.8,
    fileType,
    useWebWorker: true,
    libURL: new URL(LIB_PATH, window.location.origin).href,
    onProgress,
  });
}

/** Compresses one photo; `onProgress` receives 0 to 100. */
export async function compressImage(file: File, onProgress: (percent: number) => void = () => {}): Promise<File> {
  const wanted = canEncodeWebp() ? 'image/webp' : 'image/jpeg';
  let result = await run(file, wanted, onProgress);
  // The encoder may silently fall back (Safari returns PNG for WebP): JPEG keeps the size small.
  if (result.type !== wanted && wanted === 'image/webp') {
    webpSupport = false;
    result = await run(file, 'image/jpeg', onProgress);
  }
  const type = result.type || 'image/jpeg';
  return new File([result], renamed(file, type), { type, lastModified: Date.now() });
}
