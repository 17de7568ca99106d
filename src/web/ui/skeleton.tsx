import styles from './skeleton.module.css';

/** Empty frames on the wall while a gallery loads (skeletons, not spinners). */
export function WorkGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.card}>
            <span className={styles.frame} />
            <span className={`${styles.line} ${styles.wide}`} />
            <span className={styles.line} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One grey block of a given size, for detail pages. */
export function SkeletonBlock({ height, width = '100%' }: { height: number | string; width?: number | string }) {
  return <span className={styles.block} style={{ height, width }} aria-hidden="true" />;
}
