/**
 * Contests (works spec §2-§7, decisions.md "Contest status", issue 12): the lists and the detail a family reads, a
 * child's entry, and what an organization's staff do in the console (create, edit, delete, the wall of entries, the
 * winner). Status filters and the list order are SQL, with the same rule as contestStatus (./contest-views.ts).
 *
 * Races: an entry reads its contest FOR SHARE, so a winner picked, an edit or a delete at the same moment waits
 * for it (and it for them); the winner is set by one conditional UPDATE (only while no winner is set and the
 * contest has started), so two staff picking at once cannot both win; a delete locks the contest before it counts
 * its entries. The unique (contest, work) index decides a double entry.
 */
import { and, count, desc, eq, exists, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import type { Contest, ContestFilter, ContestEntry } from '@contract/contests';
import type { ConsoleEntry } from '@contract/console';
import { LIMITS, type Language } from '@contract/limits';
import { M } from '@contract/messages';
import type { Paged } from '@contract/works';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import type { Executor } from '../db/open';
import { artworks, contestEntries, contests, organizations, profileOrganizations, profiles, users, type ContestRow } from '../db/schema';
import type { ImageSource } from '../adapters/images';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { MAIL } from '../mail-messages';
import { sendMail } from './accounts';
import { consoleEntries, contestStatus, contestView, contestViews, entryRows, type ContestViewer } from './contest-views';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';
import { escapeLike, pageLinks, type ListLinks } from './lists';
import { adoptOrgPicture, removeOrgPicture, storeOrgPicture } from './org-pages';

// ---- lists --------------------------------------------------------------------------------------

export interface ContestFilters {
  page: number;
  search?: string | undefined;
  status: ContestFilter;
}

/** The SQL twin of contestStatus: held once decided or ended; scheduled before the start; else in session. */
function heldAt(now: Date): SQL {
  return or(isNotNull(contests.decidedAt), lte(contests.endsAt, now))!;
}

function statusClause(status: ContestFilter, now: Date): SQL | undefined {
  switch (status) {
    case 'all':
      return undefined;
    case 'already_held':
      return heldAt(now);
    case 'scheduled':
      return and(isNull(contests.decidedAt), gt(contests.startsAt, now));
    case 'in_session':
      return and(isNull(contests.decidedAt), lte(contests.startsAt, now), gt(contests.endsAt, now));
  }
}

function searchClause(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(contests.name, pattern), ilike(organizations.name, pattern));
}

async function pageOf(
  deps: AppDeps,
  where: (SQL | undefined)[],
  order: SQL[],
  page: number,
  viewer: ContestViewer,
  links: ListLinks,
): Promise<Paged<Contest>> {
  const size = LIMITS.pageSizeContests;
  const condition = and(...where);
  const [total] = await deps.db
    .select({ n: count() })
    .from(contests)
    .innerJoin(organizations, eq(organizations.id, contests.organizationId))
    .where(condition);
  const rows = await deps.db
    .select({ contest: contests })
    .from(contests)
    .innerJoin(organizations, eq(organizations.id, contests.organizationId))
    .where(condition)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  const n = total?.n ?? 0;
  return {
    count: n,
    ...pageLinks(links, page, size, n),
    results: await contestViews(
      deps,
      rows.map((r) => r.contest),
      viewer,
      { history: false },
    ),
  };
}

/** Running and scheduled first (the soonest start first), then those already held (the latest end first). */
function familyOrder(now: Date): SQL[] {
  const held = heldAt(now);
  return [
    sql`case when ${held} then 1 else 0 end`,
    sql`case when ${held} then null else ${contests.startsAt} end asc`,
    sql`case when ${held} then ${contests.endsAt} end desc`,
    desc(contests.id),
  ];
}

/** GET /api/contests/ (everyone) and /api/contests/my-contests (the child's entered contests). */
export async function listContests(
  deps: AppDeps,
  kind: 'all' | 'mine',
  filters: ContestFilters,
  viewer: ContestViewer,
  links: ListLinks,
): Promise<Paged<Contest>> {
  const now = deps.clock();
  const entered =
    kind === 'mine'
      ? exists(
          deps.db
            .select({ one: sql`1` })
            .from(contestEntries)
            .where(and(eq(contestEntries.contestId, contests.id), eq(contestEntries.profileId, viewer.profileId ?? -1))),
        )
      : undefined;
  return pageOf(
    deps,
    [entered, statusClause(filters.status, now), searchClause(filters.search)],
    familyOrder(now),
    filters.page,
    viewer,
    links,
  );
}

/** GET /api/org/{orgId}/contests/: the organization's contests, newest first. */
export async function listOrgContests(deps: AppDeps, orgId: number, page: number, viewer: ContestViewer, links: ListLinks) {
  return pageOf(deps, [eq(contests.organizationId, orgId)], [desc(contests.createdAt), desc(contests.id)], page, viewer, links);
}

// ---- the detail and an entry --------------------------------------------------------------------

async function findContest(db: Executor, id: number): Promise<ContestRow> {
  const [row] = await db.select().from(contests).where(eq(contests.id, id));
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

/** GET /api/contests/{id}: public; the entry history for logged-in callers only. */
export async function contestDetail(deps: AppDeps, id: number, viewer: ContestViewer): Promise<Contest> {
  return contestView(deps, await findContest(deps.db, id), viewer, { history: true });
}

async function isApprovedMember(db: Executor, profileId: number, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: profileOrganizations.profileId })
    .from(profileOrganizations)
    .where(
      and(
        eq(profileOrganizations.profileId, profileId),
        eq(profileOrganizations.organizationId, organizationId),
        eq(profileOrganizations.status, 'approved'),
      ),
    );
  return Boolean(row);
}

/**
 * POST /api/contests/submit-work/: the child's own work (another's, a sibling's included, is not found), into a
 * contest in session (422 otherwise), members-only ones for approved members only (403; a pending request is not a
 * membership), once per work and contest (409). The consent's moment is stored with the entry.
 */
export async function submitWork(deps: AppDeps, profileId: number, contestId: number, workId: number): Promise<ContestEntry> {
  const now = deps.clock();
  let entryId: number;
  try {
    entryId = await deps.db.transaction(async (tx) => {
      const [contest] = await tx.select().from(contests).where(eq(contests.id, contestId)).for('share');
      if (!contest) throw new ApiError(404, M.notFound);
      const [work] = await tx
        .select({ id: artworks.id })
        .from(artworks)
        .where(and(eq(artworks.id, workId), eq(artworks.profileId, profileId)));
      if (!work) throw new ApiError(404, M.notFound);
      if (contestStatus(contest, now) !== 'in_session') throw new ApiError(422, M.contestNotInSession);
      if (contest.membersOnly && !(await isApprovedMember(tx, profileId, contest.organizationId))) {
        const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, contest.organizationId));
        throw new ApiError(403, M.contestMembersOnly, { organization: org?.name ?? '' });
      }
      const [entry] = await tx
        .insert(contestEntries)
        .values({ contestId, artworkId: workId, profileId, consentedAt: now, createdAt: now })
        .onConflictDoNothing({ target: [contestEntries.contestId, contestEntries.artworkId] })
        .returning({ id: contestEntries.id });
      if (!entry) throw new ApiError(409, M.contestAlreadyEntered);
      return entry.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, M.contestAlreadyEntered);
    // The work (or the contest) was deleted in the meantime.
    if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
    throw err;
  }
  const [entry] = await entryRows(deps, deps.db, eq(contestEntries.id, entryId), profileId);
  if (!entry) throw new ApiError(404, M.notFound);
  const { contestId: _, ...view } = entry;
  return view;
}

// ---- the console --------------------------------------------------------------------------------

/** The organization's contest; another organization's (or none) is not found, as everything outside one's reach. */
export async function orgContest(db: Executor, orgId: number, contestId: number, lock?: 'update'): Promise<ContestRow> {
  const query = db
    .select()
    .from(contests)
    .where(and(eq(contests.id, contestId), eq(contests.organizationId, orgId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

export interface ContestInput {
  name: string;
  explanation: string;
  eligibility_criteria: string;
  start_date: Date;
  end_date: Date;
  members_only: boolean;
}

const columnsOf = (input: ContestInput) => ({
  name: input.name,
  explanation: input.explanation,
  eligibilityCriteria: input.eligibility_criteria,
  startsAt: input.start_date,
  endsAt: input.end_date,
  membersOnly: input.members_only,
});

/** Staff read every entry's history (their wall shows them anyway); can_view stays the works' own rule. */
const STAFF: ContestViewer = { profileId: null, loggedIn: true };

/** POST /api/org/{orgId}/contests/: the thumbnail is re-encoded before the row is written. */
export async function createContest(
  deps: AppDeps,
  orgId: number,
  userId: number,
  input: ContestInput,
  thumbnail: ImageSource,
): Promise<Contest> {
  const key = await storeOrgPicture(deps, 'contests', thumbnail);
  let row: ContestRow | undefined;
  try {
    [row] = await deps.db.transaction(async (tx) => {
      await adoptOrgPicture(tx, key);
      return tx
        .insert(contests)
        .values({ ...columnsOf(input), organizationId: orgId, thumbnailKey: key, createdBy: userId, createdAt: deps.clock() })
        .returning();
    });
  } catch (err) {
    await removeOrgPicture(deps, key);
    // The organization was deleted in the meantime.
    if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
    throw err;
  }
  return contestView(deps, row!, STAFF);
}

/** POST …/contests/{id}/update/: the fields replace the stored ones; a new thumbnail replaces the old file. */
export async function updateContest(
  deps: AppDeps,
  orgId: number,
  contestId: number,
  input: ContestInput,
  thumbnail: ImageSource | null,
): Promise<Contest> {
  const key = thumbnail ? await storeOrgPicture(deps, 'contests', thumbnail) : null;
  let saved: { row: ContestRow; deleting: string[] };
  try {
    saved = await deps.db.transaction(async (tx) => {
      const current = await orgContest(tx, orgId, contestId, 'update');
      await adoptOrgPicture(tx, key);
      const [updated] = await tx
        .update(contests)
        .set({ ...columnsOf(input), ...(key ? { thumbnailKey: key } : {}) })
        .where(eq(contests.id, contestId))
        .returning();
      const deleting = key ? await scheduleFileDeletions(tx, [current.thumbnailKey]) : [];
      return { row: updated!, deleting };
    });
  } catch (err) {
    // The new file was never referenced by a committed row.
    await removeOrgPicture(deps, key);
    throw err;
  }
  await deleteScheduledFiles(deps, saved.deleting);
  return contestView(deps, saved.row, STAFF);
}

/** DELETE …/contests/{id}/: only a contest without entries (409), with its thumbnail file. */
export async function deleteContest(deps: AppDeps, orgId: number, contestId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const row = await orgContest(tx, orgId, contestId, 'update');
    const [entry] = await tx.select({ id: contestEntries.id }).from(contestEntries).where(eq(contestEntries.contestId, contestId)).limit(1);
    if (entry) throw new ApiError(409, M.contestHasEntries);
    await tx.delete(contests).where(eq(contests.id, contestId));
    return scheduleFileDeletions(tx, [row.thumbnailKey]);
  });
  await deleteScheduledFiles(deps, keys);
}

/** GET …/contests/{id}/entries/. */
export async function contestEntriesOf(deps: AppDeps, orgId: number, contestId: number): Promise<ConsoleEntry[]> {
  return consoleEntries(deps, await orgContest(deps.db, orgId, contestId));
}

/**
 * POST …/contests/{id}/winner/: an entry of this contest (404 otherwise), once the contest has started (422), once
 * (409). One conditional UPDATE decides, so of two picks at the same moment only one wins. The winning child's
 * parent is e-mailed (after the answer) in the request's language.
 */
export async function pickWinner(deps: AppDeps, orgId: number, contestId: number, entryId: number, lang: Language): Promise<Contest> {
  const contest = await orgContest(deps.db, orgId, contestId);
  const [entry] = await deps.db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(and(eq(contestEntries.id, entryId), eq(contestEntries.contestId, contest.id)));
  if (!entry) throw new ApiError(404, M.notFound);
  const now = deps.clock();
  let updated: ContestRow | undefined;
  try {
    [updated] = await deps.db
      .update(contests)
      .set({ winnerEntryId: entryId, decidedAt: now })
      .where(
        and(
          eq(contests.id, contestId),
          eq(contests.organizationId, orgId),
          isNull(contests.decidedAt),
          lte(contests.startsAt, now),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(contestEntries)
              .where(and(eq(contestEntries.id, entryId), eq(contestEntries.contestId, contestId))),
          ),
        ),
      )
      .returning();
  } catch (err) {
    // The entry's work was deleted in the meantime.
    if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
    throw err;
  }
  if (!updated) {
    const [current] = await deps.db.select().from(contests).where(eq(contests.id, contestId));
    if (current?.decidedAt) throw new ApiError(409, M.contestAlreadyDecided);
    if (current && now.getTime() < current.startsAt.getTime()) throw new ApiError(422, M.contestNotStarted);
    throw new ApiError(404, M.notFound);
  }
  await tellWinner(deps, updated, entryId, lang);
  return contestView(deps, updated, STAFF);
}

async function tellWinner(deps: AppDeps, contest: ContestRow, entryId: number, lang: Language): Promise<void> {
  const [winner] = await deps.db
    .select({ email: users.email, username: profiles.username, title: artworks.title, organization: organizations.name })
    .from(contestEntries)
    .innerJoin(profiles, eq(profiles.id, contestEntries.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(artworks, eq(artworks.id, contestEntries.artworkId))
    .innerJoin(organizations, eq(organizations.id, contest.organizationId))
    .where(eq(contestEntries.id, entryId));
  if (!winner) return;
  // Sent after the answer, as every e-mail is (accounts.ts).
  sendMail(deps, winner.email, lang, [MAIL.contestWinnerSubject, MAIL.contestWinnerBody], {
    username: winner.username,
    contest: contest.name,
    title: winner.title,
    organization: winner.organization,
    link: `${deps.config.publicUrl}/contest-detail?id=${contest.id}`,
  });
}
