/**
 * The family circle (issue 32) as other features meet it: an invitation opened before its holder had logged in,
 * kept on this device until they have (the sign-up's e-mail link may open in another tab, so not sessionStorage), and
 * the children the logged-in account follows as a fan, which /add-user offers beside the family's own children.
 */
import '@web/lib/console-routes';

import { useQuery } from '@tanstack/react-query';

import { api, apiKey } from './http';
import { useSession } from './session';
import { storage } from './storage';

const INVITE_KEY = 'lm.circle-invite';
/** An invitation's token as its link carries it (base64url), and nothing else. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function rememberInvitation(token: string): void {
  if (TOKEN.test(token)) storage.set(INVITE_KEY, token);
}

/** The invitation waiting on this device, if any. */
export function pendingInvitation(): string | null {
  const token = storage.get(INVITE_KEY);
  return token && TOKEN.test(token) ? token : null;
}

export function forgetInvitation(): void {
  storage.set(INVITE_KEY, null);
}

export const FOLLOWED_KEY = apiKey('fanChildren');

/** The children the account follows in family circles (the parent token's; nothing without one). */
export function useFollowedChildren() {
  const hasParent = useSession((s) => Boolean(s.token));
  return useQuery({ queryKey: FOLLOWED_KEY, queryFn: () => api('fanChildren', { silent: true }), enabled: hasParent });
}
