/**
 * Instants as Japan's calendar and clock show them (contests and classes are held in Japan, and plans are billed
 * there, whatever the phone's time zone), in the page's language: `ja-JP` for Japanese, `en-GB` for English. The
 * contest, class, console and plan pages each ask for their own style; a formatter is made once per language and
 * style.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The instant in Japan time with these options; null for none or an unreadable one. */
export function formatInJapan(
  iso: string | null | undefined,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { ...options, timeZone: 'Asia/Tokyo' });
    formatters.set(key, format);
  }
  return format.format(at);
}
