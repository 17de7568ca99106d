import type { ReactNode } from 'react';

import { LinkButton } from '@web/ui/button';
import styles from './org.module.css';

interface DetailHeadProps {
  /** Back to the list, e.g. "← All contests". */
  backHref: string;
  backLabel: string;
  headingId: string;
  title: ReactNode;
  /** Beside the heading: the thing's state. */
  chip: ReactNode;
}

/** The top of one contest's or class's view in the console: the way back to the list, its heading and state. */
export function DetailHead({ backHref, backLabel, headingId, title, chip }: DetailHeadProps) {
  return (
    <>
      <LinkButton href={backHref} variant="ghost" className={styles.back}>
        {backLabel}
      </LinkButton>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {chip}
      </div>
    </>
  );
}
