import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Link } from 'wouter';

import { lazyPart } from '@web/lib/lazy-page';
import { useSession } from '@web/lib/session';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { OptionalPart } from '@web/ui/optional-part';
import styles from './footer.module.css';
import { useBrand } from '@web/lib/brand';

const BlogLink = lazyPart(() => import('./blog-link'));

export function Footer() {
  const { t } = useLingui();
  const brand = useBrand();
  // The blog link is the footer's only server data: asked for when the footer comes near, so a first
  // visit to a long page (the landing page) loads no HTTP client before the user scrolls.
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  // `/` is the landing page for visitors only (a family is sent on to its rooms): a family finds the steps on /about.
  const loggedIn = useSession((s) => Boolean(s.token || s.childToken));
  const about = [
    { href: '/about', label: t`About us` },
    { href: loggedIn ? '/about#how-to-use' : '/#how-to-use', label: t`How to use` },
    { href: '/commercial-transaction', label: t`Company` },
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
          {about.map((l) => (
            <li key={l.label}>
              <Link href={l.href}>{l.label}</Link>
            </li>
          ))}
          {near && (
            <OptionalPart>
              <BlogLink />
            </OptionalPart>
          )}
          {internal.map((l) => (
            <li key={l.label}>
              <Link href={l.href}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copy}>
          © {new Date().getFullYear()} {brand}
        </p>
      </div>
    </footer>
  );
}
