/**
 * The paper, found and straightened on the phone (issue 15): the capture page's API. All the work runs in one
 * module worker (paper.worker.ts), spawned on the first call: the capture page's `warmPaper` when it opens. Nothing here
 * loads before a capture page imports it.
 */
import type { Corners, FoundPaper, PaperRequest, PaperResponse } from './types';

export type { Corners, FoundPaper, Point } from './types';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (r: PaperResponse) => void; reject: (e: Error) => void }>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
  worker?.terminate();
  worker = null;
}

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./paper.worker.ts', import.meta.url), { type: 'module', name: 'paper' });
    worker.onmessage = (event: MessageEvent<PaperResponse>) => {
      const p = pending.get(event.data.id);
      if (!p) return;
      pending.delete(event.data.id);
      p.resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(new Error(event.message || 'paper worker failed'));
    };
  }
  return worker;
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** A number per photo: the worker keeps the last photo it decoded and straightens it without decoding it again. */
const photoKeys = new WeakMap<Blob, number>();
let nextKey = 1;
function keyOf(photo: Blob): number {
  let key = photoKeys.get(photo);
  if (key === undefined) photoKeys.set(photo, (key = nextKey++));
  return key;
}

/** A request without its id (Omit over each member of the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

function call(request: Unnumbered<PaperRequest>, signal?: AbortSignal): Promise<PaperResponse> {
  if (signal?.aborted) return Promise.reject(abortError());
  const id = nextId++;
  return new Promise<PaperResponse>((resolve, reject) => {
    const onAbort = () => {
      // The worker finishes its job; its answer is dropped.
      pending.delete(id);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.set(id, {
      resolve: (r) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(r);
      },
      reject: (e) => {
        signal?.removeEventListener('abort', onAbort);
        reject(e);
      },
    });
    getWorker().postMessage({ ...request, id } as PaperRequest);
  });
}

/**
 * Readies the worker before the first photo (the capture page calls it when it opens): a fresh worker's first find
 * is several times slower than the next ones (paper.worker.ts `warm`). Never throws; a real request does not wait
 * for it to finish.
 */
export function warmPaper(): void {
  if (typeof Worker !== 'function') return;
  call({ op: 'warm' }).catch(() => undefined);
}

/** Finds the sheet of paper in a photo. Never rejects for a photo without paper: `found` is false then. */
export async function findPaper(photo: Blob, signal?: AbortSignal): Promise<FoundPaper> {
  const r = await call({ op: 'find', photo, key: keyOf(photo) }, signal);
  if (!r.ok) throw new Error(r.error);
  if (!('found' in r)) throw new Error('paper worker: unexpected answer');
  return r.found;
}

/**
 * The photo with its perspective corrected, cropped to the sheet and its light evened (the paper white, the drawing's
 * colours kept): a JPEG of high quality, long edge at most 2048 px, for the photo list to compress like any photo.
 */
export async function straightenPhoto(photo: Blob, corners: Corners, signal?: AbortSignal): Promise<Blob> {
  const r = await call({ op: 'straighten', photo, corners, key: keyOf(photo) }, signal);
  if (!r.ok) throw new Error(r.error);
  if (!('blob' in r)) throw new Error('paper worker: unexpected answer');
  return r.blob;
}

/**
 * The photo made smaller in the worker, for an engine whose canvas cannot encode WebP (../compress.ts): WebP through
 * WebAssembly there (./encode.ts), JPEG if that fails. Long edge at most `maxEdge`, orientation applied, no metadata.
 */
export async function compressPhoto(photo: Blob, options: { maxEdge: number; quality: number; maxBytes: number }): Promise<Blob> {
  const r = await call({ op: 'compress', photo, ...options });
  if (!r.ok) throw new Error(r.error);
  if (!('blob' in r)) throw new Error('paper worker: unexpected answer');
  return r.blob;
}
