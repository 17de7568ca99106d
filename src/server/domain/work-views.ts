/**
 * Works in the contract's shape (contract works.ts `work`), built for a page of rows at once:
 * images, tags, category, like counts, the viewer's likes and can_edit come in one query each.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';

import type { Language } from '@contract/limits';
import type { Work } from '@contract/works';
import type { Executor } from '../db/open';
import { artworkImages, artworkTags, categories, likes, profiles, tags, type ArtworkRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ownersSharingWith } from './visibility';
import { groupBy } from './lists';

/** Whole years from a YYYY-MM-DD birth date to a moment (UTC calendar dates). */
export function ageAt(dateOfBirth: string | null, at: Date): number | null {
  const m = dateOfBirth ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = at.getUTCFullYear() - y;
  const month = at.getUTCMonth() + 1;
  if (month < mo || (month === mo && at.getUTCDate() < d)) age -= 1;
  return Math.max(0, age);
}

export async function workViews(
  deps: AppDeps,
  rows: ArtworkRow[],
  viewerId: number | null,
  lang: Language,
  db: Executor = deps.db,
): Promise<Work[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownerIds = [...new Set(rows.map((r) => r.profileId))];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((id): id is number => id !== null))];
  const name = (r: { nameEn: string; nameJa: string }) => (lang === 'ja' ? r.nameJa : r.nameEn);

  const [images, tagRows, categoryRows, likeCounts, liked, owners, sharing] = await Promise.all([
    db
      .select()
      .from(artworkImages)
      .where(inArray(artworkImages.artworkId, ids))
      .orderBy(asc(artworkImages.position), asc(artworkImages.id)),
    db
      .select({ artworkId: artworkTags.artworkId, id: tags.id, nameEn: tags.nameEn, nameJa: tags.nameJa })
      .from(artworkTags)
      .innerJoin(tags, eq(tags.id, artworkTags.tagId))
      .where(inArray(artworkTags.artworkId, ids))
      .orderBy(asc(tags.sortOrder), asc(tags.id)),
    categoryIds.length > 0 ? db.select().from(categories).where(inArray(categories.id, categoryIds)) : Promise.resolve([]),
    db.select({ artworkId: likes.artworkId, n: count() }).from(likes).where(inArray(likes.artworkId, ids)).groupBy(likes.artworkId),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ artworkId: likes.artworkId })
          .from(likes)
          .where(and(eq(likes.profileId, viewerId), inArray(likes.artworkId, ids))),
    db.select().from(profiles).where(inArray(profiles.id, ownerIds)),
    ownersSharingWith(db, viewerId),
  ]);

  const imagesOf = groupBy(images, (i) => i.artworkId);
  const tagsOf = groupBy(tagRows, (t) => t.artworkId);
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const likesOf = new Map(likeCounts.map((l) => [l.artworkId, l.n]));
  const likedSet = new Set(liked.map((l) => l.artworkId));
  const ownerById = new Map(owners.map((p) => [p.id, p]));

  return rows.map((r) => {
    const owner = ownerById.get(r.profileId);
    const category = r.categoryId !== null ? categoryById.get(r.categoryId) : undefined;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      category: category ? { id: category.id, name: name(category) } : null,
      tags: (tagsOf.get(r.id) ?? []).map((t) => ({ id: t.id, name: name(t) })),
      images_data: (imagesOf.get(r.id) ?? []).map((i) => ({
        id: i.id,
        image_url: deps.storage.url(i.displayKey),
        thumbnail_url: deps.storage.url(i.thumbKey),
      })),
      is_public: r.isPublic,
      created_at: r.createdAt.toISOString(),
      likes_count: likesOf.get(r.id) ?? 0,
      is_liked_by_user: likedSet.has(r.id),
      member: {
        id: r.profileId,
        username: owner?.username ?? '',
        profile_picture: owner?.pictureKey ? deps.storage.url(owner.pictureKey) : null,
      },
      creator_age: ageAt(owner?.dateOfBirth ?? null, r.createdAt),
      can_edit: viewerId !== null && (r.profileId === viewerId || sharing.has(r.profileId)),
    };
  });
}

export async function workView(
  deps: AppDeps,
  row: ArtworkRow,
  viewerId: number | null,
  lang: Language,
  db: Executor = deps.db,
): Promise<Work> {
  const [view] = await workViews(deps, [row], viewerId, lang, db);
  return view!;
}
