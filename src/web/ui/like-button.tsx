import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import styles from './like-button.module.css';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  /** Without it the likes are shown, not clickable (My Collection). */
  onToggle?: () => void;
  busy?: boolean;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function LikeButton({ liked, count, onToggle, busy = false }: LikeButtonProps) {
  const { t } = useLingui();
  const countText = plural(count, { one: '# like', other: '# likes' });
  if (!onToggle) {
    return (
      <span className={`${styles.like} ${styles.static} ${liked ? styles.liked : ''}`} aria-label={countText}>
        <Heart filled={liked} />
        <span aria-hidden="true">{count}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.like} ${liked ? styles.liked : ''}`}
      aria-pressed={liked}
      aria-label={liked ? t`Unlike (${countText})` : t`Like (${countText})`}
      aria-busy={busy}
      disabled={busy}
      onClick={onToggle}
    >
      <Heart filled={liked} />
      <span aria-hidden="true">{count}</span>
    </button>
  );
}
