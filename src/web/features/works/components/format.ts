/** One formatter per language: a wall of cards formats many dates, and building a formatter is the costly part. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A work's date as the reader's language writes it. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const tag = locale === 'ja' ? 'ja-JP' : 'en-GB';
  let formatter = formatters.get(tag);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
    formatters.set(tag, formatter);
  }
  return formatter.format(date);
}
