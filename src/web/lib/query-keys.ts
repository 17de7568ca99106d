/** Query keys shared across features, so a mutation in one area can refresh another's lists. */
export const queryKeys = {
  me: ['me'] as const,
  profiles: ['profiles'] as const,
  profile: ['profile'] as const,
  accountInfo: ['account-info'] as const,
  organizations: ['organizations'] as const,
  publicNavbar: ['public-navbar'] as const,
  /** Everything about works: lists, details and the image count. The upload queue invalidates it. */
  works: ['works'] as const,
  /** Every paged works list (my, public, collection, family, member), whatever the filters. */
  workLists: ['works', 'list'] as const,
  workList: (kind: string, filters: object) => ['works', 'list', kind, filters] as const,
  work: (id: number) => ['works', 'detail', id] as const,
  imageCount: ['works', 'image-count'] as const,
  categories: ['categories'] as const,
  tags: ['tags'] as const,
};
