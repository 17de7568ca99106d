/** An envelope with a little painted heart: "we sent you an e-mail". */
export function MailArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 96 76" aria-hidden="true">
      <rect x="4" y="10" width="88" height="60" rx="10" fill="#fffdf9" stroke="#c9a46a" strokeWidth="4" />
      <path d="M8 16 L48 46 L88 16" fill="none" stroke="#b04e26" strokeWidth="4" strokeLinejoin="round" />
      <path d="M48 4 c-5 -6 -14 -2 -12 5 c2 6 12 11 12 11 s10 -5 12 -11 c2 -7 -7 -11 -12 -5 z" fill="#e2a03f" />
    </svg>
  );
}
