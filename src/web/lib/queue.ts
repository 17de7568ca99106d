/**
 * The upload queue (architecture: capture to gallery, steps 3 and 4).
 *
 * What it stores: IndexedDB database `little-museum-queue`, object store `uploads`, one record per
 * work waiting to be created, keyed by the item id. A record holds the form fields, the compressed
 * images as ArrayBuffers with their type and name (not Blobs: WebKit loses Blobs in IndexedDB), the
 * child profile it belongs to, an idempotency key (a UUID sent as `Idempotency-Key`, so a retry
 * never creates a second work), `createdAt`, `attempts`, `status` and `lastError`.
 *
 * When it deletes: a record is deleted only after the server answered 2xx for it, or when the user
 * discards it. A network error, a 5xx, a 409, a 429 or an uncured 401 keeps it for a later attempt; another
 * 4xx marks it `failed` (kept, with the server's reason) until the user retries, edits or discards it
 * (attemptOutcome in ./queue-sync.ts).
 *
 * Every record is written to IndexedDB before any network call. Sending lives in ./queue-sync.ts.
 */
import { clear, createStore, del, set, values } from 'idb-keyval';
import { create } from 'zustand';

import { askPersistentStorage } from './install';

export type QueueStatus = 'waiting' | 'uploading' | 'failed' | 'done';

export interface QueuedImage {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

export interface QueueFields {
  title: string;
  description: string;
  category: number | null;
  tags: number[];
  is_public: boolean;
  /** Shared with the family circle (issue 32): unsaid on a new work (the family's choice applies), said when editing. */
  is_circle?: boolean;
}

export interface QueueItem {
  id: string;
  idempotencyKey: string;
  profileId: number;
  /** Shown while the item waits for its own profile to be active. */
  profileName: string | null;
  fields: QueueFields;
  images: QueuedImage[];
  createdAt: number;
  attempts: number;
  status: QueueStatus;
  lastError: string | null;
  /** Set when the server refused it for the free plan's limit (it fits once a parent upgrades or a work goes). */
  refusal?: 'limit';
  /** Upload progress of the running attempt, 0 to 1 (not persisted). */
  progress: number;
  /** Not before this time (ms since epoch): the backoff after a failed attempt. */
  retryAt: number;
}

const store = createStore('little-museum-queue', 'uploads');

interface QueueState {
  items: QueueItem[];
  loaded: boolean;
}

export const useQueue = create<QueueState>()(() => ({ items: [], loaded: false }));

function put(item: QueueItem): void {
  useQueue.setState((s) => {
    const exists = s.items.some((i) => i.id === item.id);
    const items = exists ? s.items.map((i) => (i.id === item.id ? item : i)) : [...s.items, item];
    return { items: items.sort((a, b) => a.createdAt - b.createdAt) };
  });
}

export function queueItem(id: string): QueueItem | undefined {
  return useQueue.getState().items.find((i) => i.id === id);
}

/** Reads the stored items at start-up. An item left `uploading` by a closed page waits again. */
export async function loadQueue(): Promise<void> {
  try {
    const stored = await values<QueueItem>(store);
    const items = stored
      .map((item) => (item.status === 'uploading' ? { ...item, status: 'waiting' as const } : item))
      .map((item) => ({ ...item, progress: 0, retryAt: 0 }));
    useQueue.setState({ items: items.sort((a, b) => a.createdAt - b.createdAt), loaded: true });
  } catch (error) {
    console.warn('The upload queue could not be read', error);
    useQueue.setState({ loaded: true });
  }
}

export interface NewUpload {
  profileId: number;
  profileName: string | null;
  fields: QueueFields;
  images: QueuedImage[];
}

/** Writes a new item to IndexedDB (before any network call) and shows it. */
export async function addToQueue(upload: NewUpload): Promise<QueueItem> {
  const item: QueueItem = {
    ...upload,
    id: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    attempts: 0,
    status: 'waiting',
    lastError: null,
    progress: 0,
    retryAt: 0,
  };
  await set(item.id, item, store);
  put(item);
  // The queue now holds work that exists nowhere else: ask the browser to keep it (lib/install).
  askPersistentStorage();
  return item;
}

/** Replaces an item's content after an edit: a new idempotency key, since the payload changed. */
export async function replaceInQueue(id: string, upload: NewUpload): Promise<void> {
  const old = queueItem(id);
  if (!old) return;
  const item: QueueItem = {
    ...old,
    ...upload,
    idempotencyKey: crypto.randomUUID(),
    attempts: 0,
    status: 'waiting',
    lastError: null,
    refusal: undefined,
    progress: 0,
    retryAt: 0,
  };
  await set(item.id, item, store);
  put(item);
}

/** Changes an item; `persist: false` for transient changes such as progress. */
export async function updateQueueItem(id: string, patch: Partial<QueueItem>, persist = true): Promise<void> {
  const old = queueItem(id);
  if (!old) return;
  const item = { ...old, ...patch };
  put(item);
  if (persist) await set(item.id, item, store);
}

/** Deletes an item (after a 2xx, or when the user discards it). */
export async function removeFromQueue(id: string): Promise<void> {
  await del(id, store);
  useQueue.setState((s) => ({ items: s.items.filter((i) => i.id !== id) }));
}

/** After a 2xx: the record leaves IndexedDB at once (the item stays in view until markDone). */
export async function forgetStored(id: string): Promise<void> {
  await del(id, store);
}

/**
 * Deletes every queued item, stored and shown: only when logout leaves no session on the device
 * (lib/wipe-device.ts). An upload still running finds its item gone and stops there.
 */
export async function clearQueue(): Promise<void> {
  useQueue.setState({ items: [] });
  await clear(store);
}

/** The item shows as done for a moment, then leaves the view too. */
export function markDone(id: string): void {
  const old = queueItem(id);
  if (old) put({ ...old, status: 'done', progress: 1, lastError: null });
  window.setTimeout(() => {
    useQueue.setState((s) => ({ items: s.items.filter((i) => i.id !== id) }));
  }, 4000);
}

/**
 * Images still to be created on the server: they count toward the free plan beside the server's count
 * (lib/image-room), offline too. A work the server refused for the limit is not counted until it is tried again:
 * it is not on its way, and counting it would say the family has more images than it does.
 */
export function queuedImageCount(items: QueueItem[], exceptId?: string): number {
  return items
    .filter((i) => i.status !== 'done' && i.id !== exceptId && !(i.status === 'failed' && i.refusal === 'limit'))
    .reduce((sum, i) => sum + i.images.length, 0);
}
