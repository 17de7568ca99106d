/**
 * Works, galleries and likes (works spec §3, §5, §7). Multipart fields of create and update, list
 * queries, and the Work the PWA reads. Lists are paged as {count, next, previous, results}, from page 1.
 */
import { z } from 'zod';

import { M } from './messages';

/** Multipart booleans arrive as text. */
const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** A database id (int4): anything larger names nothing and must not reach SQL as an overflow. */
const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const idList = z.array(dbId).max(20);

/** Text fields of POST /api/artworks/ (files are `images`, repeated, 1 to 5). */
export const workFields = z.object({
  title: z.string({ error: M.titleRequired.id }).trim().min(1, { error: M.titleRequired.id, abort: true }).max(100, M.titleTooLong.id),
  description: z.string().trim().max(2000, M.descriptionTooLong.id).default(''),
  category: idList.default([]),
  tags: idList.default([]),
  is_public: formBool.default(false),
  /**
   * Shared with the family circle (issue 32; ours). Absent on create: the family's choice for new works; absent on
   * update: unchanged. A backend that follows the spec ignores it.
   */
  is_circle: formBool.optional(),
});

/** Text fields of POST /api/artworks/{id}/update/ (new files are `images`; kept ones are `keep_images` ids). */
export const workUpdateFields = workFields.extend({
  keep_images: idList.optional(),
});

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.string().trim().max(100).optional(),
  category: dbId.optional(),
  tags: z.union([dbId, z.array(dbId).max(20)]).optional(),
});

export const idName = z.object({ id: z.number(), name: z.string() });

export const workImage = z.object({ id: z.number(), image_url: z.string(), thumbnail_url: z.string() });

export const work = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category: idName.nullable(),
  tags: z.array(idName),
  images_data: z.array(workImage),
  is_public: z.boolean(),
  /** Shared with the family circle (issue 32; ours): absent from a backend that follows the spec. */
  is_circle: z.boolean().optional(),
  created_at: z.string(),
  likes_count: z.number(),
  is_liked_by_user: z.boolean(),
  member: z.object({ id: z.number(), username: z.string(), profile_picture: z.string().nullable() }),
  /** Whole years of the creator when the work was made (null without a date of birth). */
  creator_age: z.number().nullable(),
  /** True for the owner and accepted shared users: they may download and edit. */
  can_edit: z.boolean(),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
}

export const likeResponse = z.object({ success: z.boolean(), likes_count: z.number(), is_liked_by_user: z.boolean() });
export const imageCount = z.object({ total_images: z.number(), limit: z.number().nullable() });

export type Work = z.infer<typeof work>;
export type WorkImage = z.infer<typeof workImage>;
export type IdName = z.infer<typeof idName>;
export type Paged<T> = { count: number; next: string | null; previous: string | null; results: T[] };
export type ListQuery = z.input<typeof listQuery>;
export type LikeResponse = z.infer<typeof likeResponse>;
export type ImageCount = z.infer<typeof imageCount>;
