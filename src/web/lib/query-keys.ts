/**
 * Query keys, derived from the endpoint table (lib/http.ts `apiKey`: [area, operation, params?, query?]), so a
 * mutation in one area can refresh another's answers, and invalidating an area (e.g. `works`) refreshes them all.
 */
import { apiKey, areaKey } from './http';

export const queryKeys = {
  me: apiKey('me'),
  profiles: apiKey('profiles'),
  profile: apiKey('profile'),
  accountInfo: apiKey('accountInfo'),
  publicNavbar: apiKey('publicNavbar'),
  /** Everything about works: lists, details and the image count. The upload queue invalidates it. */
  works: areaKey('works'),
  work: (id: number) => apiKey('work', { params: { id } }),
  /** A child's timeline (pages of works by age); under `works`, so an upload refreshes it. */
  timeline: (profileId: number) => apiKey('timeline', { params: { id: profileId } }),
  imageCount: apiKey('imageCount'),
  /** The account's payment history (issue 28): under `billing`, so a plan change refreshes it. */
  payments: apiKey('billingPayments'),
  /** Names come in the request language, so their keys end with it. */
  categories: apiKey('categories'),
  tags: apiKey('tags'),
  /** One works list with its filters (and the member of `memberWorks`). */
  workList: (op: WorkListOp, filters: object, memberId?: number) =>
    apiKey(op, { params: memberId === undefined ? undefined : { id: memberId }, query: filters }),
};

/** The operations that answer a paged works list. */
export const WORK_LISTS = ['publicWorks', 'myWorks', 'myCollection', 'familyGallery', 'memberWorks'] as const;
export type WorkListOp = (typeof WORK_LISTS)[number];

/** Whether a key is a works list's (any list, any filters). */
export const isWorkListKey = (key: readonly unknown[]): boolean =>
  key[0] === 'works' && (WORK_LISTS as readonly unknown[]).includes(key[1]);
