/** Query keys shared across features, so a mutation in one area can refresh another's lists. */
export const queryKeys = {
  me: ['me'] as const,
  profiles: ['profiles'] as const,
  profile: ['profile'] as const,
  accountInfo: ['account-info'] as const,
  organizations: ['organizations'] as const,
  publicNavbar: ['public-navbar'] as const,
};
