import type { ReactNode } from 'react';
import { Link } from 'wouter';

import styles from './work-card.module.css';

interface WorkCardProps {
  /** Where the picture and title lead (omitted for a card that is not a page yet, e.g. pending). */
  href?: string;
  imageSrc: string | null;
  /** The work's title, shown on the card (the picture's link is named by it, so the image itself has an empty alt). */
  title: string;
  date?: string;
  description?: string;
  /** Above the placard: who made it. */
  author?: ReactNode;
  /** Under the placard: likes. */
  footer?: ReactNode;
  /** Over the frame's corner: a state such as "Waiting to upload". */
  badge?: ReactNode;
  dimmed?: boolean;
}

/** A work hung on the wall: a frame with a paper mat, and a museum placard under it. */
export function WorkCard({ href, imageSrc, title, date, description, author, footer, badge, dimmed = false }: WorkCardProps) {
  const picture = (
    <span className={styles.frame}>
      <span className={styles.mat}>
        {imageSrc ? (
          // alt="": the title right under it names the link; repeating it would be read twice.
          <img src={imageSrc} alt="" width={480} height={600} loading="lazy" decoding="async" className={styles.image} />
        ) : (
          <span className={styles.empty} aria-hidden="true" />
        )}
      </span>
    </span>
  );
  return (
    <li className={[styles.card, dimmed && styles.dimmed].filter(Boolean).join(' ')}>
      {badge && <span className={styles.badge}>{badge}</span>}
      {href ? (
        <Link href={href} className={styles.link}>
          {picture}
          <span className={styles.title}>{title}</span>
        </Link>
      ) : (
        <div className={styles.link}>
          {picture}
          <span className={styles.title}>{title}</span>
        </div>
      )}
      <div className={styles.placard}>
        {date && <span className={styles.date}>{date}</span>}
        {description && <p className={styles.description}>{description}</p>}
        {author && <div className={styles.author}>{author}</div>}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </li>
  );
}

/** The wall the cards hang on. */
export function WorkGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export { styles as workCardStyles };
