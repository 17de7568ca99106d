import { organization } from '../../../../contract/accounts';
import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';

/** Checks a 6-digit organization code; the page shows a failure inline, so no toast. */
export function checkOrganization(code: string) {
  return http.get(API.organizationCheck(code), { schema: organization, silent: true });
}
