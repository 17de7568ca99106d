import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { useNetworkAction } from '../lib/network-action';
import styles from './like-button.module.css';

const LIKES_NEED_NETWORK = msg`You're offline. Likes can be given again when you're back online.`;

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

/**
 * The heart with its count. Offline the button stays focusable but is `aria-disabled`, looks faded
 * (same size, so nothing on the wall moves), carries the reason (aria-describedby) and shows it as a toast when tapped (lib/network-action).
 */
export function LikeButton({ liked, count, onToggle, busy = false }: LikeButtonProps) {
  const { t } = useLingui();
  const network = useNetworkAction(LIKES_NEED_NETWORK);
  // Not Lingui's plural(): it always formats the count with Intl.NumberFormat, whose first use loads the browser's
  // number data (45-70 ms measured on this machine's Chromium, about 4x at Lighthouse's mobile CPU) during every
  // wall's first render. English has one and other; Japanese has only other, so both of its texts read the same.
  const countText = count === 1 ? t`1 like` : t`${count} likes`;
  if (!onToggle) {
    return (
      // Read as words, not a bare number (a plain span may not carry an aria-label: it has no role to name).
      <span className={`${styles.like} ${styles.static} ${liked ? styles.liked : ''}`}>
        <Heart filled={liked} />
        <span aria-hidden="true">{count}</span>
        <span className="visually-hidden">{countText}</span>
      </span>
    );
  }
  const offline = !network.available;
  return (
    <>
      <button
        type="button"
        className={[styles.like, liked && styles.liked, offline && styles.unavailable].filter(Boolean).join(' ')}
        aria-pressed={liked}
        // The visible count is in the name outside parentheses (WCAG label in name; axe ignores parentheticals).
        aria-label={liked ? t`Unlike, ${countText}` : t`Like, ${countText}`}
        aria-busy={busy}
        aria-disabled={offline || undefined}
        aria-describedby={offline ? network.reasonId : undefined}
        disabled={busy}
        onClick={() => network.run(onToggle)}
      >
        <Heart filled={liked} />
        <span aria-hidden="true">{count}</span>
      </button>
      {offline && (
        <span id={network.reasonId} className="visually-hidden">
          {network.reason}
        </span>
      )}
    </>
  );
}
