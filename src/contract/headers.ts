/** Headers and cookies of the API (its paths are in ./endpoints.ts). */
/** CSRF: the server sets this cookie; the PWA echoes it in this header on writes. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** Upload queue: makes POST /api/artworks/ exactly-once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
