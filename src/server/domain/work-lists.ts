/**
 * The paged work lists (works notes, "Lists"): 12 per page, newest first (created_at DESC, id DESC,
 * the order the indexes are declared in), with search, category and tag filters. Each list is a
 * WHERE clause; paging and the next/previous links are shared.
 */
import { and, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';

import { LIMITS, type Language } from '@contract/limits';
import { M } from '@contract/messages';
import type { Paged, Work } from '@contract/works';
import { artworks, artworkTags, likes, profiles } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { sharedWith, visibleTo } from './visibility';
import { workViews } from './work-views';
import { escapeLike, pageLinks, type ListLinks } from './lists';

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

async function pageOf(
  deps: AppDeps,
  where: SQL,
  f: ListFilters,
  viewerId: number | null,
  lang: Language,
  links: ListLinks,
): Promise<Paged<Work>> {
  const size = LIMITS.pageSizeWorks;
  const condition = and(where, ...filterClause(f))!;
  const [total] = await deps.db.select({ n: count() }).from(artworks).where(condition);
  const rows = await deps.db
    .select()
    .from(artworks)
    .where(condition)
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(size)
    .offset((f.page - 1) * size);
  const n = total?.n ?? 0;
  return {
    count: n,
    ...pageLinks(links, f.page, size, n),
    results: await workViews(deps, rows, viewerId, lang),
  };
}

export type ListKind =
  { kind: 'public' } | { kind: 'my' } | { kind: 'collection' } | { kind: 'family' } | { kind: 'member'; memberId: number };

/** The WHERE clause of a list for the viewer; 404 for a member outside the viewer's family. */
async function listWhere(deps: AppDeps, list: ListKind, viewerId: number | null): Promise<SQL> {
  switch (list.kind) {
    case 'public':
      return eq(artworks.isPublic, true);
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
): Promise<Paged<Work>> {
  return pageOf(deps, await listWhere(deps, list, viewerId), filters, viewerId, lang, links);
}
