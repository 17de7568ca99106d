import styles from './film-strip.module.css';

/**
 * The film strip's frames while it loads (its code and its works come after the first paint): the strip's height
 * from the start, so nothing below it moves when the works arrive.
 */
export function FilmStripPlaceholder() {
  return (
    <div className={styles.scroller} aria-hidden="true">
      <ul className={styles.copy}>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className={styles.item}>
            <span className={styles.frameLink}>
              <span className={`${styles.frame} ${styles.waiting}`}>
                <span className={styles.mat}>
                  <span className={styles.blank} />
                </span>
              </span>
              <span className={styles.caption}>&nbsp;</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
