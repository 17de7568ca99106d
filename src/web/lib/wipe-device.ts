/**
 * What leaves the device when, so a shared family phone never shows one account's works to the next.
 *
 * | event                                               | tokens   | query cache | upload queue | /media/ cache, shared files |
 * |-----------------------------------------------------|----------|-------------|--------------|-----------------------------|
 * | logout that leaves no token (wipeDevice)            | cleared  | cleared     | cleared      | cleared                     |
 * | account deletion (clearAll(true), then wipeDevice)  | cleared  | cleared     | cleared      | cleared                     |
 * | child-only logout, the parent stays (same family)   | child's  | cleared     | kept         | kept                        |
 * | a session expires (lib/http refresh refused)        | cleared  | cleared     | KEPT         | kept                        |
 *
 * The query cache follows the person (lib/query-persist watchSessionOwner). The upload queue holds
 * works that exist nowhere else: an expired session must never cost a child a drawing, so only the
 * user's own logout deletes it (the menu says how many works would go first).
 */
import { MEDIA_CACHE } from '@contract/offline';
import { clearQueryCache } from './query-persist';
import { clearQueue } from './queue';
import { useSession } from './session';
import { clearSharedFiles } from './shared-files';

async function deleteMediaCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(MEDIA_CACHE);
}

/**
 * Clears every store listed above, for a logout that leaves nobody logged in on this device. The
 * tokens and the query cache go synchronously (a navigation may follow at once); the promise settles
 * when IndexedDB and Cache Storage are empty too. A store that fails is logged, the rest still go.
 */
export async function wipeDevice(): Promise<void> {
  useSession.getState().clearAll();
  clearQueryCache();
  const results = await Promise.allSettled([clearQueue(), deleteMediaCache(), clearSharedFiles()]);
  for (const r of results) if (r.status === 'rejected') console.warn('Logout could not clear a store', r.reason);
}
