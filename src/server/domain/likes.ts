/**
 * Likes (works notes, "Other calls"): idempotent like/unlike on works the viewer can see. One statement: the
 * visibility check, the insert or delete, and the new count (the statement's snapshot does not see its own
 * change, so the count is corrected by the rows it inserted or deleted).
 */
import { sql } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { LikeResponse } from '@contract/works';
import { isForeignKeyViolation } from '../db/errors';
import { artworks, likes } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { visibleTo } from './visibility';

export async function setLike(deps: AppDeps, profileId: number, workId: number, liked: boolean): Promise<LikeResponse> {
  const visible = sql`select ${artworks.id} from ${artworks} where ${artworks.id} = ${workId} and ${visibleTo(profileId)}`;
  const change = liked
    ? sql`insert into ${likes} (profile_id, artwork_id) select ${profileId}, id from visible on conflict do nothing returning 1`
    : sql`delete from ${likes} where profile_id = ${profileId} and artwork_id in (select id from visible) returning 1`;
  const sign = liked ? sql`+` : sql`-`;
  let row: { visible: number; n: number } | undefined;
  try {
    const result = (await deps.db.execute(sql`
      with visible as (${visible}), changed as (${change})
      select (select count(*) from visible)::int as visible,
             ((select count(*) from ${likes} where ${likes.artworkId} = ${workId}) ${sign} (select count(*) from changed))::int as n`)) as unknown as {
      rows: { visible: number; n: number }[];
    };
    row = result.rows[0];
  } catch (err) {
    // Deleted between the visibility check and the insert.
    if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
    throw err;
  }
  if (!row || row.visible === 0) throw new ApiError(404, M.notFound);
  return { success: true, likes_count: row.n, is_liked_by_user: liked };
}
