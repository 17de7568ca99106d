/// <reference lib="webworker" />
/**
 * The service worker (architecture: "Offline browsing"). Built by vite-plugin-pwa (injectManifest).
 * - Precaches the app shell: index.html, every JS/CSS chunk (the `en` and `ja` catalogs are chunks),
 *   the icons, the manifest and /vendor/browser-image-compression.js (the compression worker's library).
 * - Navigations get the precached index.html, except /api/ and /media/ (those always reach the network).
 * - Same-origin /media/ images: CacheFirst, with an entry cap, an age limit and a quota purge. The server streams
 *   them (200), or, with S3_PUBLIC_URL, redirects to a CDN or bucket on another origin: an <img>'s request then ends
 *   in an opaque answer (status 0), which is kept too (browsers count it at a padded size, so fewer fit).
 * - /api/ is never cached here: its cache keys would ignore the Authorization header, so two accounts
 *   on one device would share responses. Offline data comes from the page's persisted query cache.
 * - The manifest's share_target POST is answered here, offline too: the files are parked in IndexedDB
 *   and the user is sent to /register-work, which picks them up.
 * - A new version waits until the page asks it to take over (the user tapped Reload).
 */
import { createStore, set } from 'idb-keyval';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

import { LIMITS } from '@contract/limits';
import {
  MEDIA_CACHE,
  MEDIA_CACHE_MAX_AGE_SECONDS,
  MEDIA_CACHE_MAX_ENTRIES,
  SHARE_TARGET_FIELD,
  SHARE_TARGET_PATH,
  SHARE_TARGET_REDIRECT,
  SHARED_FILES_DB,
  SHARED_FILES_STORE,
  SKIP_WAITING,
} from '@contract/offline';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/media(\/|$)/, new RegExp(`^${SHARE_TARGET_PATH}`)],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      // 0: an opaque answer, which only a redirect of ours to the media's public address (S3_PUBLIC_URL) can give here.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: MEDIA_CACHE_MAX_ENTRIES,
        maxAgeSeconds: MEDIA_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

const sharedFiles = createStore(SHARED_FILES_DB, SHARED_FILES_STORE);

interface SharedFile {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** Parks the shared images (at most a work's worth) and sends the user to the capture page. */
async function receiveShare(request: Request): Promise<Response> {
  try {
    const form = await request.formData();
    const files = form
      .getAll(SHARE_TARGET_FIELD)
      .filter((f): f is File => f instanceof File && f.type.startsWith('image/'))
      .slice(0, LIMITS.maxImagesPerWork);
    const parked: SharedFile[] = await Promise.all(
      files.map(async (f) => ({ name: f.name || 'photo', type: f.type, bytes: await f.arrayBuffer() })),
    );
    await set('pending', { at: Date.now(), files: parked }, sharedFiles);
  } catch {
    // A share that cannot be read still opens the capture page, which then has nothing to add.
  }
  return Response.redirect(SHARE_TARGET_REDIRECT, 303);
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
  ({ request }) => receiveShare(request),
  'POST',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

/**
 * The family circle's notices (issue 32, server/domain/push.ts): the payload is the notice's words, already in the
 * reader's language, and the page it opens. A payload that is not ours shows nothing (a push with no notice is allowed
 * only so often before the browser shows one of its own, and ours always carry one).
 */
interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function noticeOf(data: PushMessageData | null): PushNotice | null {
  try {
    const n = data?.json() as Partial<PushNotice> | undefined;
    if (!n || typeof n.title !== 'string' || typeof n.body !== 'string' || typeof n.url !== 'string' || typeof n.tag !== 'string')
      return null;
    // Only a path of this app opens: never another site.
    if (!n.url.startsWith('/') || n.url.startsWith('//')) return null;
    return n as PushNotice;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const notice = noticeOf(event.data);
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: navigator.language,
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const url = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      // The app already open: it goes to the page; otherwise a window opens on it.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // Focused while the tap still counts; navigate() works only on a window this worker controls, else one opens.
      if (open) {
        await open.focus().catch(() => undefined);
        const moved = await open.navigate(url).then(
          (client) => client !== null,
          () => false,
        );
        if (moved) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
