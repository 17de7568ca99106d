import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { useBlogUrl } from '../../features/landing/api/get-public-navbar';
import styles from './footer.module.css';
import { EXTERNAL_SITE } from './menu-items';

export function Footer() {
  const { t } = useLingui();
  const blogUrl = useBlogUrl();
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
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <ul className={styles.links}>
          {external.map((l) => (
            <li key={l.href}>
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.label}
              </a>
            </li>
          ))}
          {blogUrl && (
            <li>
              <a href={blogUrl} target="_blank" rel="noopener noreferrer">
                <Trans>Blog</Trans>
              </a>
            </li>
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
