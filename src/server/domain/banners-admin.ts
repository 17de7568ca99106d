/**
 * The landing page's sponsor banners as the super admin manages them (issue 12): advertisements of add_type
 * 'banner', listed whether running or not, in the landing's order (sort_order, then id). A banner runs from its
 * first day's start to its last day's end, Japan time: starts_at is that day at 00:00 +09:00 and ends_at the day
 * after the last at 00:00 +09:00 (exclusive), which is how ./advertisements.ts picks the running ones. The image is
 * re-encoded as a work's is (WebP, no metadata); a replaced or deleted one is removed after the commit through
 * file_deletions, so a failed delete is retried.
 */
import { randomBytes } from 'node:crypto';

import { and, asc, eq } from 'drizzle-orm';

import type { AdminBanner } from '@contract/console';
import { M } from '@contract/messages';
import { ImageRejected, makeWorkImages, type ImageSource } from '../adapters/images';
import { advertisements, type AdvertisementRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { safeLink } from './advertisements';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';
import { adoptPending, discardPending, putPending } from './pending-files';

export const BANNER_TYPE = 'banner';

const DAY_MS = 24 * 60 * 60 * 1000;
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 00:00 of a YYYY-MM-DD day in Japan (UTC+9, no daylight saving). */
export const japanDayStart = (day: string): Date => new Date(`${day}T00:00:00+09:00`);
/** The Japan day (YYYY-MM-DD) that holds the instant. */
export const japanDayOf = (at: Date): string => new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);

export interface BannerInput {
  name: string;
  url: string | null;
  starts_on: string | null;
  ends_on: string | null;
  sort_order: number;
}

function toView(deps: AppDeps, row: AdvertisementRow, now: Date): AdminBanner {
  return {
    id: row.id,
    name: row.name,
    banner_image: deps.storage.url(row.imageKey),
    url: row.linkUrl,
    starts_on: row.startsAt ? japanDayOf(row.startsAt) : null,
    // The exclusive end is the next day's start: the last day is the one holding the instant before it.
    ends_on: row.endsAt ? japanDayOf(new Date(row.endsAt.getTime() - 1)) : null,
    sort_order: row.sortOrder,
    active: (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now),
  };
}

export async function listBanners(deps: AppDeps): Promise<{ results: AdminBanner[] }> {
  const now = deps.clock();
  const rows = await deps.db
    .select()
    .from(advertisements)
    .where(eq(advertisements.addType, BANNER_TYPE))
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  return { results: rows.map((r) => toView(deps, r, now)) };
}

/** The row's columns from the form; a link the landing would not open is refused here rather than hidden there. */
function columns(input: BannerInput) {
  if (input.url !== null && safeLink(input.url) === null) throw ValidationError.of('url', M.bannerUrlInvalid.id);
  return {
    name: input.name,
    linkUrl: input.url,
    startsAt: input.starts_on ? japanDayStart(input.starts_on) : null,
    endsAt: input.ends_on ? new Date(japanDayStart(input.ends_on).getTime() + DAY_MS) : null,
    sortOrder: input.sort_order,
  };
}

/** Re-encodes the upload (a work's display copy: at most 2048 px, WebP, no metadata) and stores it as a pending file. */
async function storeImage(deps: AppDeps, bytes: ImageSource): Promise<string> {
  let image: Buffer;
  try {
    image = (await makeWorkImages(bytes)).display;
  } catch (err) {
    if (err instanceof ImageRejected) throw ValidationError.of('banner_image', err.messageId);
    throw err;
  }
  const key = `banners/${randomBytes(16).toString('hex')}.webp`;
  await putPending(deps, [{ key, bytes: image, contentType: 'image/webp' }]);
  return key;
}

export async function createBanner(deps: AppDeps, input: BannerInput, image: ImageSource | null): Promise<AdminBanner> {
  const values = columns(input);
  if (!image) throw ValidationError.of('banner_image', M.bannerImageRequired.id);
  const imageKey = await storeImage(deps, image);
  try {
    const [row] = await deps.db.transaction(async (tx) => {
      await adoptPending(tx, [imageKey]);
      return tx
        .insert(advertisements)
        .values({ ...values, addType: BANNER_TYPE, imageKey, createdAt: deps.clock() })
        .returning();
    });
    return toView(deps, row!, deps.clock());
  } catch (err) {
    await discardPending(deps, [imageKey]);
    throw err;
  }
}

const bannerRow = (id: number) => and(eq(advertisements.id, id), eq(advertisements.addType, BANNER_TYPE));

/** Replaces the banner's fields, and its image when a new one came (the old file goes after the commit). */
export async function updateBanner(deps: AppDeps, id: number, input: BannerInput, image: ImageSource | null): Promise<AdminBanner> {
  const values = columns(input);
  const [exists] = await deps.db.select({ id: advertisements.id }).from(advertisements).where(bannerRow(id));
  if (!exists) throw new ApiError(404, M.notFound);
  const newKey = image ? await storeImage(deps, image) : null;
  let result: { row: AdvertisementRow; scheduled: string[] };
  try {
    result = await deps.db.transaction(async (tx) => {
      const [old] = await tx.select().from(advertisements).where(bannerRow(id)).for('update');
      if (!old) throw new ApiError(404, M.notFound);
      await adoptPending(tx, [newKey]);
      const [row] = await tx
        .update(advertisements)
        .set({ ...values, ...(newKey ? { imageKey: newKey } : {}) })
        .where(eq(advertisements.id, id))
        .returning();
      const scheduled = newKey && old.imageKey !== newKey ? await scheduleFileDeletions(tx, [old.imageKey]) : [];
      return { row: row!, scheduled };
    });
  } catch (err) {
    await discardPending(deps, [newKey]);
    throw err;
  }
  await deleteScheduledFiles(deps, result.scheduled);
  return toView(deps, result.row, deps.clock());
}

export async function deleteBanner(deps: AppDeps, id: number): Promise<void> {
  const scheduled = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(advertisements).where(bannerRow(id)).returning({ imageKey: advertisements.imageKey });
    if (!row) throw new ApiError(404, M.notFound);
    return scheduleFileDeletions(tx, [row.imageKey]);
  });
  await deleteScheduledFiles(deps, scheduled);
}
