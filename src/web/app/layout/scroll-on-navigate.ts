import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => location.hash;

/** Scrolls an element to the top of the window, below the sticky header (or its own scroll-margin-top if larger). */
function scrollToElement(element: Element) {
  const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-h')) || 0;
  const margin = Math.max(header, parseFloat(getComputedStyle(element).scrollMarginTop) || 0);
  window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - margin);
}

/**
 * Where the window goes when the location changes. A page opened in the app starts at its top, as a page the
 * browser loads would; back and forward keep the browser's own restoring of where the reader was, and the first
 * render keeps the browser's position on a reload. A location with a #fragment (the footer's `/#how-to-use`, a
 * legal page's article) scrolls to that element once the page has rendered it: pages arrive lazily, after the
 * browser's own fragment scrolling has found nothing (for 10 s at most).
 */
export function useScrollOnNavigate(pathname: string) {
  const hash = useLocationProperty(currentHash, () => '');
  const first = useRef(true);
  // The path and fragment a back or forward went to: the browser restores its position there.
  const popped = useRef<string | null>(null);
  useEffect(() => {
    const onPop = () => {
      popped.current = location.pathname + location.hash;
    };
    // wouter's navigations (it dispatches these events for history.pushState and replaceState).
    const onPush = () => {
      popped.current = null;
    };
    const events = [
      ['popstate', onPop],
      ['pushState', onPush],
      ['replaceState', onPush],
    ] as const;
    for (const [type, listener] of events) window.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) window.removeEventListener(type, listener);
    };
  }, []);
  useLayoutEffect(() => {
    if (first.current || popped.current === pathname + location.hash) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    if (!hash || popped.current === pathname + hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const found = () => {
      const element = document.getElementById(id);
      if (element) scrollToElement(element);
      return Boolean(element);
    };
    if (found()) return;
    const observer = new MutationObserver(() => found() && stop());
    const timer = window.setTimeout(stop, 10_000);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}
