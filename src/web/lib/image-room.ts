/**
 * How many more photos fit on the account's plan (works spec §5, §8; issue 28): the one rule capture's forms
 * (works) and the contest's upload form (contests) follow, online and offline alike. It counts what the server
 * last said the account holds (kept offline with the persisted queries, lib/query-persist), the images still
 * waiting in this device's upload queue for the account (lib/queue), and the new photos already in the work
 * being made. Pure: no React, no storage.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { M } from '@contract/messages';

export interface ImageRoomInput {
  /** The plan's image limit, or null for none (a paid plan). */
  limit: number | null;
  /** The account's images on the server, as last counted. */
  stored: number;
  /** Images waiting in this device's upload queue for the account (the work being edited there not counted). */
  queued: number;
  /** New photos already in this work (not yet queued, not yet on the server). */
  inWork: number;
  /** Photos just taken or chosen. */
  picked: number;
}

export interface ImageRoom {
  /** The account's images as the plan counts them now: stored, queued and those of this work. */
  used: number;
  /** Images left on the plan before this pick (never below 0); null without a limit. */
  left: number | null;
  /** How many of the picked photos to take: the first ones, as many as fit. */
  take: number;
  /** How many of the picked photos were left out for the plan's limit (the last ones). */
  leftOut: number;
  /** Nothing more fits after this pick: the camera and the library are closed, and the limit's notice shows. */
  full: boolean;
}

/** The room on the plan for `picked` new photos, given what the account already holds and waits to send. */
export function imageRoom({ limit, stored, queued, inWork, picked }: ImageRoomInput): ImageRoom {
  const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  const used = count(stored) + count(queued) + count(inWork);
  const wanted = count(picked);
  if (limit === null) return { used, left: null, take: wanted, leftOut: 0, full: false };
  const left = Math.max(0, limit - used);
  const take = Math.min(wanted, left);
  return { used, left, take, leftOut: wanted - take, full: used + take >= limit };
}

/**
 * What a pick is told when the plan's limit left photos out, or null when everything fit: with some taken, how
 * many and why the rest stayed out; with none, the spec's "Free plan allows up to 5 images total" with the count.
 */
export function leftOutMessage(i18n: I18n, room: ImageRoom): string | null {
  if (!room.leftOut) return null;
  if (!room.take) return i18n._(M.freePlanLimit.id, { count: room.used });
  const { take, leftOut } = room;
  const picked = take + leftOut;
  const text =
    leftOut === 1
      ? msg`Only ${take} of your ${picked} photos fit on the free plan, so the last one was left out. Ask a grown-up to upgrade for more room.`
      : msg`Only ${take} of your ${picked} photos fit on the free plan, so the last ${leftOut} were left out. Ask a grown-up to upgrade for more room.`;
  return i18n._(text);
}

/**
 * Whether the server refused a queued work for the plan's limit: a 400 on its images while the account, counted
 * again just after, has no room for them. (The refusal's text is the server's, in the request's language: the
 * count tells it apart from an image the server could not read.)
 */
export function isLimitRefusal(
  status: number,
  body: unknown,
  count: { total_images: number; limit: number | null } | null,
  images: number,
): boolean {
  if (status !== 400 || !count || count.limit === null) return false;
  if (!body || typeof body !== 'object' || !('images' in body)) return false;
  return imageRoom({ limit: count.limit, stored: count.total_images, queued: 0, inWork: 0, picked: images }).leftOut > 0;
}
