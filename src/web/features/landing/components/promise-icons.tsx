/** Small line icons for the four promises of the landing page (no emoji: fonts vary by device). */
const common = {
  viewBox: '0 0 32 32',
  width: 30,
  height: 30,
  fill: 'none',
  strokeWidth: 2.4,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function ShareIcon() {
  return (
    <svg {...common} stroke="#b04e26" aria-hidden="true">
      <path d="M5 15 L16 6 L27 15 V27 H5 Z" />
      <path d="M16 23 c-4 -3 -6 -5 -6 -7 a3 3 0 0 1 6 -1 a3 3 0 0 1 6 1 c0 2 -2 4 -6 7 z" fill="#e2a03f" stroke="none" />
    </svg>
  );
}

export function SecretIcon() {
  return (
    <svg {...common} stroke="#4f6f95" aria-hidden="true">
      <rect x="6" y="14" width="20" height="14" rx="3" />
      <path d="M10 14 V10 a6 6 0 0 1 12 0 V14" />
      <circle cx="16" cy="21" r="2" fill="#4f6f95" />
    </svg>
  );
}

export function LearnIcon() {
  return (
    <svg {...common} stroke="#5f7a52" aria-hidden="true">
      <path d="M16 4 c7 0 12 5 12 11 c0 4 -3 5 -6 5 h-2 a3 3 0 0 0 -2 5 c1 2 -1 3 -3 3 C8 28 4 22 4 16 C4 9 9 4 16 4 z" />
      <circle cx="10" cy="14" r="2" fill="#b04e26" stroke="none" />
      <circle cx="15" cy="9" r="2" fill="#e2a03f" stroke="none" />
      <circle cx="21" cy="11" r="2" fill="#4f6f95" stroke="none" />
    </svg>
  );
}

export function ContestIcon() {
  return (
    <svg {...common} stroke="#8a6410" aria-hidden="true">
      <path d="M10 5 H22 V12 a6 6 0 0 1 -12 0 Z" fill="#fbecd2" />
      <path d="M10 8 H5 a4 4 0 0 0 5 6 M22 8 H27 a4 4 0 0 1 -5 6" />
      <path d="M16 18 V23 M11 27 H21 M12 23 H20 V27" />
    </svg>
  );
}
