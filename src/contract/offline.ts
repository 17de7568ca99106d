/**
 * Names the page and the service worker (src/sw) share. Not part of the REST API, but a contract all
 * the same: the SW writes what the page reads, and logout must find every store it has to clear.
 */

/** Runtime cache of same-origin /media/ images (CacheFirst in the SW). Cleared on logout. */
export const MEDIA_CACHE = 'lm-media';
/** How many /media/ responses the SW keeps, and for how long. */
export const MEDIA_CACHE_MAX_ENTRIES = 600;
export const MEDIA_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The manifest's share_target action: the SW answers this POST itself, offline too. */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field the manifest names for shared images. */
export const SHARE_TARGET_FIELD = 'photos';
/** Where the SW sends the user after a share, with the files parked for the capture page. */
export const SHARE_TARGET_REDIRECT = '/register-work?shared=1';
/** IndexedDB database and store where the SW parks shared files (ArrayBuffers) for /register-work. */
export const SHARED_FILES_DB = 'little-museum-share';
export const SHARED_FILES_STORE = 'files';

/** The message a page posts to a waiting SW to activate it (on the user's word). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** "Save for offline" fetches at most this many images per save: a phone's storage is shared with the photos it takes. */
export const SAVE_OFFLINE_CAP = 200;
