import { msg } from '@lingui/core/macro';

/** Entries are never queued (issue 12): offline, the entry modals say so instead of sending. */
export const ENTRY_NEEDS_NETWORK = msg`You're offline. Entering a contest needs an internet connection, and entries are not saved on this device to send later. Please try again when you're back online.`;

/** Upload and enter, offline: the entry waits for the network, and the photos and fields stay in the form meanwhile. */
export const UPLOAD_ENTRY_NEEDS_NETWORK = msg`You're offline. Entering a contest needs an internet connection, so this entry is not saved on this device to send later. Your photos and what you wrote stay here: tap Submit again once you're back online.`;
