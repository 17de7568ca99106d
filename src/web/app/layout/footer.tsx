import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'wouter';

import { whenIdle } from '@web/lib/first-paint';
import { lazyPart } from '@web/lib/lazy-page';
import { OptionalPart } from '../optional-part';
import styles from './footer.module.css';
import { EXTERNAL_SITE } from './menu-items';

const BlogLink = lazyPart(() => import('./blog-link'));

/**
 * True once the element is within a screen of the viewport (at once where IntersectionObserver is missing) and
 * the main thread has then been idle: on a short page the footer is near from the start, and what it loads
 * then runs after the page's own first renders instead of inside them.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
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

export function Footer() {
  const { t } = useLingui();
  // The blog link is the footer's only server data: asked for when the footer comes near, so a first
  // visit to a long page (the landing page) loads no HTTP client before the user scrolls.
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const external = [
    { href: `${EXTERNAL_SITE}/about`, label: t`About us` },
    { href: `${EXTERNAL_SITE}/how-to-use`, label: t`How to use` },
    { href: `${EXTERNAL_SITE}/company`, label: t`Company` },
  ];
  const internal = [
    { href: '/contact-us', label: t`Contact Us` },
    { href: '/terms-and-services', label: t`Terms and Services` },
    { href: '/privacy-policy', label: t`Privacy Policy` },
    { href: '/commercial-transaction', label: t`Specified Commercial Transaction Act` },
  ];
  return (
    <footer ref={ref} className={styles.footer}>
      <div className={styles.inner}>
        <ul className={styles.links}>
          {external.map((l) => (
            <li key={l.href}>
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.label}
              </a>
            </li>
          ))}
          {near && (
            <OptionalPart>
              <BlogLink />
            </OptionalPart>
          )}
          {internal.map((l) => (
            <li key={l.href}>
              <Link href={l.href}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copy}>© {new Date().getFullYear()} Little Museum</p>
      </div>
    </footer>
  );
}
