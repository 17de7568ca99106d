import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';

import styles from './work-card.module.css';

interface WorkCardProps {
  /** Where the picture and title lead (omitted for a card that is not a page yet, e.g. pending). */
  href?: string;
  /** Without `href`: the picture and title are a button that does this (e.g. say why the work does not open). */
  onOpen?: () => void;
  /** Under the title: a note about the card, announced when it appears (e.g. why it does not open). */
  note?: ReactNode;
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
export function WorkCard({ href, onOpen, note, imageSrc, title, date, description, author, footer, badge, dimmed = false }: WorkCardProps) {
  const noteId = useId();
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
      ) : onOpen ? (
        <button type="button" className={`${styles.link} ${styles.button}`} onClick={onOpen} aria-describedby={note ? noteId : undefined}>
          {picture}
          <span className={styles.title}>{title}</span>
        </button>
      ) : (
        <div className={styles.link}>
          {picture}
          <span className={styles.title}>{title}</span>
        </div>
      )}
      <div className={styles.placard}>
        {onOpen && (
          // There before the note, so that a screen reader announces the note when it appears.
          <div role="status" id={noteId} className={note ? styles.note : undefined}>
            {note}
          </div>
        )}
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
