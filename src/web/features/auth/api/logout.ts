import { API } from '../../../../contract/paths';
import { http } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';

/**
 * Logout and "Select another User" (accounts spec §4): with a child token only the child session
 * ends, otherwise the parent session. The server revokes the refresh family; a failure there is
 * ignored because the tokens are gone from this device either way.
 */
export async function logout(then: () => void): Promise<void> {
  const session = useSession.getState();
  const child = Boolean(session.childToken);
  const refresh = child ? session.childRefreshToken : session.refreshToken;
  await http.post(API.logout, { json: refresh ? { refresh } : {}, silent: true }).catch(() => undefined);
  // Clearing and `then` (navigation) run in one synchronous block, so React renders them together
  // and no guard sees the page without its session.
  if (child) session.clearChild();
  else session.clearParent();
  queryClient.clear();
  then();
}
