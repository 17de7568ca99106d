import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import type { Contest } from '@contract/contests';
import { ContestDates, MembersOnlyBadge, StatusBadge } from './contest-status';
import styles from './contests.module.css';

/** Where a contest page is opened: its id in the navigation state, and in `?id=` so a reload or a shared link works too. */
export function contestHref(path: '/contest-application' | '/contest-detail', id: number): { href: string; state: { contestId: number } } {
  return { href: `${path}?id=${id}`, state: { contestId: id } };
}

export function ContestThumbnail({ src, size = 'card' }: { src: string | null; size?: 'card' | 'hero' }) {
  const [width, height] = size === 'hero' ? [960, 720] : [480, 360];
  return (
    <span className={styles.frame}>
      <span className={styles.mat}>
        {src ? (
          // alt="": the contest's name right beside it names it; repeating it would be read twice.
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

interface ContestCardProps {
  contest: Contest;
  /** The whole card opens this contest page (the contest list). */
  opens?: '/contest-application';
  /** Below the placard: My Contests' Details button. */
  action?: ReactNode;
}

/** A contest hung on the wall: its picture framed, and a placard with name, organiser, dates and badges. */
export function ContestCard({ contest, opens, action }: ContestCardProps) {
  const { t } = useLingui();
  const organiser = contest.organization.name;
  const body = (
    <>
      <ContestThumbnail src={contest.thumbnail} />
      <span className={styles.cardName}>{contest.name}</span>
    </>
  );
  return (
    <li className={styles.card}>
      {opens ? (
        <Link {...contestHref(opens, contest.id)} className={styles.cardLink}>
          {body}
        </Link>
      ) : (
        <div className={styles.cardLink}>{body}</div>
      )}
      <div className={styles.placard}>
        <span className={styles.badges}>
          <StatusBadge status={contest.status} />
          {contest.members_only && <MembersOnlyBadge />}
        </span>
        <span className={styles.organiser}>{t`Organised by ${organiser}`}</span>
        <ContestDates start={contest.start_date} end={contest.end_date} />
        {action && <div className={styles.cardAction}>{action}</div>}
      </div>
    </li>
  );
}
