import { useEffect, type ReactNode } from 'react';

import styles from './page-shell.module.css';
import { useBrand } from '../lib/brand';

interface PageShellProps {
  title: string;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  width?: 'narrow' | 'medium' | 'wide';
  /** Puts the content on a paper card. */
  card?: boolean;
  children?: ReactNode;
}

/** The common page frame: sets the document title and lays out a heading and content. */
export function PageShell({ title, eyebrow, lead, width = 'wide', card = false, children }: PageShellProps) {
  const brand = useBrand();
  useEffect(() => {
    // Without the zero-width spaces between a Japanese heading's phrases (scripts/heading-phrases.ts): a tab's title never wraps.
    document.title = `${title.replaceAll('\u200b', '')} | ${brand}`;
  }, [title, brand]);
  return (
    <div className={[styles.page, width !== 'wide' && styles[width]].filter(Boolean).join(' ')}>
      <header className={styles.head}>
        {eyebrow && <span className={styles.eyebrow}>{eyebrow}</span>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </header>
      {card ? <div className={styles.card}>{children}</div> : children}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'error' }) {
  return (
    <div
      className={[styles.notice, tone === 'error' && styles.noticeError].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export { styles as pageStyles };
