/**
 * A child's lifelong timeline (issue 15, contract timeline.ts): the child's works, newest first, a page at a time,
 * with how many works the child made at each age. The age is the contract's `ageAt` (accounts.ts) (whole years from the date of
 * birth to the work's calendar day in Japan), written once more in SQL so that the counts cover every work, not only
 * the page's; the server test checks that both agree.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';

import { LIMITS, type Language } from '@contract/limits';
import { M } from '@contract/messages';
import type { TimelinePage } from '@contract/timeline';
import { artworks, profiles } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Auth } from './sessions';
import { pageLinks, type ListLinks } from './lists';
import { fromWorks, toWork } from './work-views';

/** The work's age in SQL, as the contract's `ageAt`: calendar years, one less before the birthday, never below 0. */
function ageSql(dateOfBirth: string) {
  // Japan's calendar day (UTC+9, no daylight saving), as the contract's ageAt.
  const day = sql`((${artworks.createdAt} at time zone 'UTC') + interval '9 hours')`;
  const dob = sql`${dateOfBirth}::date`;
  return sql<number>`greatest(0, extract(year from ${day})::int - extract(year from ${dob})::int - case when (extract(month from ${day}), extract(day from ${day})) < (extract(month from ${dob}), extract(day from ${dob})) then 1 else 0 end)`.mapWith(
    Number,
  );
}

/**
 * The timeline of profile `profileId` for the caller: a child token sees its own profile only (403 for any other,
 * before anything is looked up); the parent token sees the family's profiles; another family's is not found.
 */
export async function timeline(
  deps: AppDeps,
  auth: Auth,
  profileId: number,
  page: number,
  lang: Language,
  links: ListLinks,
): Promise<TimelinePage> {
  if (auth.profile && auth.profile.id !== profileId) throw new ApiError(403, M.parentRequired);
  const [owner] = await deps.db
    .select({ id: profiles.id, username: profiles.username, pictureKey: profiles.pictureKey, dateOfBirth: profiles.dateOfBirth })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, auth.user.id)));
  if (!owner) throw new ApiError(404, M.notFound);

  const size = LIMITS.pageSizeWorks;
  const mine = eq(artworks.profileId, owner.id);
  const viewer = auth.profile?.id ?? null;
  const dob = owner.dateOfBirth as string | null;
  const [rows, ages] = await Promise.all([
    fromWorks(deps.db, viewer)
      .where(mine)
      .orderBy(desc(artworks.createdAt), desc(artworks.id))
      .limit(size)
      .offset((page - 1) * size),
    dob
      ? (() => {
          const age = ageSql(dob);
          // By position: the expression carries the date of birth as a parameter, and each mention would be another.
          return deps.db
            .select({ age, count: count() })
            .from(artworks)
            .where(mine)
            .groupBy(sql`1`)
            .orderBy(sql`1 desc`);
        })()
      : deps.db
          .select({ age: sql<null>`null`, count: count() })
          .from(artworks)
          .where(mine),
  ]);
  const groups = ages.filter((a) => a.count > 0).map((a) => ({ age: a.age, count: a.count }));
  const total = groups.reduce((sum, a) => sum + a.count, 0);
  return {
    count: total,
    ...pageLinks(links, page, size, total),
    results: rows.map((r) => toWork(deps, r, lang)),
    profile: {
      id: owner.id,
      username: owner.username,
      profile_picture: owner.pictureKey ? deps.storage.url(owner.pictureKey) : null,
      date_of_birth: dob,
    },
    ages: groups,
  };
}
