import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { Advertisement } from '@contract/site';
import { useBanners } from '../api/get-banners';
import styles from './sponsor-banners.module.css';

/** A path of ours opens in the app; an outside http(s) page in a new tab; anything else opens nothing. */
function target(url: string | null): { internal: string } | { external: string } | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return { internal: url };
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? { external: parsed.href } : null;
  } catch {
    return null;
  }
}

function Banner({ ad }: { ad: Advertisement }) {
  const image = <img src={ad.banner_image} alt={ad.name} width={1200} height={400} loading="lazy" decoding="async" />;
  const to = target(ad.url);
  if (!to) return <div className={styles.banner}>{image}</div>;
  if ('internal' in to) {
    return (
      <Link href={to.internal} className={styles.banner}>
        {image}
      </Link>
    );
  }
  // An outside sponsor: a new tab that cannot reach back into ours, and marked as paid for.
  return (
    <a href={to.external} className={styles.banner} target="_blank" rel="noopener sponsored">
      {image}
    </a>
  );
}

/** The landing page's sponsor banners (works spec §2), in the server's order; nothing at all when there are none. */
export default function SponsorBanners() {
  const banners = useBanners();
  const list = banners.data ?? [];
  if (!list.length) return null;
  return (
    <section className={styles.sponsors} aria-labelledby="sponsors-title">
      <h2 id="sponsors-title" className={styles.title}>
        <Trans context="heading">Our sponsors</Trans>
      </h2>
      <p className={styles.lead}>
        <Trans>Companies that help children's art find its place on the wall.</Trans>
      </p>
      <ul className={styles.list}>
        {list.map((ad) => (
          <li key={ad.id}>
            <Banner ad={ad} />
          </li>
        ))}
      </ul>
    </section>
  );
}
