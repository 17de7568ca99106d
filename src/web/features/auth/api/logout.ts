import { api } from '@web/lib/http';
import { clearQueryCache } from '@web/lib/query-persist';
import { useSession } from '@web/lib/session';
import { wipeDevice } from '@web/lib/wipe-device';

/**
 * Logout and "Select another User" (accounts spec §4): with a child token only the child session
 * ends, otherwise the parent session. The server revokes the refresh family; a failure there is
 * ignored because the tokens are gone from this device either way.
 *
 * What else goes is decided in lib/wipe-device.ts: when no token is left on the device, everything
 * of the account (query cache, upload queue, /media/ cache, shared photos); when the parent stays,
 * only the child's query cache (the queue belongs to the same family and waits for its child).
 */
export async function logout(then: () => void): Promise<void> {
  const session = useSession.getState();
  const child = Boolean(session.childToken);
  const refresh = child ? session.childRefreshToken : session.refreshToken;
  await api('logout', { json: refresh ? { refresh } : {}, silent: true }).catch(() => undefined);
  // Clearing and `then` (navigation) run in one synchronous block, so React renders them together
  // and no guard sees the page without its session.
  const parentStays = child && Boolean(useSession.getState().token);
  let wiped: Promise<void> = Promise.resolve();
  if (parentStays) {
    session.clearChild();
    clearQueryCache();
  } else {
    wiped = wipeDevice();
  }
  then();
  await wiped;
}

/** Whether the next logout would wipe the device (nobody would stay logged in). */
export function logoutWipesDevice(): boolean {
  const s = useSession.getState();
  return !(s.childToken && s.token);
}
