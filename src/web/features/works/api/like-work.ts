import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';

export function likeWork(id: number) {
  return http.post(API.artworkLike(id), { schema: () => import('./schemas').then((m) => m.likeResponse) });
}
