/**
 * Artist classes as families read them (works spec §2-§7, issue 13): the public list of published classes, the
 * child's own (its sign-ups, pending or confirmed, also of a class unpublished since), and one class. Newest first,
 * LIMITS.pageSizeClasses a page, a free word over the name and description (LIKE-escaped), the price and class type
 * filters. Each class is listed once: the child's sign-ups are an EXISTS, never a join.
 * The console's calls are in ./class-admin.ts, sign-ups and payments in ./class-signups.ts.
 */
import { and, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';

import type { ArtistClass } from '@contract/classes';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import type { Paged } from '@contract/works';
import type { Executor } from '../db/open';
import { artistClasses, classSignups, type ArtistClassRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { classView, classViews, type ClassViewer } from './class-views';
import { escapeLike, pageLinks, type ListLinks } from './lists';

export interface ClassFilters {
  page: number;
  search?: string | undefined;
  is_free?: boolean | undefined;
  class_type?: ArtistClassRow['classType'] | undefined;
}

function filterClauses(filters: ClassFilters): (SQL | undefined)[] {
  const pattern = filters.search ? `%${escapeLike(filters.search)}%` : null;
  return [
    pattern ? or(ilike(artistClasses.name, pattern), ilike(artistClasses.description, pattern)) : undefined,
    filters.is_free === undefined ? undefined : eq(artistClasses.isFree, filters.is_free),
    filters.class_type ? eq(artistClasses.classType, filters.class_type) : undefined,
  ];
}

/** A sign-up of the profile for the class of the outer row. */
const signedUp = (db: Executor, profileId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(classSignups)
      .where(and(eq(classSignups.classId, artistClasses.id), eq(classSignups.profileId, profileId))),
  );

/** A page of classes matching `where`, newest first, with its links. */
export async function classPage<T>(
  deps: AppDeps,
  where: SQL | undefined,
  page: number,
  links: ListLinks,
  views: (rows: ArtistClassRow[]) => Promise<T[]>,
): Promise<Paged<T>> {
  const size = LIMITS.pageSizeClasses;
  const [total] = await deps.db.select({ n: count() }).from(artistClasses).where(where);
  const rows = await deps.db
    .select()
    .from(artistClasses)
    .where(where)
    .orderBy(desc(artistClasses.createdAt), desc(artistClasses.id))
    .limit(size)
    .offset((page - 1) * size);
  const n = total?.n ?? 0;
  return { count: n, ...pageLinks(links, page, size, n), results: await views(rows) };
}

/** GET /api/artist-classes/ (published classes) and …/my-classes (the child's sign-ups, any state). */
export async function listClasses(
  deps: AppDeps,
  kind: 'all' | 'mine',
  filters: ClassFilters,
  viewer: ClassViewer,
  links: ListLinks,
): Promise<Paged<ArtistClass>> {
  const scope = kind === 'mine' ? signedUp(deps.db, viewer.profileId ?? -1) : eq(artistClasses.published, true);
  return classPage(deps, and(scope, ...filterClauses(filters)), filters.page, links, (rows) => classViews(deps, rows, viewer));
}

/**
 * GET /api/artist-classes/{id}: a published class. An unpublished one is not found, except by a child signed up for
 * it (its card is still in my classes, and a confirmed sign-up keeps its link).
 */
export async function classDetail(deps: AppDeps, id: number, viewer: ClassViewer): Promise<ArtistClass> {
  const visible =
    viewer.profileId === null
      ? eq(artistClasses.published, true)
      : or(eq(artistClasses.published, true), signedUp(deps.db, viewer.profileId));
  const [row] = await deps.db
    .select()
    .from(artistClasses)
    .where(and(eq(artistClasses.id, id), visible));
  if (!row) throw new ApiError(404, M.notFound);
  return classView(deps, row, viewer);
}
