import { useEffect } from 'react';

/** The wall a work was last opened from (its address and history state: a member's gallery needs its member). */
let last: { href: string; state: unknown } | null = null;

/** Every wall of works remembers itself, so that a work that is not there can lead back to it (./way-back). */
export function useRememberGallery(): void {
  useEffect(() => {
    last = { href: window.location.pathname + window.location.search, state: window.history.state as unknown };
  }, []);
}

export function lastGallery(): { href: string; state: unknown } | null {
  return last;
}
