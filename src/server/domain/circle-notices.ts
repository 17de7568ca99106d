/**
 * The family circle's pushes (issue 32): a fan when a child they follow shares a new work (at most one a day: the works
 * shared meanwhile wait for the next), a parent when a comment waits for approval, a child when a comment on its work
 * is approved. They run after the answer (push.ts notify) and name no comment's words.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

import type { CircleRole } from '@contract/circle';
import { CIRCLE } from '../circle-messages';
import { artworks, circleComments, circleFans, circleFollows, profiles } from '../db/schema';
import type { AppDeps } from '../deps';
import { notify, roleText, send } from './push';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A work of `profileId` became visible to the circle (made so, or published): its fans hear of it, once a day at most. */
export function circleWorkShared(deps: AppDeps, profileId: number): void {
  notify(async () => {
    const now = deps.clock();
    // One statement claims the day's push per fan, so two works at once (or two instances) send one.
    const fans = await deps.db
      .update(circleFans)
      .set({ newWorkPushedAt: now })
      .where(
        and(
          sql`${circleFans.id} in (select ${circleFollows.fanId} from ${circleFollows} where ${circleFollows.profileId} = ${profileId})`,
          or(isNull(circleFans.newWorkPushedAt), lt(circleFans.newWorkPushedAt, new Date(now.getTime() - DAY_MS))),
        ),
      )
      .returning({ fanUserId: circleFans.fanUserId });
    if (fans.length === 0) return;
    const [child] = await deps.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, profileId));
    if (!child) return;
    await send(
      deps,
      fans.map((f) => ({ userId: f.fanUserId, profileId: null })),
      (t) => ({
        title: t(CIRCLE.pushNewWorkTitle, { username: child.username }),
        body: t(CIRCLE.pushNewWorkBody, { username: child.username }),
        url: `/circle/${profileId}`,
        tag: `circle-child-${profileId}`,
      }),
    );
  });
}

/** The comment, its fan's role, the work's child and the family. */
async function commentFacts(deps: AppDeps, commentId: number) {
  const [row] = await deps.db
    .select({
      role: circleFans.role,
      roleLabel: circleFans.roleLabel,
      familyId: circleFans.userId,
      workId: artworks.id,
      profileId: profiles.id,
      username: profiles.username,
    })
    .from(circleComments)
    .innerJoin(circleFans, eq(circleFans.id, circleComments.fanId))
    .innerJoin(artworks, eq(artworks.id, circleComments.artworkId))
    .innerJoin(profiles, eq(profiles.id, artworks.profileId))
    .where(eq(circleComments.id, commentId));
  return row as (typeof row & { role: CircleRole }) | undefined;
}

/** A comment waits for a parent: the family's parent logins hear of it (not its words). */
export function commentWaiting(deps: AppDeps, commentId: number): void {
  notify(async () => {
    const c = await commentFacts(deps, commentId);
    if (!c) return;
    await send(deps, [{ userId: c.familyId, profileId: null }], (t) => ({
      title: t(CIRCLE.pushWaitingTitle),
      body: t(CIRCLE.pushWaitingBody, { role: roleText(t, c.role, c.roleLabel), username: c.username }),
      url: '/account-info#family-circle',
      tag: 'circle-waiting',
    }));
  });
}

/** A comment is on the work (approved, or from a fan whose comments need no approval): the child hears of it. */
export function commentArrived(deps: AppDeps, commentId: number): void {
  notify(async () => {
    const c = await commentFacts(deps, commentId);
    if (!c) return;
    await send(deps, [{ userId: c.familyId, profileId: c.profileId }], (t) => ({
      title: t(CIRCLE.pushApprovedTitle, { role: roleText(t, c.role, c.roleLabel) }),
      body: t(CIRCLE.pushApprovedBody),
      url: `/gallery-detail/${c.workId}`,
      tag: `circle-comment-${c.workId}`,
    }));
  });
}
