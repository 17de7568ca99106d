/**
 * Contest dates in the console are Japan time (issue 12): a datetime-local input shows and sends
 * `YYYY-MM-DDTHH:mm`, which the server reads as +09:00, whatever the phone's own time zone is. Japan has no
 * daylight saving time, so the conversion is a fixed offset.
 */
import { formatInJapan } from '@web/lib/japan-time';

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A stored instant (ISO 8601) as a datetime-local value in Japan time; '' for none or an unreadable one. */
export function toJapanInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value in Japan time as the instant it names (null when it is not one). */
export function fromJapanInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value}:00+09:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A new contest's suggested period: from the next full hour in Japan, for a week. */
export function suggestedPeriod(now: Date = new Date()): { start: string; end: string } {
  const start = Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS;
  return { start: toJapanInput(new Date(start).toISOString()), end: toJapanInput(new Date(start + 7 * 24 * HOUR_MS).toISOString()) };
}

/** An instant shown in Japan time, in the page's language (e.g. "2026/5/1 10:00"). */
export function formatJapanTime(iso: string | null | undefined, locale: string): string {
  return formatInJapan(iso, locale, { dateStyle: 'medium', timeStyle: 'short' }) ?? '';
}
