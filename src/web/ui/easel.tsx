/** An easel with a blank canvas: the "room being prepared" illustration. */
export function EaselArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 160 150" role="presentation" aria-hidden="true">
      <path d="M40 140 L72 20 M120 140 L88 20 M80 24 L80 146" stroke="#8a6a4f" strokeWidth="6" strokeLinecap="round" />
      <rect x="30" y="28" width="100" height="76" rx="8" fill="#fffdf9" stroke="#c9a46a" strokeWidth="5" />
      <circle cx="60" cy="56" r="10" fill="#e2a03f" />
      <path d="M38 96 L64 70 L82 86 L98 72 L122 96 Z" fill="#5f7a52" opacity="0.85" />
      <rect x="26" y="102" width="108" height="8" rx="4" fill="#8a6a4f" />
      <path d="M112 22 q10 -14 20 -4" stroke="#b04e26" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}
