import { api } from '@web/lib/http';

/** Checks a 6-digit organization code; the page shows a failure inline, so no toast. */
export function checkOrganization(code: string) {
  return api('organizationCheck', { params: { code }, silent: true });
}
