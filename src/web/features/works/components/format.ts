/**
 * A work's date as the reader's language writes it: `2026/11/23` in Japanese, `23 Nov 2026` in English (what
 * Intl.DateTimeFormat's medium style gives for ja-JP and en-GB). Written out rather than asked of Intl: the first
 * Intl.DateTimeFormat a page builds loads the browser's date data, measured at 20-40 ms on this machine's Chromium
 * (80-160 ms at Lighthouse's 4x mobile CPU), all of it blocking the first render of a wall of cards.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [y, m, d] = [date.getFullYear(), date.getMonth(), date.getDate()];
  return locale === 'ja' ? `${y}/${String(m + 1).padStart(2, '0')}/${String(d).padStart(2, '0')}` : `${d} ${MONTHS[m]} ${y}`;
}
