/**
 * Artist classes in the contract's shape (contract classes.ts `artistClass`, `consoleClass`), built for a page of
 * rows at once: organizations, tags, the viewer's sign-ups and the sign-up counts come in one query each. The
 * meeting link is in a family's view only for the viewer's confirmed sign-up of that class; the video URL never is
 * (`has_video`; a confirmed sign-up asks for it, ./class-signups.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { ArtistClass, ConsoleClass } from '@contract/classes';
import type { Executor } from '../db/open';
import { artistClassTags, classSignups, type ArtistClassRow, type ClassSignupRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { groupBy } from './lists';
import { orgPageHeadings } from './org-pages';

/** Who is looking: a child profile (its sign-up is shown), or a parent token, staff or a visitor (null). */
export interface ClassViewer {
  profileId: number | null;
}

export const NO_VIEWER: ClassViewer = { profileId: null };

const NO_SIGNUP = { is_signed_up: false, status: null, signup_id: null } as const;

export async function classViews(
  deps: AppDeps,
  rows: ArtistClassRow[],
  viewer: ClassViewer,
  db: Executor = deps.db,
): Promise<ArtistClass[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [headingOf, tagRows, mine] = await Promise.all([
    orgPageHeadings(deps, db, rows),
    db
      .select({ classId: artistClassTags.classId, tagId: artistClassTags.tagId })
      .from(artistClassTags)
      .where(inArray(artistClassTags.classId, ids))
      .orderBy(asc(artistClassTags.tagId)),
    viewer.profileId === null
      ? Promise.resolve([] as ClassSignupRow[])
      : db
          .select()
          .from(classSignups)
          .where(and(eq(classSignups.profileId, viewer.profileId), inArray(classSignups.classId, ids))),
  ]);
  const tagsOf = groupBy(tagRows, (t) => t.classId);
  const signupOf = new Map(mine.map((m) => [m.classId, m]));
  return rows.map((r) => {
    const signup = signupOf.get(r.id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      ...headingOf(r),
      is_free: r.isFree,
      price: r.isFree ? 0 : r.price,
      currency: r.currency,
      class_type: r.classType,
      start_at: r.startsAt?.toISOString() ?? null,
      url: signup?.status === 'confirmed' ? r.meetingUrl : null,
      has_video: r.videoUrl !== null,
      tags: (tagsOf.get(r.id) ?? []).map((t) => t.tagId),
      member_signup: signup ? { is_signed_up: true, status: signup.status, signup_id: signup.id } : { ...NO_SIGNUP },
      created_at: r.createdAt.toISOString(),
    };
  });
}

export async function classView(deps: AppDeps, row: ArtistClassRow, viewer: ClassViewer, db: Executor = deps.db): Promise<ArtistClass> {
  const [view] = await classViews(deps, [row], viewer, db);
  return view!;
}

/** The staff's view: the links themselves, publication, and how many signed up (and how many of them confirmed). */
export async function consoleClassViews(deps: AppDeps, rows: ArtistClassRow[], db: Executor = deps.db): Promise<ConsoleClass[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [views, counts] = await Promise.all([
    classViews(deps, rows, NO_VIEWER, db),
    db
      .select({
        classId: classSignups.classId,
        all: sql<number>`count(*)::int`,
        confirmed: sql<number>`count(*) filter (where ${classSignups.status} = 'confirmed')::int`,
      })
      .from(classSignups)
      .where(inArray(classSignups.classId, ids))
      .groupBy(classSignups.classId),
  ]);
  const countOf = new Map(counts.map((c) => [c.classId, c]));
  return views.map((view, i) => {
    const row = rows[i]!;
    const n = countOf.get(row.id);
    return {
      ...view,
      url: row.meetingUrl,
      video_url: row.videoUrl,
      published: row.published,
      signup_count: Number(n?.all ?? 0),
      confirmed_count: Number(n?.confirmed ?? 0),
    };
  });
}

export async function consoleClassView(deps: AppDeps, row: ArtistClassRow, db: Executor = deps.db): Promise<ConsoleClass> {
  const [view] = await consoleClassViews(deps, [row], db);
  return view!;
}
