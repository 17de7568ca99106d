/** The About page's pictures, drawn in SVG with the museum's palette (tokens.css). */

/** A small framed drawing on the wall under a picture light: a child and the sun. */
export function FramedDrawingArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 240 170" aria-hidden="true">
      <path d="M0 160 H240" stroke="#e6d8c5" strokeWidth="4" />
      <path d="M120 8 L92 34 M120 8 L148 34" stroke="#8a6a4f" strokeWidth="2" />
      <path d="M100 28 h40" stroke="#2a211c" strokeWidth="4" strokeLinecap="round" />
      <rect x="54" y="32" width="132" height="112" rx="10" fill="#c9a46a" />
      <rect x="64" y="42" width="112" height="92" rx="4" fill="#fffdf9" />
      <circle cx="150" cy="64" r="11" fill="#e2a03f" />
      <path d="M150 47 v-4 M167 64 h4 M162 52 l3 -3 M138 52 l-3 -3" stroke="#e2a03f" strokeWidth="3" strokeLinecap="round" />
      <circle cx="104" cy="78" r="10" fill="#f6e1d4" stroke="#8f3d1c" strokeWidth="2" />
      <path
        d="M104 88 v22 M104 96 l-12 -8 M104 96 l12 -8 M104 110 l-9 14 M104 110 l9 14"
        stroke="#8f3d1c"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M70 128 q26 -10 52 0 t50 0" stroke="#5f7a52" strokeWidth="4" fill="none" />
      <path d="M24 150 v-30 q0 -8 8 -8 h6 q8 0 8 8 v30" fill="#5f7a52" opacity="0.85" />
      <circle cx="35" cy="104" r="12" fill="#8b4f7a" opacity="0.9" />
      <rect x="200" y="118" width="22" height="32" rx="4" fill="#b04e26" />
      <path d="M198 118 h26" stroke="#8f3d1c" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Icons of the About page's cards, in the order of its points (content/types.ts, AboutContent). */
export const CAN_DO_ICONS = [
  // Share with family, friends and the world
  <svg key="share" viewBox="0 0 32 32" aria-hidden="true">
    <circle cx="10" cy="11" r="4" {...STROKE} />
    <circle cx="22" cy="11" r="4" {...STROKE} />
    <path d="M3 26 q7 -10 14 0 M15 26 q7 -10 14 0" {...STROKE} />
  </svg>,
  // A secret gallery
  <svg key="secret" viewBox="0 0 32 32" aria-hidden="true">
    <rect x="7" y="14" width="18" height="13" rx="3" {...STROKE} />
    <path d="M11 14 v-4 a5 5 0 0 1 10 0 v4" {...STROKE} />
    <circle cx="16" cy="20.5" r="1.8" fill="currentColor" />
  </svg>,
  // Learn from artists
  <svg key="learn" viewBox="0 0 32 32" aria-hidden="true">
    <path
      d="M16 4 a12 12 0 1 0 2 23.8 c2 -0.4 2 -3 0.5 -4 c-1.6 -1 -0.6 -3.8 1.6 -3.8 h3 a5 5 0 0 0 5 -5 C28 9 22.6 4 16 4 Z"
      {...STROKE}
    />
    <circle cx="10" cy="14" r="1.8" fill="currentColor" />
    <circle cx="15" cy="9.5" r="1.8" fill="currentColor" />
    <circle cx="21" cy="10.5" r="1.8" fill="currentColor" />
  </svg>,
  // Enter contests
  <svg key="contest" viewBox="0 0 32 32" aria-hidden="true">
    <path d="M10 5 h12 v7 a6 6 0 0 1 -12 0 Z" {...STROKE} />
    <path d="M10 8 h-4 a4 4 0 0 0 4 5 M22 8 h4 a4 4 0 0 1 -4 5 M16 18 v5 M11 27 h10 M13 23 h6 v4 h-6 Z" {...STROKE} />
  </svg>,
  // Collect favourites
  <svg key="collect" viewBox="0 0 32 32" aria-hidden="true">
    <path d="M16 27 C6 20 4 14.5 6.2 10.6 C8.4 6.8 13 7 16 11 C19 7 23.6 6.8 25.8 10.6 C28 14.5 26 20 16 27 Z" {...STROKE} />
  </svg>,
];

export const ORGANIZATION_ICONS = [
  CAN_DO_ICONS[3],
  // Classes: a screen with a play button
  <svg key="class" viewBox="0 0 32 32" aria-hidden="true">
    <rect x="4" y="6" width="24" height="16" rx="3" {...STROKE} />
    <path d="M14 10.5 v7 l6 -3.5 Z M11 27 h10 M16 22 v5" {...STROKE} />
  </svg>,
  // Members: an envelope
  <svg key="members" viewBox="0 0 32 32" aria-hidden="true">
    <rect x="4" y="8" width="24" height="17" rx="3" {...STROKE} />
    <path d="M5 10 l11 8 l11 -8" {...STROKE} />
  </svg>,
];
