/** Illustrations of the three upload steps (works spec §1). */
export function PhotographArt() {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true">
      <rect x="14" y="58" width="70" height="52" rx="4" fill="#fffdf9" stroke="#c9a46a" strokeWidth="4" />
      <circle cx="34" cy="76" r="7" fill="#e2a03f" />
      <path d="M20 104 L44 84 L58 96 L68 88 L80 104 Z" fill="#5f7a52" />
      <rect x="74" y="14" width="72" height="50" rx="10" fill="#2a211c" />
      <rect x="92" y="8" width="22" height="10" rx="3" fill="#2a211c" />
      <circle cx="110" cy="39" r="16" fill="#4f6f95" stroke="#fffdf9" strokeWidth="4" />
      <circle cx="106" cy="35" r="4" fill="#e1e9f2" />
      <circle cx="136" cy="24" r="3" fill="#e2a03f" />
      <path d="M92 66 L70 84" stroke="#e2a03f" strokeWidth="3" strokeDasharray="4 5" strokeLinecap="round" />
    </svg>
  );
}

export function UploadArt() {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true">
      <rect x="52" y="6" width="56" height="108" rx="12" fill="#2a211c" />
      <rect x="58" y="16" width="44" height="84" rx="4" fill="#fbecd2" />
      <rect x="64" y="50" width="32" height="40" rx="3" fill="#fffdf9" stroke="#c9a46a" strokeWidth="3" />
      <path d="M72 82 L80 70 L88 82 Z" fill="#b04e26" />
      <path d="M80 44 V22 M70 32 L80 22 L90 32" stroke="#b04e26" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="110" y="28" width="44" height="24" rx="12" fill="#5f7a52" />
      <text x="132" y="45" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        FREE
      </text>
      <path d="M12 70 c10 -14 26 -14 30 0" stroke="#e2a03f" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M16 86 c8 -8 18 -8 22 0" stroke="#e2a03f" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function PublishArt() {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true">
      <circle cx="52" cy="58" r="36" fill="#e1e9f2" stroke="#4f6f95" strokeWidth="4" />
      <path d="M16 58 h72 M52 22 c-16 20 -16 52 0 72 M52 22 c16 20 16 52 0 72" stroke="#4f6f95" strokeWidth="3" fill="none" />
      <rect x="102" y="58" width="44" height="38" rx="8" fill="#b04e26" />
      <path d="M112 58 v-10 a12 12 0 0 1 24 0 v10" stroke="#8f3d1c" strokeWidth="6" fill="none" />
      <circle cx="124" cy="75" r="5" fill="#fffdf9" />
      <path d="M124 78 v8" stroke="#fffdf9" strokeWidth="4" strokeLinecap="round" />
      <rect x="22" y="102" width="60" height="12" rx="6" fill="#5f7a52" />
      <circle cx="74" cy="108" r="8" fill="#fffdf9" stroke="#5f7a52" strokeWidth="3" />
      <path d="M100 24 l6 6 l12 -14" stroke="#5f7a52" strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
