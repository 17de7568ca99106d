/** Small pictures for the plans: one framed drawing (Free), a wall of them under a star (Premium). */
export function FreeArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <rect x="8" y="8" width="32" height="32" rx="2" fill="var(--frame-wood)" />
      <rect x="12" y="12" width="24" height="24" fill="#fffdf9" />
      <circle cx="19" cy="20" r="3.5" fill="var(--amber)" />
      <path d="M13 34l8-9 5 5 4-4 6 8z" fill="var(--sage)" />
    </svg>
  );
}

export function PremiumArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <rect x="2" y="14" width="20" height="20" rx="2" fill="var(--frame-wood)" />
      <rect x="5" y="17" width="14" height="14" fill="#fffdf9" />
      <path d="M6 30l5-6 3 3 2-2 3 5z" fill="var(--sky)" />
      <rect x="26" y="14" width="20" height="20" rx="2" fill="var(--frame-gold)" />
      <rect x="29" y="17" width="14" height="14" fill="#fffdf9" />
      <circle cx="36" cy="24" r="4" fill="var(--terracotta)" />
      <path d="M24 2l2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.5-4.8 2.5.9-5.4-3.9-3.8 5.4-.8z" fill="var(--amber)" />
      <rect x="4" y="38" width="40" height="3" rx="1.5" fill="var(--line)" />
    </svg>
  );
}

/** The payment's end: a gold frame with a ribbon. */
export function DoneArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 110" className={className} aria-hidden="true">
      <path d="M60 4 40 22h40z" fill="none" stroke="var(--frame-wood)" strokeWidth="2" />
      <circle cx="60" cy="4" r="3" fill="var(--frame-wood)" />
      <rect x="18" y="22" width="84" height="70" rx="3" fill="var(--frame-gold)" />
      <rect x="26" y="30" width="68" height="54" fill="#fffdf9" />
      <circle cx="44" cy="47" r="7" fill="var(--amber)" />
      <path d="M28 82l20-20 12 12 10-9 22 17z" fill="var(--sage)" />
      <circle cx="96" cy="86" r="14" fill="var(--terracotta)" />
      <path d="m89 86 5 5 9-10" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
