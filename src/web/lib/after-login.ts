/**
 * Where a visitor was going when a login-required page sent them to log in (works spec §6: "Please log in to
 * continue."), so that once they have logged in and chosen who is visiting, they arrive there instead of at
 * their own gallery: a frame of the landing page's film strip opens that work. Kept for this tab only.
 */
const KEY = 'lm.after-login';

export function rememberDestination(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the visitor lands on their gallery, as without this.
  }
}

/** The remembered path, once (it is forgotten as it is read); only a path of ours. */
export function takeDestination(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
  } catch {
    return null;
  }
}
