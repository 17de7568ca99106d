import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { ArtistClass } from '@contract/classes';
import { framedCardStyles as card, FramedPicture } from '@web/ui/framed-card';
import { PriceBadge, SignupBadge, StartTime, TypeBadge } from './class-badges';
import { signupDetailHref } from './class-logic';
import styles from './classes.module.css';

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
    <li className={card.card}>
      <Link {...signupDetailHref(item.id)} className={card.cardLink}>
        <span className={styles.hang}>
          <FramedPicture src={item.thumbnail} />
          <span className={styles.priceTag}>
            <PriceBadge item={item} />
          </span>
        </span>
        <span className={card.cardName}>{item.name}</span>
      </Link>
      <div className={card.placard}>
        <span className={card.badges}>
          <TypeBadge type={item.class_type} />
          {showSignup && <SignupBadge status={item.member_signup.status} />}
        </span>
        <span className={card.organiser}>{t`By ${organization}`}</span>
        {item.class_type === 'real_time' && <StartTime at={item.start_at} />}
        <TagList names={tags} />
      </div>
    </li>
  );
}
