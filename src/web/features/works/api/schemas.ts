/**
 * The response schemas the walls' requests load with them (`schema: () => import('./schemas')...`, see lib/http.ts),
 * so zod and the works contract stay out of the walls' first load. Built once, when this chunk loads.
 */
import { idName, likeResponse, paged, work } from '../../../../contract/works';

export const workPage = paged(work);
export const idNames = idName.array();
export { likeResponse };
