import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Link } from 'wouter';

import type { Work } from '@contract/works';
import { useStripWorks } from '../api/get-strip-works';
import { FilmStripPlaceholder } from './film-strip-placeholder';
import styles from './film-strip.module.css';

/** Works spec §9: the strip moves 0.5 px each animation frame. */
export const STRIP_STEP_PX = 0.5;
/** After a finger leaves the strip, it waits this long before it moves on from where the finger left it. */
const TOUCH_RESUME_MS = 1500;
/** Frames in the first screen load at once; the others when they come near. */
const EAGER_FRAMES = 3;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the reader asked for less motion (it can change while the page is open). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** Why the strip stands still: each reason holds it until it goes away. */
type Hold = 'hover' | 'touch' | 'focus' | 'offscreen';

/**
 * Moves the scroller by STRIP_STEP_PX each frame while nothing holds it, and wraps by one copy's width, so the
 * copies after the first make the loop seamless. It scrolls the element rather than transforming it: a finger
 * can swipe it, a focused frame scrolls into view, and the strip goes on from wherever the reader left it.
 */
function useAutoScroll(
  scroller: React.RefObject<HTMLDivElement | null>,
  firstCopy: React.RefObject<HTMLUListElement | null>,
  enabled: boolean,
) {
  useEffect(() => {
    const el = scroller.current;
    const copy = firstCopy.current;
    if (!enabled || !el || !copy) return;
    const holds = new Set<Hold>();
    let frame = 0;
    let position = 0;
    /** Whether the reader may have moved it since it last moved itself (a swipe, a focused frame). */
    let moved = false;
    let touchTimer: number | undefined;
    // One copy's width, as the browser lays it out: told by a ResizeObserver, so no frame asks for a layout (reading
    // offsetWidth in each frame forced one while the thumbnails arrived: Lighthouse counted them as blocking time).
    let period = 0;
    const sizes =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(([entry]) => (period = entry?.borderBoxSize[0]?.inlineSize ?? 0));
    if (sizes) sizes.observe(copy);
    else period = copy.offsetWidth;

    const step = () => {
      position += STRIP_STEP_PX;
      if (period > 0 && position >= period) position -= period;
      el.scrollLeft = position;
      frame = requestAnimationFrame(step);
    };
    const run = () => {
      if (frame || holds.size) return;
      // Go on from where the reader left it, within the first copy.
      if (moved) position = period > 0 ? el.scrollLeft % period : el.scrollLeft;
      moved = false;
      frame = requestAnimationFrame(step);
    };
    const hold = (reason: Hold) => {
      if (reason !== 'offscreen') moved = true;
      holds.add(reason);
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const release = (reason: Hold) => {
      holds.delete(reason);
      run();
    };

    const onPointerEnter = (e: PointerEvent) => e.pointerType === 'mouse' && hold('hover');
    const onPointerLeave = (e: PointerEvent) => e.pointerType === 'mouse' && release('hover');
    const onTouchStart = () => {
      window.clearTimeout(touchTimer);
      hold('touch');
    };
    const onTouchEnd = () => {
      window.clearTimeout(touchTimer);
      touchTimer = window.setTimeout(() => release('touch'), TOUCH_RESUME_MS);
    };
    const onFocusIn = () => hold('focus');
    const onFocusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) release('focus');
    };
    el.addEventListener('pointerenter', onPointerEnter);
    el.addEventListener('pointerleave', onPointerLeave);
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchend', onTouchEnd, { passive: true });
    el.addEventListener('touchcancel', onTouchEnd, { passive: true });
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    // Off screen it stands still: no frames spent on what nobody sees.
    const visibility =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(([entry]) => (entry?.isIntersecting ? release('offscreen') : hold('offscreen')));
    visibility?.observe(el);
    run();
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(touchTimer);
      visibility?.disconnect();
      sizes?.disconnect();
      el.removeEventListener('pointerenter', onPointerEnter);
      el.removeEventListener('pointerleave', onPointerLeave);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchEnd);
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
    };
  }, [scroller, firstCopy, enabled]);
}

/** Frame pitch in px (film-strip.module.css: frame width plus the gap), to know how many copies fill a wide screen. */
const FRAME_PITCH = 164;

function Frame({ work, index, copy }: { work: Work; index: number; copy: number }) {
  const thumbnail = work.images_data[0]?.thumbnail_url ?? null;
  // The copies after the first are the loop's tail: seen and clickable, but out of the tab order (and, by their
  // list's aria-hidden, not read out).
  return (
    <li className={styles.item}>
      <Link href={`/gallery-detail/${work.id}`} className={styles.frameLink} tabIndex={copy > 0 ? -1 : undefined}>
        <span className={styles.frame}>
          <span className={styles.mat}>
            {thumbnail ? (
              <img
                src={thumbnail}
                alt=""
                width={120}
                height={120}
                loading={copy === 0 && index < EAGER_FRAMES ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
              />
            ) : (
              <span className={styles.blank} />
            )}
          </span>
        </span>
        <span className={styles.caption}>{work.title}</span>
      </Link>
    </li>
  );
}

/**
 * The landing page's film strip (works spec §2): the newest public works pass by on their own, pausing under the
 * mouse, a finger and keyboard focus; with reduced motion they stand still and can be swiped. A frame opens the
 * work (through the login guard).
 */
export default function FilmStrip({ Section }: { Section: ComponentType<{ children: ReactNode }> }) {
  const { t } = useLingui();
  const works = useStripWorks();
  const reduced = usePrefersReducedMotion();
  const scroller = useRef<HTMLDivElement>(null);
  const firstCopy = useRef<HTMLUListElement>(null);
  const items = works.data ?? [];
  const moving = !reduced && items.length > 0;
  useAutoScroll(scroller, firstCopy, moving);

  if (works.isPending)
    return (
      <Section>
        <FilmStripPlaceholder />
      </Section>
    );
  // No works to show (none public yet, or they cannot be had): no heading over an empty band either.
  if (!items.length) return null;

  // Enough copies that the screen is always full while the first one scrolls out: two, or more for a few works.
  const wide = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const copies = moving ? Math.max(2, Math.ceil(wide / (items.length * FRAME_PITCH)) + 1) : 1;
  return (
    <Section>
      <div
        ref={scroller}
        className={`${styles.scroller} ${reduced ? styles.swipe : ''}`}
        role="region"
        aria-label={t`The newest works in the museum`}
        data-moving={moving || undefined}
      >
        {Array.from({ length: copies }, (_, copy) => (
          <ul key={copy} ref={copy === 0 ? firstCopy : undefined} className={styles.copy} aria-hidden={copy > 0 || undefined}>
            {items.map((work, index) => (
              <Frame key={work.id} work={work} index={index} copy={copy} />
            ))}
          </ul>
        ))}
      </div>
    </Section>
  );
}
