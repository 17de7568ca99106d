/**
 * Works in the contract's shape (contract works.ts `work`). A work's images, tags, category, owner, like count,
 * the viewer's like and can_edit are columns of the query that selects the works (`viewFields`, correlated
 * subqueries over the page's rows only): a page of works is one query, not one per kind of data.
 */
import { eq, getTableColumns, inArray, sql, type Placeholder } from 'drizzle-orm';

import { ageAt } from '@contract/accounts';
import type { Language } from '@contract/limits';
import type { Work } from '@contract/works';
import type { Executor } from '../db/open';
import { artworkImages, artworks, artworkTags, categories, likes, profiles, profileShares, tags, type ArtworkRow } from '../db/schema';
import type { AppDeps } from '../deps';

interface ImageCell {
  id: number;
  d: string;
  t: string;
}

interface TagCell {
  id: number;
  en: string;
  ja: string;
}

/** json columns come parsed from node-postgres and PGlite; a string is parsed here all the same. */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * The view's columns beside the work's own, for a select from artworks joined with its category and owner
 * (`fromWorks`). The subqueries run for the selected rows only (after ORDER BY and LIMIT). `viewerId`: a profile,
 * null for an anonymous visitor, or a prepared statement's placeholder for a profile.
 */
export function viewFields(viewerId: number | null | Placeholder) {
  const viewer = viewerId ?? -1;
  return {
    work: getTableColumns(artworks),
    categoryEn: categories.nameEn,
    categoryJa: categories.nameJa,
    username: profiles.username,
    pictureKey: profiles.pictureKey,
    dateOfBirth: profiles.dateOfBirth,
    images: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${artworkImages.id}, 'd', ${artworkImages.displayKey}, 't', ${artworkImages.thumbKey}) order by ${artworkImages.position}, ${artworkImages.id}), '[]'::json) from ${artworkImages} where ${artworkImages.artworkId} = ${artworks.id})`,
    tags: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'en', ${tags.nameEn}, 'ja', ${tags.nameJa}) order by ${tags.sortOrder}, ${tags.id}), '[]'::json) from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${artworkTags.artworkId} = ${artworks.id})`,
    likesCount: sql<number>`(select count(*) from ${likes} where ${likes.artworkId} = ${artworks.id})`.mapWith(Number),
    liked:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${likes} where ${likes.artworkId} = ${artworks.id} and ${likes.profileId} = ${viewer})`,
    canEdit:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`(${artworks.profileId} = ${viewer} or exists (select 1 from ${profileShares} where ${profileShares.ownerProfileId} = ${artworks.profileId} and ${profileShares.targetProfileId} = ${viewer}))`,
  };
}

/**
 * A whole number written into a statement's text, for drizzle's limit() and offset() (which take SQL where they take a
 * placeholder): a prepared page whose LIMIT and OFFSET are written in is planned once per connection (work-lists.ts).
 */
export const writtenIn = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

/** Works with their view's columns: `fromWorks(db, viewerId).where(…)`. */
export function fromWorks(db: Executor, viewerId: number | null) {
  return db
    .select(viewFields(viewerId))
    .from(artworks)
    .leftJoin(categories, eq(categories.id, artworks.categoryId))
    .leftJoin(profiles, eq(profiles.id, artworks.profileId));
}

export type ViewRow = Awaited<ReturnType<typeof fromWorks>>[number];

/** A row of `fromWorks` in the contract's shape. */
export function toWork(deps: AppDeps, row: ViewRow, lang: Language): Work {
  const r = row.work;
  const name = (en: string, ja: string) => (lang === 'ja' ? ja : en);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category:
      r.categoryId !== null && row.categoryEn !== null ? { id: r.categoryId, name: name(row.categoryEn, row.categoryJa ?? '') } : null,
    tags: parsed<TagCell[]>(row.tags).map((t) => ({ id: t.id, name: name(t.en, t.ja) })),
    images_data: parsed<ImageCell[]>(row.images).map((i) => ({
      id: i.id,
      image_url: deps.storage.url(i.d),
      thumbnail_url: deps.storage.url(i.t),
    })),
    is_public: r.isPublic,
    is_circle: r.inCircle,
    created_at: r.createdAt.toISOString(),
    likes_count: row.likesCount,
    is_liked_by_user: Boolean(row.liked),
    member: {
      id: r.profileId,
      username: row.username ?? '',
      profile_picture: row.pictureKey ? deps.storage.url(row.pictureKey) : null,
    },
    creator_age: ageAt(row.dateOfBirth, r.createdAt),
    can_edit: Boolean(row.canEdit),
  };
}

/** These works (already found visible to the viewer) in the contract's shape, in their order: one query. */
export async function workViews(
  deps: AppDeps,
  rows: ArtworkRow[],
  viewerId: number | null,
  lang: Language,
  db: Executor = deps.db,
): Promise<Work[]> {
  if (rows.length === 0) return [];
  const found = await fromWorks(db, viewerId).where(
    inArray(
      artworks.id,
      rows.map((r) => r.id),
    ),
  );
  const byId = new Map(found.map((f) => [f.work.id, f]));
  return rows.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [toWork(deps, row, lang)] : [];
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
