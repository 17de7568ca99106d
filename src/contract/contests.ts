/**
 * Contests (works spec §2-§7, decisions.md "Contest status", issue 12): the list and detail a family reads, a
 * child's entry, and the form an organization's staff create or edit one with. Dates travel as ISO 8601 instants;
 * the console's form sends Japan time (`YYYY-MM-DDTHH:mm`, read as +09:00).
 */
import { z } from 'zod';

import { M } from './messages';

export const CONTEST_STATUSES = ['already_held', 'in_session', 'scheduled'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
/** The list's status filter (works spec §9). */
export const CONTEST_FILTERS = ['all', ...CONTEST_STATUSES] as const;
export type ContestFilter = (typeof CONTEST_FILTERS)[number];

/** Japan has no daylight saving time: its offset is always +09:00. */
export const JAPAN_OFFSET = '+09:00';

/** A database id (int4). */
const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** Multipart booleans arrive as text. */
const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * `YYYY-MM-DDTHH:mm` (a datetime-local input, Japan time) or an ISO instant with its offset; an impossible
 * calendar date (2026-02-30, 25:00) is refused rather than rolled over.
 */
export const japanDateTime = z
  .string({ error: M.dateTimeRequired.id })
  .trim()
  .min(1, { error: M.dateTimeRequired.id, abort: true })
  .max(40, M.dateTimeInvalid.id)
  .transform((value, ctx) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: M.dateTimeInvalid.id });
      return z.NEVER;
    }
    const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number) as number[];
    const offset = m[7] ?? JAPAN_OFFSET;
    const calendar = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
    const valid =
      year! >= 2000 &&
      year! <= 2200 &&
      calendar.getUTCMonth() === month! - 1 &&
      calendar.getUTCDate() === day &&
      calendar.getUTCHours() === hour &&
      calendar.getUTCMinutes() === minute &&
      calendar.getUTCSeconds() === second;
    const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${String(second).padStart(2, '0')}${offset}`);
    if (!valid || Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: M.dateTimeInvalid.id });
      return z.NEVER;
    }
    return at;
  });

/** GET /api/contests and /api/contests/my-contests (works spec §7). */
export const contestQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.string().trim().max(100).optional(),
  status: z.enum(CONTEST_FILTERS).default('all'),
});

/**
 * One entry of a contest's entry history (works spec §3: id, work_id, title, image, submission_date), with the
 * child's username and picture, as the child agreed when entering. `can_view`: whether the caller may open the work
 * itself (/gallery-detail): an entry keeps the work's own visibility everywhere but in the entry history.
 */
export const contestEntry = z.object({
  id: z.number(),
  work_id: z.number(),
  title: z.string(),
  image: z.string().nullable(),
  submission_date: z.string(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  can_view: z.boolean(),
});

/**
 * A contest (works spec §3) plus `status`, `members_only` and `entry_count`. `winner` is the picked entry (null
 * until then); `user` is the winning child's username and picture (null until then). `entry_history` is empty in
 * lists and for visitors (it is shown to logged-in users only); in the detail it is every entry, newest first.
 * `eligible` (child tokens): whether this child may enter now; `my_entries`: the ids of this child's works entered.
 */
export const contest = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  organization: z.object({ id: z.number(), name: z.string() }),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.enum(CONTEST_STATUSES),
  members_only: z.boolean(),
  winner: contestEntry.nullable(),
  user: z.object({ username: z.string(), profile_picture: z.string().nullable() }).nullable(),
  explanation: z.string(),
  eligibility_criteria: z.string(),
  entry_count: z.number(),
  entry_history: z.array(contestEntry),
  eligible: z.boolean(),
  my_entries: z.array(z.number()),
});

/** POST /api/contests/submit-work/: a child's own work, with its consent to be shown in the entry history. */
export const submitWorkBody = z.object({
  contest_id: dbId,
  work_id: dbId,
  consent: z.literal(true, { error: M.contestConsentRequired.id }),
});

export const submitWorkResponse = z.object({ message: z.string(), entry: contestEntry });

/**
 * Text fields of the console's contest form (multipart; the thumbnail is `thumbnail`, required on create).
 * Eligibility criteria are lines.
 */
export const contestFields = z
  .object({
    name: z
      .string({ error: M.contestNameRequired.id })
      .trim()
      .min(1, { error: M.contestNameRequired.id, abort: true })
      .max(100, M.contestNameTooLong.id),
    explanation: z.string().trim().max(5000, M.contestTextTooLong.id).default(''),
    eligibility_criteria: z.string().trim().max(5000, M.contestTextTooLong.id).default(''),
    start_date: japanDateTime,
    end_date: japanDateTime,
    members_only: formBool.default(false),
  })
  .check((ctx) => {
    // zod runs this even when a date failed its own check (a list, a number): compare two dates only.
    const { start_date, end_date } = ctx.value as { start_date: unknown; end_date: unknown };
    if (!(start_date instanceof Date) || !(end_date instanceof Date)) return;
    if (end_date.getTime() <= start_date.getTime()) {
      ctx.issues.push({ code: 'custom', message: M.contestEndBeforeStart.id, path: ['end_date'], input: ctx.value.end_date });
    }
  });

/** POST …/winner/: the entry that wins. */
export const winnerBody = z.object({ entry_id: dbId });

export type Contest = z.infer<typeof contest>;
export type ContestEntry = z.infer<typeof contestEntry>;
export type ContestQuery = z.input<typeof contestQuery>;
export type SubmitWorkBody = z.input<typeof submitWorkBody>;
export type ContestFields = z.input<typeof contestFields>;
