/**
 * The one module that touches window.localStorage (the lint rule points here). The session store
 * (./session.ts) is its only user for tokens, language and e-mail; components never read storage.
 */
/* eslint-disable no-restricted-globals */

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
