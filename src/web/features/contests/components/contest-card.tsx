import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import type { Contest } from '@contract/contests';
import { framedCardStyles as card, FramedPicture } from '@web/ui/framed-card';
import { ContestDates, MembersOnlyBadge, StatusBadge } from './contest-status';
import styles from './contests.module.css';

/** Where a contest page is opened: its id in the navigation state, and in `?id=` so a reload or a shared link works too. */
export function contestHref(path: '/contest-application' | '/contest-detail', id: number): { href: string; state: { contestId: number } } {
  return { href: `${path}?id=${id}`, state: { contestId: id } };
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
      <FramedPicture src={contest.thumbnail} />
      <span className={card.cardName}>{contest.name}</span>
    </>
  );
  return (
    <li className={card.card}>
      {opens ? (
        <Link {...contestHref(opens, contest.id)} className={card.cardLink}>
          {body}
        </Link>
      ) : (
        <div className={card.cardLink}>{body}</div>
      )}
      <div className={card.placard}>
        <span className={card.badges}>
          <StatusBadge status={contest.status} />
          {contest.members_only && <MembersOnlyBadge />}
        </span>
        <span className={card.organiser}>{t`Organised by ${organiser}`}</span>
        <ContestDates start={contest.start_date} end={contest.end_date} />
        {action && <div className={styles.cardAction}>{action}</div>}
      </div>
    </li>
  );
}
