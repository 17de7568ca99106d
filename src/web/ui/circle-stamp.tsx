import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { CSSProperties } from 'react';

import type { CircleStamp } from '@contract/circle';

/** The stickers' words (issue 32), as a teacher's stamp says them. */
const WORDS = {
  hanamaru: msg({ message: 'Hanamaru!', context: 'sticker: a flower-circle, top marks' }),
  sugoi: msg({ message: 'Wow!', context: 'sticker' }),
  kirei: msg({ message: 'Beautiful', context: 'sticker' }),
  daisuki: msg({ message: 'Love it', context: 'sticker' }),
  omoshiroi: msg({ message: 'So fun', context: 'sticker' }),
  ganbatta: msg({ message: 'Well done', context: 'sticker' }),
} as const;

export function useStampWord(): (stamp: CircleStamp) => string {
  const { i18n } = useLingui();
  return (stamp) => i18n._(WORDS[stamp]);
}

/**
 * Each sticker's look: a hand-stamped seal in the museum's colours (はなまる with its petals). Inline styles, not a
 * CSS module: the seal is drawn on pages of two features, and a stylesheet of its own would be one more file that
 * the entry names for each of them.
 */
const LOOKS: Record<CircleStamp, CSSProperties> = {
  hanamaru: {
    color: 'var(--terracotta-deep)',
    background:
      'radial-gradient(circle at 50% 50%, var(--paper) 0 52%, transparent 53%), repeating-conic-gradient(from 0deg, #e05a47 0 18deg, #f08a6c 18deg 36deg)',
    boxShadow: 'none',
  },
  sugoi: { background: 'var(--amber)', color: 'var(--ink)', borderRadius: '30% 70% 60% 40% / 40% 40% 60% 60%' },
  kirei: { background: 'var(--sky)' },
  daisuki: { background: '#c8436b', borderRadius: '50% 50% 46% 46%' },
  omoshiroi: { background: 'var(--sage)', transform: 'rotate(6deg)' },
  ganbatta: { background: 'var(--frame-wood)', transform: 'rotate(4deg)' },
};

const SEAL: CSSProperties = {
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  borderRadius: '50%',
  color: 'var(--paper)',
  fontWeight: 800,
  lineHeight: 1.05,
  textAlign: 'center',
  transform: 'rotate(-8deg)',
  boxShadow: 'inset 0 0 0 3px rgb(255 255 255 / 0.55)',
  wordBreak: 'keep-all',
  padding: '0 4px',
  boxSizing: 'border-box',
};

/** A drawn sticker with its word. Decorative: the text beside it names it. */
export function StampSeal({ stamp, size = 56 }: { stamp: CircleStamp; size?: number }) {
  const word = useStampWord()(stamp);
  return (
    <span style={{ ...SEAL, ...LOOKS[stamp], width: size, height: size, fontSize: size / 5 }} aria-hidden="true">
      {word}
    </span>
  );
}
