import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { ArtistClass } from '@contract/classes';
import { PriceBadge, SignupBadge, StartTime, TypeBadge } from './class-badges';
import { signupDetailHref } from './class-logic';
import styles from './classes.module.css';

export function ClassThumbnail({ src, size = 'card' }: { src: string | null; size?: 'card' | 'hero' }) {
  const [width, height] = size === 'hero' ? [960, 720] : [480, 360];
  return (
    <span className={styles.frame}>
      <span className={`${styles.mat} ${size === 'hero' ? styles.matHero : ''}`}>
        {src ? (
          // alt="": the class's name right beside it names it; repeating it would be read twice.
          <img
            src={src}
            alt=""
            width={width}
            height={height}
            loading={size === 'hero' ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.image}
          />
        ) : (
          <span className={styles.noImage} aria-hidden="true" />
        )}
      </span>
    </span>
  );
}

export function TagList({ names }: { names: string[] }) {
  const { t } = useLingui();
  if (!names.length) return null;
  return (
    <ul className={styles.tags} aria-label={t`Tags`}>
      {names.map((name, i) => (
        <li key={`${i}-${name}`} className={styles.tag}>
          #{name}
        </li>
      ))}
    </ul>
  );
}

/**
 * A class hung on the wall (works spec §2): its picture framed, and a placard with its name, the free/paid and
 * recorded badges, the organization and the tag names. The whole card opens the class's sign-up page.
 */
export function ClassCard({ item, tags, showSignup = false }: { item: ArtistClass; tags: string[]; showSignup?: boolean }) {
  const { t } = useLingui();
  const organization = item.organization.name;
  return (
    <li className={styles.card}>
      <Link {...signupDetailHref(item.id)} className={styles.cardLink}>
        <span className={styles.hang}>
          <ClassThumbnail src={item.thumbnail} />
          <span className={styles.priceTag}>
            <PriceBadge item={item} />
          </span>
        </span>
        <span className={styles.cardName}>{item.name}</span>
      </Link>
      <div className={styles.placard}>
        <span className={styles.badges}>
          <TypeBadge type={item.class_type} />
          {showSignup && <SignupBadge status={item.member_signup.status} />}
        </span>
        <span className={styles.organiser}>{t`By ${organization}`}</span>
        {item.class_type === 'real_time' && <StartTime at={item.start_at} />}
        <TagList names={tags} />
      </div>
    </li>
  );
}
