/**
 * The family circle (issue 32, decisions.md "The family circle"). A parent invites a relative with a link; whoever
 * opens it with an account of their own joins as a fan and follows the children the parent chose. A fan sees the
 * works those children share with the circle (or publish), with the child's username and age, and nothing else of
 * the family. Every fan read checks the membership in the database, in the request's first statement: removing a
 * fan, or a child from what they follow, takes effect on the next request on every instance, with no cache to wait
 * for.
 *
 * Invitation links carry 256 random bits; only their SHA-256 is stored. A link is good once, for 7 days, until the
 * parent cancels it; using it is one UPDATE … WHERE used_at IS NULL, so two people opening it at once cannot both
 * join.
 */
import { createHash, randomBytes } from 'node:crypto';

import { and, asc, count, desc, eq, gt, inArray, isNull, max, or, type Placeholder, type SQL, sql } from 'drizzle-orm';

import {
  CIRCLE_INVITATION_DAYS,
  type CircleFan,
  type CircleInvitation,
  type CircleInvitationCreated,
  type CircleInvitationPreview,
  type CircleOverview,
  type CircleComment,
  type CircleReactions,
  type CircleRole,
  type CircleStamp,
  type CircleWork,
  type FollowedChild,
  type PendingComment,
  type WorkCircle,
} from '@contract/circle';
import type { Language } from '@contract/limits';
import { LIMITS } from '@contract/limits';
import { M } from '@contract/messages';
import type { Paged } from '@contract/works';
import { CIRCLE } from '../circle-messages';
import type { Executor } from '../db/open';
import {
  artworkImages,
  artworks,
  categories,
  circleComments,
  circleFans,
  circleFollows,
  circleInvitations,
  circleStamps,
  circleViews,
  profiles,
  users,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { commentArrived, commentWaiting } from './circle-notices';
import { pageLinks, type ListLinks } from './lists';
import { parsed, toWork, viewFields, writtenIn } from './work-views';

/** At most this many invitations wait at once per family. */
const MAX_WAITING = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface ChildCell {
  id: number;
  username: string;
  profile_picture: string | null;
}

/** The family's children by id, as fans and the invitation page may see them (username and picture only). */
async function childrenOf(deps: AppDeps, db: Executor, userId: number): Promise<Map<number, ChildCell>> {
  const rows = await db
    .select({ id: profiles.id, username: profiles.username, pictureKey: profiles.pictureKey })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(asc(profiles.id));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, username: r.username, profile_picture: r.pictureKey ? deps.storage.url(r.pictureKey) : null }]),
  );
}

/** 400 {children} unless every id is one of the family's children; the ids without repeats. */
function ownChildren(family: Map<number, ChildCell>, ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.some((id) => !family.has(id))) throw ValidationError.of('children', CIRCLE.childrenRequired.id);
  return unique;
}

const pick = (family: Map<number, ChildCell>, ids: readonly number[]) => ids.flatMap((id) => (family.has(id) ? [family.get(id)!] : []));

/** GET /api/circle/: fans (with what they follow), invitations still good, and the family's default. */
export async function circleOverview(deps: AppDeps, userId: number): Promise<CircleOverview> {
  const now = deps.clock();
  const family = await childrenOf(deps, deps.db, userId);
  const [user] = await deps.db.select({ circleByDefault: users.circleByDefault }).from(users).where(eq(users.id, userId));
  const fans = await deps.db
    .select({ fan: circleFans, name: users.firstName })
    .from(circleFans)
    .innerJoin(users, eq(users.id, circleFans.fanUserId))
    .where(eq(circleFans.userId, userId))
    .orderBy(asc(circleFans.createdAt), asc(circleFans.id));
  const follows =
    fans.length === 0
      ? []
      : await deps.db
          .select()
          .from(circleFollows)
          .where(
            inArray(
              circleFollows.fanId,
              fans.map((f) => f.fan.id),
            ),
          );
  const invitations = await deps.db
    .select()
    .from(circleInvitations)
    .where(and(eq(circleInvitations.userId, userId), isNull(circleInvitations.usedAt), gt(circleInvitations.expiresAt, now)))
    .orderBy(desc(circleInvitations.createdAt), desc(circleInvitations.id));
  return {
    circle_by_default: user?.circleByDefault ?? false,
    children: [...family.values()],
    fans: fans.map(({ fan, name }): CircleFan => ({
      id: fan.id,
      role: fan.role,
      role_label: fan.roleLabel,
      name,
      children: pick(
        family,
        follows.filter((f) => f.fanId === fan.id).map((f) => f.profileId),
      ),
      needs_approval: fan.needsApproval,
      since: fan.createdAt.toISOString(),
      last_seen: fan.lastSeenAt?.toISOString() ?? null,
    })),
    invitations: invitations.map((i) => invitationView(family, i)),
  };
}

function invitationView(family: Map<number, ChildCell>, i: typeof circleInvitations.$inferSelect): CircleInvitation {
  return {
    id: i.id,
    role: i.role,
    role_label: i.roleLabel,
    children: pick(family, i.profileIds),
    needs_approval: i.needsApproval,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}

/** PATCH /api/circle/. */
export async function setCircleDefault(deps: AppDeps, userId: number, circleByDefault: boolean): Promise<CircleOverview> {
  await deps.db.update(users).set({ circleByDefault }).where(eq(users.id, userId));
  return circleOverview(deps, userId);
}

export interface InviteFields {
  role: CircleRole;
  role_label: string;
  children: number[];
  needs_approval: boolean;
}

/** POST /api/circle/invitations/: the link is in the answer, once. */
export async function inviteToCircle(deps: AppDeps, userId: number, fields: InviteFields): Promise<CircleInvitationCreated> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  return deps.db.transaction(async (tx) => {
    // One family's invitations are made one at a time: the count below cannot be raced past.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const family = await childrenOf(deps, tx, userId);
    const children = ownChildren(family, fields.children);
    const [waiting] = await tx
      .select({ n: count() })
      .from(circleInvitations)
      .where(and(eq(circleInvitations.userId, userId), isNull(circleInvitations.usedAt), gt(circleInvitations.expiresAt, now)));
    if ((waiting?.n ?? 0) >= MAX_WAITING) throw new ApiError(409, CIRCLE.tooManyInvitations);
    const [row] = await tx
      .insert(circleInvitations)
      .values({
        userId,
        tokenHash: hashOf(token),
        role: fields.role,
        // A label only for `other`: the fixed roles are named by the PWA in the reader's language.
        roleLabel: fields.role === 'other' ? fields.role_label : '',
        profileIds: children,
        needsApproval: fields.needs_approval,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CIRCLE_INVITATION_DAYS * 86_400_000),
      })
      .returning();
    return { ...invitationView(family, row!), token, url: `${deps.config.publicUrl}/circle/join/${token}` };
  });
}

/** DELETE /api/circle/invitations/{id}/: an unused one of this family's, else 404. */
export async function revokeInvitation(deps: AppDeps, userId: number, id: number): Promise<void> {
  const gone = await deps.db
    .delete(circleInvitations)
    .where(and(eq(circleInvitations.id, id), eq(circleInvitations.userId, userId), isNull(circleInvitations.usedAt)))
    .returning({ id: circleInvitations.id });
  if (gone.length === 0) throw new ApiError(404, M.notFound);
}

/** PATCH /api/circle/fans/{id}/. */
export async function updateFan(
  deps: AppDeps,
  userId: number,
  fanId: number,
  patch: { children?: number[] | undefined; needs_approval?: boolean | undefined },
): Promise<CircleOverview> {
  await deps.db.transaction(async (tx) => {
    const [fan] = await tx
      .select({ id: circleFans.id })
      .from(circleFans)
      .where(and(eq(circleFans.id, fanId), eq(circleFans.userId, userId)))
      .for('update');
    if (!fan) throw new ApiError(404, M.notFound);
    if (patch.needs_approval !== undefined)
      await tx.update(circleFans).set({ needsApproval: patch.needs_approval }).where(eq(circleFans.id, fanId));
    if (patch.children !== undefined) {
      const children = ownChildren(await childrenOf(deps, tx, userId), patch.children);
      await tx.delete(circleFollows).where(eq(circleFollows.fanId, fanId));
      await tx.insert(circleFollows).values(children.map((profileId) => ({ fanId, profileId })));
    }
  });
  return circleOverview(deps, userId);
}

/** DELETE /api/circle/fans/{id}/: the fan's follows go with the row, so their next request finds nothing. */
export async function removeFan(deps: AppDeps, userId: number, fanId: number): Promise<void> {
  const gone = await deps.db
    .delete(circleFans)
    .where(and(eq(circleFans.id, fanId), eq(circleFans.userId, userId)))
    .returning({ id: circleFans.id });
  if (gone.length === 0) throw new ApiError(404, M.notFound);
}

/** An invitation still good for this token, or 404 (one answer for unknown, used, cancelled and expired). */
async function goodInvitation(deps: AppDeps, db: Executor, token: string) {
  const [row] = await db
    .select()
    .from(circleInvitations)
    .where(
      and(eq(circleInvitations.tokenHash, hashOf(token)), isNull(circleInvitations.usedAt), gt(circleInvitations.expiresAt, deps.clock())),
    );
  if (!row) throw new ApiError(404, CIRCLE.invitationInvalid);
  return row;
}

/** GET /api/circle/join/{token}/. */
export async function previewInvitation(deps: AppDeps, token: string): Promise<CircleInvitationPreview> {
  const row = await goodInvitation(deps, deps.db, token);
  const family = await childrenOf(deps, deps.db, row.userId);
  return { role: row.role, role_label: row.roleLabel, children: pick(family, row.profileIds), expires_at: row.expiresAt.toISOString() };
}

/**
 * POST /api/circle/join/{token}/: the caller's account becomes a fan of the family (or, already one, follows these
 * children too), and the link is used up. 400 for the inviting family's own account.
 */
export async function joinCircle(deps: AppDeps, fanUserId: number, token: string, lang: Language): Promise<ChildCell[]> {
  return deps.db.transaction(async (tx) => {
    const found = await goodInvitation(deps, tx, token);
    if (found.userId === fanUserId) throw new ApiError(400, CIRCLE.ownFamily);
    // Used once: of two callers at once, one updates the row and the other finds it used.
    const [used] = await tx
      .update(circleInvitations)
      .set({ usedAt: deps.clock() })
      .where(and(eq(circleInvitations.id, found.id), isNull(circleInvitations.usedAt)))
      .returning();
    if (!used) throw new ApiError(404, CIRCLE.invitationInvalid);
    const family = await childrenOf(deps, tx, used.userId);
    const children = used.profileIds.filter((id) => family.has(id));
    if (children.length === 0) throw new ApiError(404, CIRCLE.invitationInvalid);
    const [fan] = await tx
      .insert(circleFans)
      .values({
        userId: used.userId,
        fanUserId,
        role: used.role,
        roleLabel: used.roleLabel,
        needsApproval: used.needsApproval,
        lang,
        createdAt: deps.clock(),
      })
      .onConflictDoUpdate({
        target: [circleFans.userId, circleFans.fanUserId],
        // The parent's newest word: the role and the approval of this invitation.
        set: { role: used.role, roleLabel: used.roleLabel, needsApproval: used.needsApproval, lang },
      })
      .returning({ id: circleFans.id });
    await tx
      .insert(circleFollows)
      .values(children.map((profileId) => ({ fanId: fan!.id, profileId })))
      .onConflictDoNothing();
    return pick(family, children);
  });
}

/** A work a fan may see: the owner is a child the fan follows, and the work is the circle's (shared with it, or public). */
const circleVisible = sql`(${artworks.inCircle} or ${artworks.isPublic})`;

/** The follows of this fan, with the family's role for it. */
function followsOf(deps: AppDeps, fanUserId: number) {
  return deps.db
    .select({
      profileId: circleFollows.profileId,
      fanId: circleFans.id,
      lastSeen: circleFans.lastSeenAt,
      role: circleFans.role,
      roleLabel: circleFans.roleLabel,
    })
    .from(circleFollows)
    .innerJoin(circleFans, eq(circleFans.id, circleFollows.fanId))
    .where(eq(circleFans.fanUserId, fanUserId));
}

/**
 * Marks the fan seen (for the parents' list): at most once a minute per family, and no statement at all for a fan
 * seen within the minute (`lastSeen` as the request's own read found it), so a page is not a write.
 */
async function seen(deps: AppDeps, fans: readonly { fanId: number; lastSeen: Date | string | null }[]): Promise<void> {
  const now = deps.clock();
  const stale = (at: Date | string | null) => !at || new Date(at).getTime() < now.getTime() - 60_000;
  const fanIds = [...new Set(fans.filter((f) => stale(f.lastSeen)).map((f) => f.fanId))];
  if (fanIds.length === 0) return;
  await deps.db
    .update(circleFans)
    .set({ lastSeenAt: now })
    .where(
      and(
        inArray(circleFans.id, fanIds),
        or(isNull(circleFans.lastSeenAt), sql`${circleFans.lastSeenAt} < ${new Date(now.getTime() - 60_000)}`),
      ),
    );
}

/** GET /api/fan/children/: every child the caller follows, with how many circle works each has. */
export async function followedChildren(deps: AppDeps, fanUserId: number): Promise<FollowedChild[]> {
  const follows = await followsOf(deps, fanUserId);
  if (follows.length === 0) return [];
  const ids = follows.map((f) => f.profileId);
  const kids = await deps.db
    .select({ id: profiles.id, username: profiles.username, pictureKey: profiles.pictureKey })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(asc(profiles.id));
  const works = await deps.db
    .select({ profileId: artworks.profileId, n: count(), latest: max(artworks.createdAt) })
    .from(artworks)
    .where(and(inArray(artworks.profileId, ids), circleVisible))
    .groupBy(artworks.profileId);
  await seen(deps, follows);
  return kids.map((k) => {
    const f = follows.find((x) => x.profileId === k.id)!;
    const w = works.find((x) => x.profileId === k.id);
    return {
      id: k.id,
      username: k.username,
      profile_picture: k.pictureKey ? deps.storage.url(k.pictureKey) : null,
      role: f.role,
      role_label: f.roleLabel,
      works_count: w?.n ?? 0,
      latest_work_at: w?.latest ? new Date(w.latest).toISOString() : null,
    };
  });
}

// The two reactions' subqueries name their tables and columns with aliases of their own: drizzle writes a column in a
// select's SQL without its table when the select has no join (reactionsFor), where `id` would be ambiguous.

/** A work's stickers (counted, the caller's marked) as JSON: `workId` is the work's id column as SQL. */
const stampsOf = (workId: SQL, fan: SQL | Placeholder) =>
  sql<unknown>`(select coalesce(json_agg(s order by s.stamp), '[]'::json) from (
    select cs.stamp, count(*)::int as n, bool_or(f.fan_user_id = ${fan}) as mine
    from circle_stamps cs inner join circle_fans f on f.id = cs.fan_id
    where cs.artwork_id = ${workId} group by cs.stamp) s)`;

/** A work's comments the caller may see (approved, and its own), oldest first, as JSON. */
const commentsOf = (workId: SQL, fan: SQL | Placeholder) =>
  sql<unknown>`(select coalesce(json_agg(c order by c."createdAt", c.id), '[]'::json) from (
    select cc.id, cc.artwork_id as "artworkId", cc.body, cc.status, cc.created_at as "createdAt", f.role,
      f.role_label as "roleLabel", f.fan_user_id as "fanUserId", cc.reply_stamp as "replyStamp"
    from circle_comments cc inner join circle_fans f on f.id = cc.fan_id
    where cc.artwork_id = ${workId} and (cc.status = 'approved' or f.fan_user_id = ${fan})) c)`;

/**
 * A fan's page in one prepared statement (parsed and planned once per connection): the page's works with their
 * view's columns, each with its stickers and comments, and on every row the caller's follow of the child with the
 * count of its circle works. No row: no follow, or no work on that page; the follow alone (`follow`) tells which.
 * Four statements, two of them built per request, were most of the page's time (bench:api, the circle page).
 */
function prepareCirclePage(deps: AppDeps) {
  const child = sql.placeholder('child');
  const fan = sql.placeholder('fan');
  const followOf = () =>
    deps.db
      .select({
        fanId: circleFans.id,
        lastSeen: circleFans.lastSeenAt,
        total: sql<number>`(select count(*) from ${artworks} where ${artworks.profileId} = ${child} and ${circleVisible})`
          .mapWith(Number)
          .as('total'),
      })
      .from(circleFollows)
      .innerJoin(circleFans, eq(circleFans.id, circleFollows.fanId))
      .where(and(eq(circleFans.fanUserId, fan), eq(circleFollows.profileId, child)));
  const follow = followOf().prepare('circle_follow');
  const theFollow = followOf().as('follow');
  // The page's ids first, by the circle works' index; only those rows get their view's columns (work-views.ts).
  const workId = sql`"artworks"."id"`;
  const pageOf = (offset: number | Placeholder, name: string) => {
    const pageIds = deps.db
      .select({ id: artworks.id })
      .from(artworks)
      .where(and(eq(artworks.profileId, child), circleVisible))
      .orderBy(desc(artworks.createdAt), desc(artworks.id))
      .limit(writtenIn(LIMITS.pageSizeWorks))
      .offset(offset)
      .as('page');
    return deps.db
      .select({
        ...viewFields(null),
        follow: { fanId: theFollow.fanId, lastSeen: theFollow.lastSeen, total: theFollow.total },
        stamps: stampsOf(workId, fan),
        comments: commentsOf(workId, fan),
      })
      .from(artworks)
      .leftJoin(categories, eq(categories.id, artworks.categoryId))
      .leftJoin(profiles, eq(profiles.id, artworks.profileId))
      .innerJoin(pageIds, eq(pageIds.id, artworks.id))
      .innerJoin(theFollow, sql`true`)
      .orderBy(desc(artworks.createdAt), desc(artworks.id))
      .prepare(name);
  };
  // The first pages, which fans open most, with LIMIT and OFFSET written in: PostgreSQL plans a statement whose
  // OFFSET is a parameter for 10 % of the rows (its generic plan looks dear), so it planned the page again for every
  // request (about 700 µs of planning against 250 µs of running it: bench:api with BENCH_API_PG_STATS). Written in,
  // the page is planned once per connection (about 170 KB of the connection's memory each). Later pages keep the
  // parameter.
  const firstPages = Array.from({ length: CIRCLE_WRITTEN_PAGES }, (_, i) =>
    pageOf(writtenIn(i * LIMITS.pageSizeWorks), `circle_page_${i + 1}`),
  );
  const page = pageOf(sql.placeholder('offset'), 'circle_page');
  return { follow, firstPages, page };
}
/** Pages with their own statement (see prepareCirclePage). */
const CIRCLE_WRITTEN_PAGES = 3;
const circlePages = new WeakMap<AppDeps, ReturnType<typeof prepareCirclePage>>();

/**
 * GET /api/fan/children/{childId}/works/: one page of a followed child's circle works, newest first. The follow is
 * read on every request, in the page's own statement: a fan removed a moment ago gets 404, as for a child they never
 * followed.
 */
export async function childCircleWorks(
  deps: AppDeps,
  fanUserId: number,
  childId: number,
  page: number,
  lang: Language,
  links: ListLinks,
): Promise<Paged<CircleWork>> {
  let statements = circlePages.get(deps);
  if (!statements) circlePages.set(deps, (statements = prepareCirclePage(deps)));
  const size = LIMITS.pageSizeWorks;
  const rows =
    page <= CIRCLE_WRITTEN_PAGES
      ? await statements.firstPages[page - 1]!.execute({ fan: fanUserId, child: childId })
      : await statements.page.execute({ fan: fanUserId, child: childId, offset: (page - 1) * size });
  // An empty page: a page past the last, or no follow (404).
  const follow = rows[0]?.follow ?? (await statements.follow.execute({ fan: fanUserId, child: childId }))[0];
  if (!follow) throw new ApiError(404, M.notFound);
  await seen(deps, [follow]);
  const total = Number(follow.total);
  return {
    count: total,
    ...pageLinks(links, page, size, total),
    results: rows.map((r): CircleWork => ({ ...toWork(deps, r, lang), circle: reactionsOf(r.stamps, r.comments, fanUserId) })),
  };
}

// ---- what fans do with a work: stickers, 「みたよ」, comments ------------------------------------------------

/** The caller's place in the work's family circle, if it follows the work's owner and the work is the circle's; else 404. */
async function fanOfWork(deps: AppDeps, fanUserId: number, workId: number): Promise<{ fanId: number; needsApproval: boolean }> {
  const [row] = await deps.db
    .select({ fanId: circleFans.id, needsApproval: circleFans.needsApproval })
    .from(artworks)
    .innerJoin(circleFollows, eq(circleFollows.profileId, artworks.profileId))
    .innerJoin(circleFans, and(eq(circleFans.id, circleFollows.fanId), eq(circleFans.fanUserId, fanUserId)))
    .where(and(eq(artworks.id, workId), circleVisible));
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

interface CommentRow {
  id: number;
  artworkId: number;
  body: string;
  status: 'pending' | 'approved';
  createdAt: Date;
  role: CircleRole;
  roleLabel: string;
  fanUserId: number;
  replyStamp: CircleStamp | null;
}

const commentView = (c: CommentRow, viewerUserId: number | null): CircleComment => ({
  id: c.id,
  role: c.role,
  role_label: c.roleLabel,
  body: c.body,
  created_at: c.createdAt.toISOString(),
  pending: c.status === 'pending',
  mine: viewerUserId !== null && c.fanUserId === viewerUserId,
  reply: c.replyStamp,
});

const commentColumns = {
  id: circleComments.id,
  artworkId: circleComments.artworkId,
  body: circleComments.body,
  status: circleComments.status,
  createdAt: circleComments.createdAt,
  role: circleFans.role,
  roleLabel: circleFans.roleLabel,
  fanUserId: circleFans.fanUserId,
  replyStamp: circleComments.replyStamp,
};

/** A work's reactions from its stickers' and comments' JSON (stampsOf, commentsOf). */
function reactionsOf(stamps: unknown, comments: unknown, fanUserId: number): CircleReactions {
  const out: CircleReactions = { stamps: [], my_stamp: null, comments: [] };
  for (const s of parsed<{ stamp: CircleStamp; n: number; mine: boolean }[]>(stamps)) {
    out.stamps.push({ stamp: s.stamp, count: s.n });
    if (s.mine) out.my_stamp = s.stamp;
  }
  for (const c of parsed<(Omit<CommentRow, 'createdAt'> & { createdAt: string })[]>(comments))
    out.comments.push(commentView({ ...c, createdAt: new Date(c.createdAt) }, fanUserId));
  return out;
}

/** One work's reactions, as the caller sees them. */
async function reactionsFor(deps: AppDeps, fanUserId: number, workId: number): Promise<CircleReactions> {
  const fan = sql`${fanUserId}`;
  const id = sql`${workId}::int`;
  const [row] = await deps.db.select({ stamps: stampsOf(id, fan), comments: commentsOf(id, fan) }).from(sql`(select 1) as one`);
  return reactionsOf(row?.stamps, row?.comments, fanUserId);
}

/** POST /api/fan/works/{id}/stamp/: the caller's sticker on the work, replaced or taken back. */
export async function stampWork(deps: AppDeps, fanUserId: number, workId: number, stamp: CircleStamp | null): Promise<CircleReactions> {
  const { fanId } = await fanOfWork(deps, fanUserId, workId);
  if (stamp === null) await deps.db.delete(circleStamps).where(and(eq(circleStamps.fanId, fanId), eq(circleStamps.artworkId, workId)));
  else
    await deps.db
      .insert(circleStamps)
      .values({ fanId, artworkId: workId, stamp, createdAt: deps.clock() })
      .onConflictDoUpdate({ target: [circleStamps.fanId, circleStamps.artworkId], set: { stamp, createdAt: deps.clock() } });
  return reactionsFor(deps, fanUserId, workId);
}

/** POST /api/fan/works/{id}/seen/: the first time is kept. */
export async function markWorkSeen(deps: AppDeps, fanUserId: number, workId: number): Promise<void> {
  const { fanId } = await fanOfWork(deps, fanUserId, workId);
  await deps.db.insert(circleViews).values({ fanId, artworkId: workId, seenAt: deps.clock() }).onConflictDoNothing();
}

/** POST /api/fan/works/{id}/comments/: pending unless the parent lets this fan's comments through. */
export async function commentOnWork(deps: AppDeps, fanUserId: number, workId: number, body: string): Promise<CircleComment> {
  const { fanId, needsApproval } = await fanOfWork(deps, fanUserId, workId);
  const now = deps.clock();
  const [row] = await deps.db
    .insert(circleComments)
    .values({
      artworkId: workId,
      fanId,
      body,
      status: needsApproval ? 'pending' : 'approved',
      createdAt: now,
      decidedAt: needsApproval ? null : now,
    })
    .returning();
  if (needsApproval) commentWaiting(deps, row!.id);
  else commentArrived(deps, row!.id);
  const [fan] = await deps.db.select().from(circleFans).where(eq(circleFans.id, fanId));
  return commentView({ ...row!, role: fan!.role, roleLabel: fan!.roleLabel, fanUserId }, fanUserId);
}

/** GET /api/circle/comments/: the family's fans' comments waiting for a parent, oldest first. */
export async function pendingCommentsOf(deps: AppDeps, userId: number): Promise<PendingComment[]> {
  const rows = await deps.db
    .select({
      ...commentColumns,
      title: artworks.title,
      childId: profiles.id,
      username: profiles.username,
      thumb: sql<
        string | null
      >`(select ${artworkImages.thumbKey} from ${artworkImages} where ${artworkImages.artworkId} = ${artworks.id} order by ${artworkImages.position}, ${artworkImages.id} limit 1)`,
    })
    .from(circleComments)
    .innerJoin(circleFans, eq(circleFans.id, circleComments.fanId))
    .innerJoin(artworks, eq(artworks.id, circleComments.artworkId))
    .innerJoin(profiles, eq(profiles.id, artworks.profileId))
    .where(and(eq(circleFans.userId, userId), eq(circleComments.status, 'pending')))
    .orderBy(asc(circleComments.createdAt), asc(circleComments.id));
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    role_label: r.roleLabel,
    body: r.body,
    created_at: r.createdAt.toISOString(),
    work: { id: r.artworkId, title: r.title, thumbnail_url: r.thumb ? deps.storage.url(r.thumb) : null },
    child: { id: r.childId, username: r.username },
  }));
}

/** The family's comment `id` (a fan of this family wrote it), as a condition. */
const familyComment = (userId: number, id: number) =>
  and(
    eq(circleComments.id, id),
    sql`${circleComments.fanId} in (select ${circleFans.id} from ${circleFans} where ${circleFans.userId} = ${userId})`,
  );

/** POST /api/circle/comments/{id}/approve/. */
export async function approveComment(deps: AppDeps, userId: number, id: number): Promise<void> {
  const done = await deps.db
    .update(circleComments)
    .set({ status: 'approved', decidedAt: deps.clock() })
    .where(and(familyComment(userId, id), eq(circleComments.status, 'pending')))
    .returning({ id: circleComments.id });
  if (done.length === 0) throw new ApiError(404, M.notFound);
  commentArrived(deps, id);
}

/** DELETE /api/circle/comments/{id}/: a waiting one declined, or an approved one removed. */
export async function removeComment(deps: AppDeps, userId: number, id: number): Promise<void> {
  const gone = await deps.db.delete(circleComments).where(familyComment(userId, id)).returning({ id: circleComments.id });
  if (gone.length === 0) throw new ApiError(404, M.notFound);
}

/** POST /api/artworks/{id}/circle/comments/{commentId}/reply/: an approved comment on the child's own work, else 404. */
export async function replyToComment(
  deps: AppDeps,
  profileId: number,
  workId: number,
  commentId: number,
  stamp: CircleStamp | null,
): Promise<WorkCircle> {
  const done = await deps.db
    .update(circleComments)
    .set({ replyStamp: stamp })
    .where(
      and(
        eq(circleComments.id, commentId),
        eq(circleComments.artworkId, workId),
        eq(circleComments.status, 'approved'),
        sql`${circleComments.artworkId} in (select ${artworks.id} from ${artworks} where ${artworks.profileId} = ${profileId})`,
      ),
    )
    .returning({ id: circleComments.id });
  if (done.length === 0) throw new ApiError(404, M.notFound);
  return workCircleOf(deps, profileId, workId);
}

/** GET /api/artworks/{id}/circle/: the child's own work only (anything else: 404); approved comments only. */
export async function workCircleOf(deps: AppDeps, profileId: number, workId: number): Promise<WorkCircle> {
  const [own] = await deps.db
    .select({ id: artworks.id })
    .from(artworks)
    .where(and(eq(artworks.id, workId), eq(artworks.profileId, profileId)));
  if (!own) throw new ApiError(404, M.notFound);
  const seen = await deps.db
    .select({ role: circleFans.role, roleLabel: circleFans.roleLabel, seenAt: circleViews.seenAt })
    .from(circleViews)
    .innerJoin(circleFans, eq(circleFans.id, circleViews.fanId))
    .where(eq(circleViews.artworkId, workId))
    .orderBy(asc(circleViews.seenAt));
  const stamps = await deps.db
    .select({ stamp: circleStamps.stamp, role: circleFans.role, roleLabel: circleFans.roleLabel })
    .from(circleStamps)
    .innerJoin(circleFans, eq(circleFans.id, circleStamps.fanId))
    .where(eq(circleStamps.artworkId, workId))
    .orderBy(asc(circleStamps.createdAt));
  const comments = await deps.db
    .select(commentColumns)
    .from(circleComments)
    .innerJoin(circleFans, eq(circleFans.id, circleComments.fanId))
    .where(and(eq(circleComments.artworkId, workId), eq(circleComments.status, 'approved')))
    .orderBy(asc(circleComments.createdAt), asc(circleComments.id));
  return {
    seen_by: seen.map((s) => ({ role: s.role, role_label: s.roleLabel, seen_at: s.seenAt.toISOString() })),
    stamps: stamps.map((s) => ({ stamp: s.stamp, role: s.role, role_label: s.roleLabel })),
    comments: comments.map((c) => commentView(c, null)),
  };
}
