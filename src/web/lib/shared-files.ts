/**
 * Photos shared into the app from another app (the manifest's share_target). The service worker
 * (src/sw/sw.ts) parks them in IndexedDB and opens /register-work; the capture page takes them from
 * here exactly once. They wait there if the user must log in first.
 */
import { createStore, del, get } from 'idb-keyval';

import { SHARED_FILES_DB, SHARED_FILES_STORE } from '@contract/offline';

interface Parked {
  at: number;
  files: { name: string; type: string; bytes: ArrayBuffer }[];
}

const KEY = 'pending';
let store: ReturnType<typeof createStore> | null = null;
const sharedStore = () => (store ??= createStore(SHARED_FILES_DB, SHARED_FILES_STORE));

let taking: Promise<File[]> | null = null;

/**
 * The parked shared photos as Files, removed from the store; none when nothing was shared. Calls
 * made while one is running share its answer (React's StrictMode mounts a page twice).
 */
export function takeSharedFiles(): Promise<File[]> {
  taking ??= take().finally(() => {
    taking = null;
  });
  return taking;
}

async function take(): Promise<File[]> {
  try {
    const parked = await get<Parked>(KEY, sharedStore());
    if (!parked) return [];
    await del(KEY, sharedStore());
    return parked.files.map((f) => new File([f.bytes], f.name, { type: f.type }));
  } catch (error) {
    console.warn('Could not read the shared photos', error);
    return [];
  }
}

/** Forgets parked shared photos (logout). */
export async function clearSharedFiles(): Promise<void> {
  await del(KEY, sharedStore()).catch(() => undefined);
}
