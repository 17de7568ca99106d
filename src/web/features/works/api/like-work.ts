import { api } from '@web/lib/http';

/** Likes or unlikes a work for the active child profile. */
export function setLike(id: number, liked: boolean) {
  return api(liked ? 'workLike' : 'workUnlike', { params: { id } });
}
