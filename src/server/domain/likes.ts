/** Likes (works notes, "Other calls"): idempotent like/unlike on works the viewer can see. */
import { and, count, eq } from 'drizzle-orm';

import { M } from '@contract/messages';
import type { LikeResponse } from '@contract/works';
import { isForeignKeyViolation } from '../db/errors';
import { likes } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { visibleWork } from './visibility';

export async function setLike(deps: AppDeps, profileId: number, workId: number, liked: boolean): Promise<LikeResponse> {
  await visibleWork(deps.db, workId, profileId);
  if (liked) {
    try {
      await deps.db.insert(likes).values({ profileId, artworkId: workId }).onConflictDoNothing();
    } catch (err) {
      // Deleted between the visibility check and the insert.
      if (isForeignKeyViolation(err)) throw new ApiError(404, M.notFound);
      throw err;
    }
  } else {
    await deps.db.delete(likes).where(and(eq(likes.profileId, profileId), eq(likes.artworkId, workId)));
  }
  const [row] = await deps.db.select({ n: count() }).from(likes).where(eq(likes.artworkId, workId));
  return { success: true, likes_count: row?.n ?? 0, is_liked_by_user: liked };
}
