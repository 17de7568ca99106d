import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import type { ArtistClass } from '@contract/classes';
import { buttonClass } from '@web/ui/button';
import { DetailFrame } from '@web/ui/detail-frame';
import { framedCardStyles as card, FramedPicture } from '@web/ui/framed-card';
import { useArtistClass } from '../api/get-class';
import { StartTime, TypeBadge } from './class-badges';
import styles from './classes.module.css';

export function ToTheClasses({ href = '/artist-list' }: { href?: '/artist-list' | '/my-artist-classes' }) {
  return (
    <Link href={href} className={buttonClass({ variant: 'primary', size: 'large' })}>
      {href === '/artist-list' ? <Trans>See all classes</Trans> : <Trans>My Artist Classes</Trans>}
    </Link>
  );
}

/**
 * A class page's frame (ui/detail-frame): the class `id` names, loaded, or a friendly word when none is named, it
 * cannot be found or cannot be loaded. `children` renders the loaded class.
 */
export function ClassPageFrame({
  id,
  pageTitle,
  children,
}: {
  id: number | null;
  /** A live class's page may be named for its meeting: a function of the class, once loaded. */
  pageTitle: string | ((item: ArtistClass | undefined) => string);
  children: (item: ArtistClass) => ReactNode;
}) {
  const { t } = useLingui();
  const query = useArtistClass(id);
  return (
    <DetailFrame
      id={id}
      query={query}
      pageTitle={typeof pageTitle === 'function' ? pageTitle(query.data) : pageTitle}
      words={{
        noneChosen: <Trans>No class was chosen. Pick one from the list of classes.</Trans>,
        notFound: <Trans>This class could not be found.</Trans>,
        failed: <Trans>The class could not be loaded just now.</Trans>,
        loading: t`Loading the class…`,
      }}
      toTheList={<ToTheClasses />}
    >
      {children}
    </DetailFrame>
  );
}

/** The class's picture, its type, organization and, for a live class, its start in Japan time (the price is on the ticket below). */
export function ClassSummary({ item, size = 'hero' }: { item: ArtistClass; size?: 'hero' | 'card' }) {
  const { t } = useLingui();
  const organization = item.organization.name;
  return (
    <div className={styles.summary}>
      <FramedPicture src={item.thumbnail} size={size} />
      <div className={styles.summaryText}>
        <span className={card.badges}>
          <TypeBadge type={item.class_type} />
        </span>
        <span className={card.organiser}>{t`By ${organization}`}</span>
        {item.class_type === 'real_time' && <StartTime at={item.start_at} />}
      </div>
    </div>
  );
}
