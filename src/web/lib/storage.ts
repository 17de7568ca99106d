/**
 * The one module that touches window.localStorage (the lint rule points here). The session store
 * (./session.ts) is its only user for tokens, language and e-mail; components never read storage.
 */
/* eslint-disable no-restricted-globals */

import { LANGUAGE_COOKIE, SESSION_COOKIE } from '@contract/preload';

export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Private mode or a full quota: the session still works in memory.
    }
  },
  clearAll(): void {
    try {
      localStorage.clear();
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};

/**
 * The chosen language, mirrored in a cookie for index.html's preload script (addPreloads in src/contract/preload.ts),
 * which reads it to fetch the right catalog beside the main bundle: a cookie is read at once, while the first
 * localStorage access of a page load can take tens of milliseconds and would hold back every preload.
 * A server that writes the preloads into the HTML reads it too (src/contract/preload.ts).
 */
export function mirrorLanguageCookie(language: string | null): void {
  writeCookie(LANGUAGE_COOKIE, language);
}

/** Whether the page holds a login, mirrored for a server's first views (SESSION_COOKIE in src/contract/preload.ts). */
export function mirrorSessionCookie(loggedIn: boolean): void {
  writeCookie(SESSION_COOKIE, loggedIn ? '1' : null);
}

function writeCookie(name: string, value: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
