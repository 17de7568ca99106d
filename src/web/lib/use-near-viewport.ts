import { useEffect, useState, type RefObject } from 'react';

import { whenIdle } from './first-paint';

/**
 * True once the element is within a screen of the viewport (at once where IntersectionObserver is missing) and
 * the main thread has then been idle: what a part of the page loads when it comes near (the footer's blog link,
 * the landing page's sponsors) runs after the page's own first renders instead of inside them, and a first visit
 * that never scrolls that far loads none of it.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let live = true;
    const becameNear = () => void whenIdle().then(() => live && setNear(true));
    if (typeof IntersectionObserver === 'undefined') {
      becameNear();
      return () => void (live = false);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        becameNear();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [near, ref]);
  return near;
}
