import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';

export function unlikeWork(id: number) {
  return http.post(API.artworkUnlike(id), { schema: () => import('./schemas').then((m) => m.likeResponse) });
}
