/**
 * Session state: the parent and child token pairs, the chosen language and the remembered e-mail,
 * each mirrored to its own localStorage key (accounts spec §3). This is the only code that reads or
 * writes those keys; everything else subscribes to these stores.
 */
import { create } from 'zustand';

import { LANGUAGES, type Language } from '@contract/limits';
import { decodeToken } from './jwt';
import { mirrorLanguageCookie, mirrorSessionCookie, storage } from './storage';

export const KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  childToken: 'child_token',
  childRefreshToken: 'child_refresh_token',
  language: 'language',
  email: 'email',
} as const;

export type TokenKind = 'parent' | 'child';

interface Pair {
  access: string;
  refresh: string;
}

interface SessionState {
  token: string | null;
  refreshToken: string | null;
  childToken: string | null;
  childRefreshToken: string | null;
  email: string | null;
  setPair: (kind: TokenKind, pair: Pair) => void;
  setEmail: (email: string | null) => void;
  clearChild: () => void;
  clearParent: () => void;
  /** Removes every token (and, with `everything`, all local storage: account deletion). */
  clearAll: (everything?: boolean) => void;
}

/** A stored token that cannot be decoded is removed (accounts spec §4). */
function readToken(key: string): string | null {
  const value = storage.get(key);
  if (value && !decodeToken(value)) {
    storage.set(key, null);
    return null;
  }
  return value;
}

function readAll() {
  return {
    token: readToken(KEYS.token),
    refreshToken: readToken(KEYS.refreshToken),
    childToken: readToken(KEYS.childToken),
    childRefreshToken: readToken(KEYS.childRefreshToken),
    email: storage.get(KEYS.email),
  };
}

const empty = { token: null, refreshToken: null, childToken: null, childRefreshToken: null };

export const useSession = create<SessionState>()((set) => ({
  ...readAll(),
  setPair: (kind, { access, refresh }) =>
    set(kind === 'child' ? { childToken: access, childRefreshToken: refresh } : { token: access, refreshToken: refresh }),
  setEmail: (email) => set({ email }),
  clearChild: () => set({ childToken: null, childRefreshToken: null }),
  clearParent: () => set({ token: null, refreshToken: null }),
  clearAll: (everything = false) => {
    if (everything) {
      storage.clearAll();
      usePrefs.setState({ language: null });
      set({ ...empty, email: null });
    } else {
      set(empty);
    }
  },
}));

useSession.subscribe((s) => {
  storage.set(KEYS.token, s.token);
  storage.set(KEYS.refreshToken, s.refreshToken);
  storage.set(KEYS.childToken, s.childToken);
  storage.set(KEYS.childRefreshToken, s.childRefreshToken);
  storage.set(KEYS.email, s.email);
});

function readLanguage(): Language | null {
  const value = storage.get(KEYS.language);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
}

interface PrefsState {
  /** The language the user chose; null until they choose (then the browser decides). */
  language: Language | null;
  setLanguage: (language: Language) => void;
}

export const usePrefs = create<PrefsState>()((set) => ({
  language: readLanguage(),
  setLanguage: (language) => {
    storage.set(KEYS.language, language);
    set({ language });
  },
}));

// The choice is mirrored in a cookie for index.html's preload script (see mirrorLanguageCookie), and whether there is
// a login for a server's first views (see mirrorSessionCookie).
if (typeof document !== 'undefined') {
  mirrorLanguageCookie(usePrefs.getState().language);
  usePrefs.subscribe((s, previous) => {
    if (s.language !== previous.language) mirrorLanguageCookie(s.language);
  });
  const loggedIn = (s: SessionState) => Boolean(s.token || s.childToken);
  mirrorSessionCookie(loggedIn(useSession.getState()));
  useSession.subscribe((s, previous) => {
    if (loggedIn(s) !== loggedIn(previous)) mirrorSessionCookie(loggedIn(s));
  });
}

// Another tab logged in or out: follow it, so two tabs never act with different sessions.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(KEYS) as string[]).includes(event.key)) {
      useSession.setState(readAll());
    }
  });
}

/** Which token a call uses: the child token takes precedence (accounts spec §4). */
export function activeKind(): TokenKind | null {
  const s = useSession.getState();
  if (s.childToken) return 'child';
  return s.token ? 'parent' : null;
}

export function tokenOf(kind: TokenKind): string | null {
  const s = useSession.getState();
  return kind === 'child' ? s.childToken : s.token;
}

export function refreshTokenOf(kind: TokenKind): string | null {
  const s = useSession.getState();
  return kind === 'child' ? s.childRefreshToken : s.refreshToken;
}
