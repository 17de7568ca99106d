/**
 * Contests in the contract's shape (contract contests.ts `contest`, console.ts `consoleEntry`), built for a page of
 * rows at once: organizations, entry counts, winners, the entry history, the caller's entries and memberships come
 * in one query each. The status is computed here with the same rule the lists filter by in SQL (./contests.ts).
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';

import type { ConsoleEntry } from '@contract/console';
import type { Contest, ContestEntry, ContestStatus } from '@contract/contests';
import type { Executor } from '../db/open';
import { artworkImages, artworks, contestEntries, profileOrganizations, profiles, type ContestRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { visibleTo } from './visibility';
import { groupBy } from './lists';
import { orgPageHeadings } from './org-pages';

/**
 * decisions.md, "Contest status": held once a winner is picked (decided_at) or the end has passed; before its start
 * a contest is scheduled; in between it is in session. A picked winner wins over a start moved later by an edit.
 */
export function contestStatus(row: Pick<ContestRow, 'startsAt' | 'endsAt' | 'decidedAt'>, now: Date): ContestStatus {
  if (row.decidedAt !== null) return 'already_held';
  if (now.getTime() < row.startsAt.getTime()) return 'scheduled';
  if (row.endsAt.getTime() <= now.getTime()) return 'already_held';
  return 'in_session';
}

/** Who is looking: a child profile (may enter, sees its own works), a parent token, or a visitor. */
export interface ContestViewer {
  /** The child profile of a child token; null for a parent token or a visitor. */
  profileId: number | null;
  /** Any family token: the entry history is shown to logged-in users only. */
  loggedIn: boolean;
}

export const VISITOR: ContestViewer = { profileId: null, loggedIn: false };

/** An entry with the contest it belongs to (for grouping). */
export interface EntryWithContest extends ContestEntry {
  contestId: number;
}

/**
 * Entries matching `where`, newest first, with their work's title and first image (its thumbnail), the child's
 * username and picture (as agreed at entry), and whether the viewer may open the work itself.
 */
export async function entryRows(deps: AppDeps, db: Executor, where: SQL, viewerProfileId: number | null): Promise<EntryWithContest[]> {
  const rows = await db
    .select({
      id: contestEntries.id,
      contestId: contestEntries.contestId,
      workId: contestEntries.artworkId,
      createdAt: contestEntries.createdAt,
      title: artworks.title,
      username: profiles.username,
      pictureKey: profiles.pictureKey,
    })
    .from(contestEntries)
    .innerJoin(artworks, eq(artworks.id, contestEntries.artworkId))
    .innerJoin(profiles, eq(profiles.id, contestEntries.profileId))
    .where(where)
    .orderBy(desc(contestEntries.createdAt), desc(contestEntries.id));
  if (rows.length === 0) return [];
  const workIds = [...new Set(rows.map((r) => r.workId))];
  const [firstImages, visible] = await Promise.all([
    db
      .selectDistinctOn([artworkImages.artworkId], { artworkId: artworkImages.artworkId, thumbKey: artworkImages.thumbKey })
      .from(artworkImages)
      .where(inArray(artworkImages.artworkId, workIds))
      .orderBy(asc(artworkImages.artworkId), asc(artworkImages.position), asc(artworkImages.id)),
    db
      .select({ id: artworks.id })
      .from(artworks)
      .where(and(inArray(artworks.id, workIds), visibleTo(viewerProfileId))),
  ]);
  const imageOf = new Map(firstImages.map((i) => [i.artworkId, i.thumbKey]));
  const canView = new Set(visible.map((v) => v.id));
  return rows.map((r) => {
    const image = imageOf.get(r.workId);
    return {
      id: r.id,
      contestId: r.contestId,
      work_id: r.workId,
      title: r.title,
      image: image ? deps.storage.url(image) : null,
      submission_date: r.createdAt.toISOString(),
      username: r.username,
      profile_picture: r.pictureKey ? deps.storage.url(r.pictureKey) : null,
      can_view: canView.has(r.workId),
    };
  });
}

const withoutContest = ({ contestId: _, ...entry }: EntryWithContest): ContestEntry => entry;

export interface ViewOptions {
  /** Include each contest's entry history (the detail); lists leave it empty. Visitors never get it. */
  history: boolean;
}

export async function contestViews(
  deps: AppDeps,
  rows: ContestRow[],
  viewer: ContestViewer,
  options: ViewOptions,
  db: Executor = deps.db,
): Promise<Contest[]> {
  if (rows.length === 0) return [];
  const now = deps.clock();
  const ids = rows.map((r) => r.id);
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const winnerIds = rows.map((r) => r.winnerEntryId).filter((id): id is number => id !== null);
  const child = viewer.profileId;

  const [headingOf, counts, winners, history, mine, memberships] = await Promise.all([
    orgPageHeadings(deps, db, rows),
    db
      .select({ contestId: contestEntries.contestId, n: count() })
      .from(contestEntries)
      .where(inArray(contestEntries.contestId, ids))
      .groupBy(contestEntries.contestId),
    winnerIds.length > 0 ? entryRows(deps, db, inArray(contestEntries.id, winnerIds), child) : Promise.resolve([]),
    options.history && viewer.loggedIn ? entryRows(deps, db, inArray(contestEntries.contestId, ids), child) : Promise.resolve([]),
    child === null
      ? Promise.resolve([])
      : db
          .select({ contestId: contestEntries.contestId, workId: contestEntries.artworkId })
          .from(contestEntries)
          .where(and(eq(contestEntries.profileId, child), inArray(contestEntries.contestId, ids)))
          .orderBy(asc(contestEntries.createdAt), asc(contestEntries.id)),
    child === null
      ? Promise.resolve([])
      : db
          .select({ organizationId: profileOrganizations.organizationId })
          .from(profileOrganizations)
          .where(
            and(
              eq(profileOrganizations.profileId, child),
              eq(profileOrganizations.status, 'approved'),
              inArray(profileOrganizations.organizationId, orgIds),
            ),
          ),
  ]);

  const countOf = new Map(counts.map((c) => [c.contestId, c.n]));
  const winnerById = new Map(winners.map((w) => [w.id, w]));
  const historyOf = groupBy(history, (e) => e.contestId);
  const mineOf = groupBy(mine, (e) => e.contestId);
  const memberOf = new Set(memberships.map((m) => m.organizationId));

  return rows.map((r) => {
    const status = contestStatus(r, now);
    const winner = r.winnerEntryId !== null ? winnerById.get(r.winnerEntryId) : undefined;
    return {
      id: r.id,
      name: r.name,
      title: r.name,
      ...headingOf(r),
      start_date: r.startsAt.toISOString(),
      end_date: r.endsAt.toISOString(),
      status,
      members_only: r.membersOnly,
      winner: winner ? withoutContest(winner) : null,
      user: winner ? { username: winner.username, profile_picture: winner.profile_picture } : null,
      explanation: r.explanation,
      eligibility_criteria: r.eligibilityCriteria,
      entry_count: countOf.get(r.id) ?? 0,
      entry_history: (historyOf.get(r.id) ?? []).map(withoutContest),
      eligible: child !== null && status === 'in_session' && (!r.membersOnly || memberOf.has(r.organizationId)),
      my_entries: (mineOf.get(r.id) ?? []).map((e) => e.workId),
    };
  });
}

export async function contestView(
  deps: AppDeps,
  row: ContestRow,
  viewer: ContestViewer,
  options: ViewOptions = { history: true },
  db: Executor = deps.db,
): Promise<Contest> {
  const [view] = await contestViews(deps, [row], viewer, options, db);
  return view!;
}

/** The console's wall: every entry of a contest, newest first, with the winner marked. */
export async function consoleEntries(deps: AppDeps, row: ContestRow): Promise<ConsoleEntry[]> {
  const entries = await entryRows(deps, deps.db, eq(contestEntries.contestId, row.id), null);
  return entries.map((e) => ({
    id: e.id,
    work_id: e.work_id,
    title: e.title,
    image: e.image,
    username: e.username,
    profile_picture: e.profile_picture,
    submission_date: e.submission_date,
    is_winner: e.id === row.winnerEntryId,
  }));
}
