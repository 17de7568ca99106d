/**
 * The pure rules of the contest pages (works spec §2, §4; issue 12): which section a contest sits in, its dates in
 * Japan time, its eligibility lines, and why a child cannot enter it now. No React here, so it is tested in Node.
 */
import type { Contest, ContestStatus } from '@contract/contests';
import { formatInJapan } from '@web/lib/japan-time';
import { pageIdFrom } from '@web/lib/page-id';

/**
 * The two sections of a list (works spec §2): "Scheduled and ongoing" and "Already held". The server's status
 * already says which (decisions.md: held once a winner is set or the end has passed). Pages are concatenated,
 * so a contest that moved between pages while the list was read is kept once, where it was first seen.
 */
export function splitSections(contests: readonly Contest[]): { upcoming: Contest[]; held: Contest[] } {
  const seen = new Set<number>();
  const upcoming: Contest[] = [];
  const held: Contest[] = [];
  for (const contest of contests) {
    if (seen.has(contest.id)) continue;
    seen.add(contest.id);
    (contest.status === 'already_held' ? held : upcoming).push(contest);
  }
  return { upcoming, held };
}

/**
 * An instant as Japan's calendar shows it (contests are held in Japan, whatever the phone's time zone), in the
 * reader's language: `2026/11/01` or `01 Nov 2026`, with the time when asked. Null for no date or an unreadable one.
 */
export function formatJapanDate(iso: string | null | undefined, locale: string, withTime = false): string | null {
  return formatInJapan(iso, locale, {
    year: 'numeric',
    month: locale === 'ja' ? '2-digit' : 'short',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  });
}

/** Eligibility criteria are written one per line (works spec §2): the non-empty lines, trimmed. */
export function eligibilityLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Why the entry buttons are off for a child, or null when it may enter now. */
export type EntryBlock = 'not_in_session' | 'members_only' | null;

export function entryBlock(contest: Pick<Contest, 'status' | 'eligible' | 'members_only'>): EntryBlock {
  if (contest.status !== 'in_session') return 'not_in_session';
  if (contest.eligible) return null;
  // In session and still not eligible: the one rule left that keeps a child out is the organization's membership.
  return contest.members_only ? 'members_only' : 'not_in_session';
}

/** The CSS tone of a status badge. */
export const STATUS_TONE: Record<ContestStatus, 'open' | 'soon' | 'held'> = {
  in_session: 'open',
  scheduled: 'soon',
  already_held: 'held',
};

/** A contest id from the navigation state first, then `?id=` (a reload or a shared link); null when neither names one. */
export function contestIdFrom(state: unknown, search: string): number | null {
  return pageIdFrom(state, search, 'contestId', 'id');
}
