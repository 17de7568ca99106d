import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { Button, LinkButton } from '@web/ui/button';
import styles from './org.module.css';
import wall from './wall.module.css';

interface ConsoleCardProps {
  thumbnail: string | null;
  name: string;
  /** Under the name: its chips and lines. */
  children: ReactNode;
  /** The first action (a contest's entries, a class's sign-ups). */
  openHref: string;
  openLabel: ReactNode;
  editHref: string;
  onDelete: () => void;
}

/** One thing in a console tab's list (a contest, a class): its thumbnail, name and facts, and what staff can do. */
export function ConsoleCard({ thumbnail, name, children, openHref, openLabel, editHref, onDelete }: ConsoleCardProps) {
  return (
    <li className={wall.card}>
      <div className={wall.cardTop}>
        <span className={wall.frame}>
          {thumbnail ? (
            <img src={thumbnail} alt="" width={84} height={84} loading="lazy" decoding="async" />
          ) : (
            <span className={wall.blank} />
          )}
        </span>
        <div className={wall.cardText}>
          <h3 className={wall.cardTitle}>{name}</h3>
          {children}
        </div>
      </div>
      <div className={wall.actions}>
        <LinkButton href={openHref} variant="primary" className={styles.compact}>
          {openLabel}
        </LinkButton>
        <LinkButton href={editHref} variant="secondary" className={styles.compact}>
          <Trans>Edit</Trans>
        </LinkButton>
        <Button variant="ghost" className={styles.compact} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}
