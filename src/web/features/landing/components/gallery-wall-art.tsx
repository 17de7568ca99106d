/** The hero: three children's drawings hanging on a cream wall, drawn in SVG. */
export function GalleryWallArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 360 230" aria-hidden="true">
      <path d="M0 212 H360" stroke="#e6d8c5" strokeWidth="4" />
      {/* Left frame: house under the sun */}
      <path d="M62 18 L38 46 M62 18 L86 46" stroke="#8a6a4f" strokeWidth="2" />
      <rect x="14" y="44" width="96" height="118" rx="8" fill="#8a6a4f" />
      <rect x="22" y="52" width="80" height="102" rx="4" fill="#fffdf9" />
      <circle cx="82" cy="72" r="10" fill="#e2a03f" />
      <path d="M82 56 v-4 M96 72 h4 M92 62 l3 -3 M72 62 l-3 -3" stroke="#e2a03f" strokeWidth="3" strokeLinecap="round" />
      <path d="M34 118 L54 98 L74 118 Z" fill="#b04e26" />
      <rect x="38" y="118" width="32" height="26" fill="#f6e1d4" stroke="#b04e26" strokeWidth="2" />
      <rect x="50" y="128" width="8" height="16" fill="#4f6f95" />
      <path d="M22 146 q20 -8 40 0 t40 0" stroke="#5f7a52" strokeWidth="4" fill="none" />
      {/* Middle frame (gold, larger): a smiling cat */}
      <path d="M180 6 L150 36 M180 6 L210 36" stroke="#8a6a4f" strokeWidth="2" />
      <rect x="124" y="32" width="112" height="144" rx="10" fill="#c9a46a" />
      <rect x="134" y="42" width="92" height="124" rx="4" fill="#fbecd2" />
      <path d="M152 92 L156 66 L170 82 Z M208 92 L204 66 L190 82 Z" fill="#e2a03f" />
      <ellipse cx="180" cy="104" rx="32" ry="28" fill="#e2a03f" />
      <circle cx="169" cy="100" r="4" fill="#2a211c" />
      <circle cx="191" cy="100" r="4" fill="#2a211c" />
      <path d="M174 112 q6 6 12 0" stroke="#2a211c" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M150 110 h-14 M150 116 l-12 4 M210 110 h14 M210 116 l12 4" stroke="#8f3d1c" strokeWidth="2" strokeLinecap="round" />
      <path d="M146 156 h68" stroke="#5f7a52" strokeWidth="5" strokeLinecap="round" />
      <circle cx="156" cy="150" r="4" fill="#b04e26" />
      <circle cx="204" cy="150" r="4" fill="#8b4f7a" />
      {/* Right frame: a rainbow and a flower */}
      <path d="M298 24 L274 50 M298 24 L322 50" stroke="#8a6a4f" strokeWidth="2" />
      <rect x="250" y="48" width="96" height="108" rx="8" fill="#5f7a52" />
      <rect x="258" y="56" width="80" height="92" rx="4" fill="#fffdf9" />
      <path d="M268 116 a30 30 0 0 1 60 0" stroke="#b04e26" strokeWidth="6" fill="none" />
      <path d="M276 116 a22 22 0 0 1 44 0" stroke="#e2a03f" strokeWidth="6" fill="none" />
      <path d="M284 116 a14 14 0 0 1 28 0" stroke="#4f6f95" strokeWidth="6" fill="none" />
      <path d="M298 140 v-14" stroke="#5f7a52" strokeWidth="3" />
      <circle cx="298" cy="124" r="5" fill="#8b4f7a" />
      {/* Little picture lights */}
      <path d="M168 28 h24" stroke="#2a211c" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
