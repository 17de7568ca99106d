/**
 * The open archive (issue 15): what `GET /api/account/export/` writes into its zip and what
 * `npm run admin -- import <zip> <email>` reads back. Format version 1; a reader of a later version refuses
 * what it does not know. Everything sits under one folder, `little-museum-YYYY-MM-DD/`:
 *
 *   README.txt                         what the archive is and how to open it (plain text, English and Japanese)
 *   index.html + data.js               a small museum that opens from disk in any browser, with no network
 *   manifest.json                      `archiveManifest`: the format, its version, when, and the children's files
 *   account.json                       `archiveAccount`: the account's non-secret data (never a password hash or a token)
 *   children/<folder>/child.json       `archiveChild`: the profile and every work of one child
 *   children/<folder>/avatar.webp      the profile picture, if any
 *   children/<folder>/pictures/…webp   every work's pictures as the server stores them (re-encoded WebP, no metadata)
 *   children/<folder>/thumbs/…webp     their thumbnails (the offline museum's grid)
 *
 * Paths inside the JSON files are relative to the archive's folder, with `/` separators. Dates are ISO 8601 (UTC).
 */
import { z } from 'zod';

import { address, dateOfBirth, isRealDate, JAPAN_OFFSET_MS, registerProfileFields, username } from './accounts';
import { LIMITS } from './limits';
import { M } from './messages';
import { workFields } from './works';

export const ARCHIVE_FORMAT = 'little-museum-archive';
export const ARCHIVE_VERSION = 1;

/** `little-museum-2026-11-24`: the zip's name without `.zip`, and the folder inside it. */
export const archiveName = (date: string) => `little-museum-${date}`;

/** A path inside the archive: relative, `/`-separated, no `..`, no backslash, no NUL. */
export const archivePath = z
  .string()
  .min(1)
  .max(400)
  .regex(/^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\\\0]+$/);

/**
 * What the archive's import accepts (issue 27) is what the API accepts: the same zod pieces for what becomes rows
 * (username, first name, address, date of birth, title, description), and what the API's validator adds for every
 * text (middleware/validate.ts): no NUL, which PostgreSQL's text cannot hold. The exporting museum's clock may run a
 * little ahead of the importing one's; anything later than this allowance is not a past event but a made-up date.
 */
export const ARCHIVE_CLOCK_SKEW_MS = 60 * 60 * 1000;

const noNul = (s: string) => !s.includes('\u0000');
const withoutNul = <T extends z.ZodType<string>>(schema: T) => schema.refine(noNul, 'holds a NUL character');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealDate, 'is not a day of the calendar');
const isoTime = z.iso.datetime({ offset: true });
/** A moment that has happened: not in the future beyond the clock-skew allowance (a contest may end later). */
const pastTime = isoTime.refine((s) => !(Date.parse(s) > Date.now() + ARCHIVE_CLOCK_SKEW_MS), 'is in the future');
const names = z.object({ en: z.string().max(200), ja: z.string().max(200) });

/** The calendar day (YYYY-MM-DD) of a moment in Japan, where the families' days are counted (accounts.ts, ageAt). */
export const japanDay = (at: string): string => new Date(Date.parse(at) + JAPAN_OFFSET_MS).toISOString().slice(0, 10);

export const archiveImage = z.object({
  /** The display copy (long edge ≤ 2048 px, WebP). */
  file: archivePath,
  thumb: archivePath,
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  bytes: z.number().int().min(0),
});

export const archiveContestEntry = z.object({
  contest: z.string(),
  organization: z.string(),
  entered_at: pastTime,
  consented_at: pastTime,
  contest_starts_at: isoTime,
  contest_ends_at: isoTime,
  winner: z.boolean(),
});

export const archiveWork = z.object({
  /** The id it had in the museum it was exported from (for reference; an import gives new ids). */
  id: z.number().int(),
  title: withoutNul(workFields.shape.title),
  description: withoutNul(workFields.shape.description),
  created_at: pastTime,
  /** The day it was made (UTC), as the museum shows it. */
  date: isoDate,
  /** Whole years from the child's date of birth to `created_at`. */
  age_at_creation: z.number().int().min(0).nullable(),
  category: names.nullable(),
  tags: z.array(names).max(100),
  likes_count: z.number().int().min(0),
  is_public: z.boolean(),
  visibility: z.enum(['public', 'circle', 'private']),
  /** One to five pictures, as a work of the API has. */
  images: z.array(archiveImage).min(1).max(LIMITS.maxImagesPerWork),
  contest_entries: z.array(archiveContestEntry).max(1000),
  /**
   * The family circle's part (issue 32): the stickers and the approved comments, each with the relative's role (and
   * the label a parent wrote for `other`), never their name or address. Absent from archives made before it.
   */
  circle: z
    .object({
      stamps: z
        .array(
          z.object({ stamp: withoutNul(z.string().max(40)), role: withoutNul(z.string().max(40)), label: withoutNul(z.string().max(60)) }),
        )
        .max(1000),
      comments: z
        .array(
          z.object({
            role: withoutNul(z.string().max(40)),
            label: withoutNul(z.string().max(60)),
            body: withoutNul(z.string().max(400)),
            at: pastTime,
          }),
        )
        .max(10_000),
    })
    .optional(),
});

export const archiveProfile = z.object({
  id: z.number().int(),
  username,
  first_name: withoutNul(registerProfileFields.shape.first_name),
  date_of_birth: dateOfBirth(M.dobRequired.id),
  address,
  is_published: z.boolean(),
  created_at: pastTime,
  picture: archivePath.nullable(),
  organizations: z.array(z.object({ name: z.string() })).max(1000),
  /** Usernames of the family's profiles this child shares its works with. */
  shares_with: z.array(z.string()).max(1000),
});

export const archiveChild = z
  .object({
    format: z.literal(ARCHIVE_FORMAT),
    version: z.number().int().min(1),
    profile: archiveProfile,
    works: z.array(archiveWork),
  })
  .superRefine((child, ctx) => {
    // A work is made by a child that is born: on its day in Japan or later (the API's ages are counted so, and are
    // never negative).
    for (const [i, work] of child.works.entries()) {
      if (japanDay(work.created_at) < child.profile.date_of_birth) {
        ctx.addIssue({
          code: 'custom',
          path: ['works', i, 'created_at'],
          message: `is before the date of birth ${child.profile.date_of_birth}`,
        });
      }
    }
  });

export const archiveAccount = z.object({
  email: z.string(),
  first_name: z.string(),
  address: z.string(),
  created_at: isoTime,
});

export const archiveManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().min(1),
  exported_at: pastTime,
  /** The language of index.html and README.txt. */
  language: z.enum(['en', 'ja']),
  /** The whole family, or one child (`?profile=`). */
  scope: z.enum(['family', 'profile']),
  generator: z.string(),
  account: archivePath,
  children: z
    .array(z.object({ username: z.string(), file: archivePath }))
    .max(1000)
    .refine((list) => new Set(list.map((c) => c.file)).size === list.length, 'lists a child file more than once'),
  counts: z.object({ children: z.number().int(), works: z.number().int(), pictures: z.number().int() }),
  notes: z.array(z.string()),
});

export type ArchiveImage = z.infer<typeof archiveImage>;
export type ArchiveWork = z.infer<typeof archiveWork>;
export type ArchiveProfile = z.infer<typeof archiveProfile>;
export type ArchiveChild = z.infer<typeof archiveChild>;
export type ArchiveAccount = z.infer<typeof archiveAccount>;
export type ArchiveManifest = z.infer<typeof archiveManifest>;
export type ArchiveContestEntry = z.infer<typeof archiveContestEntry>;
