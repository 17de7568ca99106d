import { msg } from '@lingui/core/macro';

/** Sign-ups and payments are never queued (issue 13): offline, their buttons are off with this reason, as likes are. */
export const PAYMENT_NEEDS_NETWORK = msg`You're offline. Signing up and paying need an internet connection, so try again when you're back online.`;

/** The class's video link is fetched (and e-mailed) by the server now. */
export const VIDEO_NEEDS_NETWORK = msg`You're offline. The class link can be opened again when you're back online.`;
