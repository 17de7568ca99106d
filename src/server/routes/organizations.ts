/** Organizations: joined list, one by id (members only), and the code check (rate-limited by its entry). */
import { checkOrganizationCode, joinedOrganizations, organizationById } from '../domain/organizations';
import type { Handlers } from './register';

export const organizationHandlers = {
  organizations: async ({ deps, auth }) => ({ results: await joinedOrganizations(deps, auth.user.id, auth.profile?.id ?? null) }),
  organizationCheck: async ({ deps, auth, params }) => checkOrganizationCode(deps, auth.profile?.id ?? null, params.code),
  organization: async ({ deps, auth, params }) => organizationById(deps, params.id, auth.user.id, auth.profile?.id ?? null),
} satisfies Partial<Handlers>;
