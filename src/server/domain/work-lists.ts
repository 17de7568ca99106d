/**
 * The paged work lists (works notes, "Lists"): 12 per page, newest first (created_at DESC, id DESC,
 * the order the indexes are declared in), with search, category and tag filters. Each list is a
 * WHERE clause; paging and the next/previous links are shared.
 */
import { and, count, desc, eq, exists, ilike, inArray, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';

import { LIMITS, type Language } from '@contract/limits';
import { M } from '@contract/messages';
import type { Paged, Work } from '@contract/works';
import { artworks, artworkTags, categories, likes, profiles, profileShares, publicWorkCounts } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { sharedWith, visibleTo } from './visibility';
import { toWork, viewFields, writtenIn } from './work-views';
import { escapeLike, pageLinks, type ListLinks } from './lists';
import { currentVersions, familyVersionColumn, KeptAnswers, wallVersionColumn, type Versions } from './versions';

export interface ListFilters {
  page: number;
  search?: string | undefined;
  category?: number | undefined;
  tags?: number[] | undefined;
}

function filterClause(f: ListFilters): SQL[] {
  const clauses: SQL[] = [];
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    clauses.push(or(ilike(artworks.title, pattern), ilike(artworks.description, pattern))!);
  }
  if (f.category !== undefined) clauses.push(eq(artworks.categoryId, f.category));
  if (f.tags && f.tags.length > 0) {
    // "Any of them" (works notes): one matching tag is enough.
    clauses.push(
      sql`exists (select 1 from ${artworkTags} where ${artworkTags.artworkId} = ${artworks.id} and ${inArray(artworkTags.tagId, f.tags)})`,
    );
  }
  return clauses;
}

/** The public list's condition: the column itself, not `= $1`, so that a plan for any parameters can use the partial index of public works. */
const publicOnly = () => sql`${artworks.isPublic}`;

/** The number of public works, from the counter the triggers keep (no scan of the works). */
const publicTotal = sql<number>`(select coalesce(sum(${publicWorkCounts.n}), 0) from ${publicWorkCounts})`.mapWith(Number);

async function countOf(deps: AppDeps, condition: SQL): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(artworks).where(condition);
  return row?.n ?? 0;
}

/**
 * One page of works with everything they show, in one query: the page is chosen first (ids, by the list's index),
 * and only its rows get their view's columns (work-views.ts). On the public wall the total (from the counter) and
 * the wall's version are columns of the same query, read in the same snapshot.
 */
function pageQuery(deps: AppDeps, condition: SQL, offset: number | Placeholder, viewerId: number | null | Placeholder, counted: boolean) {
  const size = LIMITS.pageSizeWorks;
  const page = deps.db
    .select({ id: artworks.id })
    .from(artworks)
    .where(condition)
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(writtenIn(size))
    .offset(offset)
    .as('page');
  return deps.db
    .select({
      ...viewFields(viewerId),
      total: counted ? publicTotal : sql<number>`0`.mapWith(Number),
      version: counted ? wallVersionColumn : sql<string>`''`,
    })
    .from(artworks)
    .innerJoin(page, eq(page.id, artworks.id))
    .leftJoin(categories, eq(categories.id, artworks.categoryId))
    .leftJoin(profiles, eq(profiles.id, artworks.profileId))
    .orderBy(desc(artworks.createdAt), desc(artworks.id));
}

/**
 * The public wall's page query, prepared (issue 30): under a mixed load every like and upload moves the wall's version,
 * so pages are read again all the time, and building the query (drizzle) and planning it (PostgreSQL) each time
 * showed in the profile. An anonymous statement and one for a viewer, for each of the first pages and for the rest.
 */
const wallStatements = new WeakMap<AppDeps, Map<string, WallStatement>>();
type WallStatement = ReturnType<typeof prepareWallPage>;
function prepareWallPage(deps: AppDeps, name: string, offset: number | Placeholder, viewer: Placeholder | null) {
  return pageQuery(deps, publicOnly(), offset, viewer, true).prepare(name);
}

/**
 * The wall's first pages have a statement each, with LIMIT and OFFSET written in. PostgreSQL plans a statement whose
 * OFFSET is a parameter for 10 % of the rows, which makes its generic plan look dear: so it made a plan for the values
 * on every execution, about 400-450 µs of planning per page against 240-280 µs of running it (bench:api's mixed load
 * with BENCH_API_PG_STATS). Written in, a page is planned once per connection. Later pages keep the parameter. Each
 * statement a connection keeps holds about 170 KB of its backend's memory (pg_backend_memory_contexts: CachedPlan,
 * CachedPlanSource, CachedPlanQuery): 2 × 5 pages × 20 connections is at most about 34 MB.
 */
const WALL_WRITTEN_PAGES = 5;

function wallPageRows(deps: AppDeps, page: number, viewerId: number | null) {
  let statements = wallStatements.get(deps);
  if (!statements) wallStatements.set(deps, (statements = new Map()));
  const written = page <= WALL_WRITTEN_PAGES;
  const name = `wall_page_${viewerId === null ? 'anonymous' : 'viewer'}${written ? `_${page}` : ''}`;
  let statement = statements.get(name);
  if (!statement) {
    const offset = written ? writtenIn((page - 1) * LIMITS.pageSizeWorks) : sql.placeholder('offset');
    statement = prepareWallPage(deps, name, offset, viewerId === null ? null : sql.placeholder('viewer'));
    statements.set(name, statement);
  }
  const offset = (page - 1) * LIMITS.pageSizeWorks;
  return viewerId === null ? statement.execute({ offset }) : statement.execute({ offset, viewer: viewerId });
}

/**
 * The public wall's pages as this instance last read them, per app: the works as an anonymous visitor sees them,
 * the total, and the wall's version read in the same snapshot. A page is served from here only while the wall's
 * version, read after the request arrived (versions.ts), is the same: a work made private, liked, renamed or deleted
 * through any instance changes the version, so the next request reads the page afresh. Only unfiltered public pages
 * are kept; at most MAX_PAGES of them.
 */
interface WallPage {
  version: string;
  total: number;
  works: Work[];
}
const MAX_PAGES = 400;
const walls = new WeakMap<AppDeps, Map<string, WallPage>>();

function wallOf(deps: AppDeps): Map<string, WallPage> {
  let wall = walls.get(deps);
  if (!wall) walls.set(deps, (wall = new Map()));
  return wall;
}

/**
 * A viewer's marks on a public page: its likes among the page's works and the owners who share with it, with both
 * versions they were read at (a like changes the wall's, a share the families'). Kept per viewer and page while
 * both versions stay the same; at most MAX_MARKS.
 */
interface Marks {
  wall: string;
  family: string;
  liked: Set<number>;
  sharing: Set<number>;
  /** The page's works as this viewer sees them, made at the first answer from these marks. */
  works?: Work[];
}
const MAX_MARKS = 4_000;
const marks = new WeakMap<AppDeps, Map<string, Marks>>();

/** The viewer's likes among the page's works, the owners who share with the viewer, and both versions: one statement. */
const prepared = new WeakMap<AppDeps, ReturnType<typeof prepareMarks>>();
function prepareMarks(deps: AppDeps) {
  const viewer = sql.placeholder('viewer');
  return deps.db
    .select({
      wall: wallVersionColumn,
      family: familyVersionColumn,
      liked: sql<unknown>`(select coalesce(json_agg(${likes.artworkId}), '[]'::json) from ${likes} where ${likes.profileId} = ${viewer} and ${likes.artworkId} = any(${sql.placeholder('ids')}::int[]))`,
      sharing: sql<unknown>`(select coalesce(json_agg(${profileShares.ownerProfileId}), '[]'::json) from ${profileShares} where ${profileShares.targetProfileId} = ${viewer})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('gallery_wall_marks');
}

const parsedIds = (value: unknown): Set<number> =>
  new Set(value === null || value === undefined ? [] : typeof value === 'string' ? (JSON.parse(value) as number[]) : (value as number[]));

/** The viewer's marks on a kept page at these versions, or undefined when the wall moved on since `now`. */
async function marksOf(deps: AppDeps, viewerId: number, key: string, page: WallPage, now: Versions): Promise<Marks | undefined> {
  let kept = marks.get(deps);
  if (!kept) marks.set(deps, (kept = new Map()));
  const mine = `${viewerId}:${key}`;
  const hit = kept.get(mine);
  if (hit && hit.wall === now.wall && hit.family === now.family) return hit;
  let statement = prepared.get(deps);
  if (!statement) prepared.set(deps, (statement = prepareMarks(deps)));
  const [row] = await statement.execute({ viewer: viewerId, ids: page.works.map((w) => w.id) });
  if (!row || row.wall !== page.version) return undefined;
  const read: Marks = { wall: row.wall, family: row.family, liked: parsedIds(row.liked), sharing: parsedIds(row.sharing) };
  kept.delete(mine);
  kept.set(mine, read);
  if (kept.size > MAX_MARKS) kept.delete(kept.keys().next().value!);
  return read;
}

/** The public wall's version, read after the call (shared with the calls that come in while it waits). */
export const currentWallVersion = async (deps: AppDeps): Promise<string> => (await currentVersions(deps)).wall;

/** The anonymous view of a work: what the cache keeps. */
const neutral = (w: Work): Work => (w.is_liked_by_user || w.can_edit ? { ...w, is_liked_by_user: false, can_edit: false } : w);

/**
 * How often, lately, a kept page of the wall was still current (an average over about the last 20 lookups, per app).
 * Asking first costs a round trip of its own: when the wall moves on between most requests (a busy instance's likes
 * and uploads, issue 30's mixed load), nearly every page is read again after it, and that round trip was a third of a
 * page's wait on a saturated core. Below KEPT_WORTH_ASKING the page is read at once (its query carries the version
 * read in the same snapshot, so the answer is as exact); whether the kept page would have done is still learnt from
 * that version, so the instance goes back to asking once the wall is quiet.
 */
const keptCurrent = new WeakMap<AppDeps, { rate: number }>();
const KEPT_WORTH_ASKING = 0.25;
function keptRate(deps: AppDeps): { rate: number } {
  let r = keptCurrent.get(deps);
  if (!r) keptCurrent.set(deps, (r = { rate: 1 }));
  return r;
}
const learn = (r: { rate: number }, current: boolean) => (r.rate = r.rate * 0.95 + (current ? 0.05 : 0));

/** The unfiltered public wall (its condition, listWhere's, is in the prepared statements). */
async function publicWall(
  deps: AppDeps,
  f: ListFilters,
  viewerId: number | null,
  lang: Language,
): Promise<{ total: number; works: Work[]; version?: string }> {
  const wall = wallOf(deps);
  const key = `${lang}:${f.page}`;
  const kept = wall.get(key);
  const rate = keptRate(deps);
  const asked = kept !== undefined && rate.rate >= KEPT_WORTH_ASKING;
  if (asked) {
    const now = await currentVersions(deps);
    learn(rate, now.wall === kept.version);
    if (now.wall === kept.version) {
      if (viewerId === null) return { total: kept.total, works: kept.works, version: kept.version };
      const mine = await marksOf(deps, viewerId, key, kept, now);
      if (mine) {
        mine.works ??= kept.works.map((w) => ({
          ...w,
          is_liked_by_user: mine.liked.has(w.id),
          can_edit: w.member.id === viewerId || mine.sharing.has(w.member.id),
        }));
        return { total: kept.total, works: mine.works, version: kept.version };
      }
    }
  }
  const rows = await wallPageRows(deps, f.page, viewerId);
  const first = rows[0];
  // Past the last page there is no row to carry the total; such a page is not kept. Its total and the version are read
  // in one snapshot: when that total puts the page past the end too, the empty page is exact at that version.
  if (!first) {
    const [now] = await deps.db
      .select({ total: sql<number>`coalesce(sum(${publicWorkCounts.n}), 0)`.mapWith(Number), version: wallVersionColumn })
      .from(publicWorkCounts);
    const total = now?.total ?? 0;
    return { total, works: [], version: total <= (f.page - 1) * LIMITS.pageSizeWorks ? now?.version : undefined };
  }
  // Read without asking: would the kept page have done?
  if (kept && !asked) learn(rate, first.version === kept.version);
  const works = rows.map((r) => toWork(deps, r, lang));
  if (!kept || BigInt(first.version) >= BigInt(kept.version)) {
    wall.delete(key);
    wall.set(key, { version: first.version, total: first.total, works: works.map(neutral) });
    if (wall.size > MAX_PAGES) wall.delete(wall.keys().next().value!);
  }
  return { total: first.total, works, version: first.version };
}

/**
 * A family's own lists (My Gallery, My Collection, the family gallery, a member's works) and filtered public pages,
 * as this instance last read them for one viewer (versions.ts KeptAnswers): a work, a like, a share or a profile
 * changed on any instance moves a version, and the next request reads the page afresh. At most MAX_LISTS pages.
 */
const MAX_LISTS = 2_000;
const lists = new KeptAnswers<ListPage>(MAX_LISTS);

/**
 * A page of a list, and for a public one the gallery version it is exact for (routes/works.ts makes the ETag of it):
 * read in the page's own snapshot, or before the page was read, never after. Absent for family lists and for a public
 * page past the end.
 */
export interface ListPage {
  page: Paged<Work>;
  version?: string | undefined;
}

/**
 * One page and the list's total; family lists and filtered pages count their rows beside the page. `before`: the
 * versions read before this call (a filtered public page's ETag names the wall's).
 */
async function pageOf(
  deps: AppDeps,
  list: { where: SQL; counted: boolean },
  f: ListFilters,
  viewerId: number | null,
  lang: Language,
  links: ListLinks,
  before?: Versions,
): Promise<ListPage> {
  const size = LIMITS.pageSizeWorks;
  const filters = filterClause(f);
  const condition = and(list.where, ...filters)!;
  let total: number;
  let results: Work[];
  let version: string | undefined;
  if (list.counted && filters.length === 0) {
    ({ total, works: results, version } = await publicWall(deps, f, viewerId, lang));
  } else {
    // A filtered public page: the version before its two reads (the gallery version covers every column they read).
    if (list.counted) version = before?.wall;
    const [rows, n] = await Promise.all([pageQuery(deps, condition, (f.page - 1) * size, viewerId, false), countOf(deps, condition)]);
    total = n;
    results = rows.map((r) => toWork(deps, r, lang));
  }
  return { page: { count: total, ...pageLinks(links, f.page, size, total), results }, version };
}

export type ListKind =
  { kind: 'public' } | { kind: 'my' } | { kind: 'collection' } | { kind: 'family' } | { kind: 'member'; memberId: number };

/** The WHERE clause of a list for the viewer; 404 for a member outside the viewer's family. */
async function listWhere(deps: AppDeps, list: ListKind, viewerId: number | null): Promise<SQL> {
  switch (list.kind) {
    case 'public':
      return publicOnly();
    case 'my':
      return eq(artworks.profileId, viewerId ?? -1);
    case 'collection': {
      const v = viewerId ?? -1;
      const liked = deps.db
        .select({ one: sql`1` })
        .from(likes)
        .where(and(eq(likes.artworkId, artworks.id), eq(likes.profileId, v)));
      // Liked works that the viewer can still see (a work made private later drops out).
      return and(exists(liked), visibleTo(v))!;
    }
    case 'family': {
      const v = viewerId ?? -1;
      return and(sharedWith(v), ne(artworks.profileId, v))!;
    }
    case 'member': {
      // A member of the viewer's own family; any other profile, known or not, is simply not found.
      const family = deps.db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.id, viewerId ?? -1));
      const [member] = await deps.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, list.memberId), inArray(profiles.userId, family)));
      if (!member) throw new ApiError(404, M.notFound);
      return and(eq(artworks.profileId, list.memberId), visibleTo(viewerId))!;
    }
  }
}

export async function listWorks(
  deps: AppDeps,
  list: ListKind,
  filters: ListFilters,
  viewerId: number | null,
  lang: Language,
  links: ListLinks,
): Promise<ListPage> {
  if (list.kind === 'public' && filterClause(filters).length === 0)
    return pageOf(deps, { where: await listWhere(deps, list, viewerId), counted: true }, filters, viewerId, lang, links);
  // Any other list, for this viewer: kept while nothing it rests on has changed (its links are the request's own).
  const key = JSON.stringify([list, viewerId, lang, filters.page, filters.search ?? null, filters.category ?? null, filters.tags ?? null]);
  const kept = await lists.get(deps, key, async (before) => {
    const where = await listWhere(deps, list, viewerId);
    return pageOf(deps, { where, counted: list.kind === 'public' }, filters, viewerId, lang, links, before);
  });
  return { page: { ...kept.page, ...pageLinks(links, filters.page, LIMITS.pageSizeWorks, kept.page.count) }, version: kept.version };
}
