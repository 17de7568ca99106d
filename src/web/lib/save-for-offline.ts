/**
 * "Save family gallery for offline": copies the thumbnails a gallery shows into the /media/ cache
 * (MEDIA_CACHE), so the wall has its pictures with no signal. When the service worker controls the
 * page, a plain fetch goes through its CacheFirst route, which stores the answer with its expiration
 * rules; without a worker (dev, or the very first visit) the page puts the answers there itself.
 */
import { MEDIA_CACHE, SAVE_OFFLINE_CAP } from '@contract/offline';

export { SAVE_OFFLINE_CAP } from '@contract/offline';
/** Requests at a time: quick on a good line, gentle on a weak one. */
const PARALLEL = 4;

export interface SaveProgress {
  done: number;
  total: number;
  failed: number;
}

async function saveOne(url: string, cache: Cache, signal: AbortSignal): Promise<boolean> {
  if (await cache.match(url)) return true;
  // no-cors: /media/ may redirect to the media's public address on another origin (S3_PUBLIC_URL), whose opaque
  // answer can be kept and shown but not read; a same-origin answer is read as usual.
  const response = await fetch(url, { mode: 'no-cors', credentials: 'same-origin', signal });
  if (response.type !== 'opaque' && response.status !== 200) return false;
  if (navigator.serviceWorker?.controller) {
    // The worker stores it; reading the body lets the download finish before we count it.
    await response.arrayBuffer();
  } else {
    await cache.put(url, response);
  }
  return true;
}

/**
 * Saves up to SAVE_OFFLINE_CAP of the given same-origin image URLs, reporting after each one.
 * Already-saved images count as saved at once. Resolves with the final count; rejects only when
 * Cache Storage itself is unavailable or the quota is full.
 */
export async function saveImagesForOffline(
  urls: readonly string[],
  onProgress: (progress: SaveProgress) => void,
  signal: AbortSignal,
): Promise<SaveProgress> {
  const queue = [...new Set(urls)].slice(0, SAVE_OFFLINE_CAP);
  const progress: SaveProgress = { done: 0, total: queue.length, failed: 0 };
  onProgress({ ...progress });
  const cache = await caches.open(MEDIA_CACHE);
  let next = 0;
  let fatal: unknown = null;
  const worker = async () => {
    while (next < queue.length && !signal.aborted && !fatal) {
      const url = queue[next++]!;
      try {
        if (!(await saveOne(url, cache, signal))) progress.failed += 1;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'QuotaExceededError') fatal = error;
        else if (!signal.aborted) progress.failed += 1;
      }
      progress.done += 1;
      if (!signal.aborted) onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  if (fatal) throw fatal;
  return progress;
}

/** Whether this browser can keep images for offline at all (Cache Storage needs a secure origin). */
export function canSaveForOffline(): boolean {
  return typeof caches !== 'undefined';
}
