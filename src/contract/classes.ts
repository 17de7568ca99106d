/**
 * Artist classes (works spec §2-§8, decisions.md "Free class sign-up", "Paid class sign-up", issue 13): the lists a
 * family reads, one class with the calling profile's sign-up, the sign-up and its payment, the class's video, and the
 * form an organization's staff create or edit one with. Money is integer JPY. The meeting link and the video URL are
 * never in a class as a family reads it: only a confirmed sign-up of that class gets them (`classVideo`).
 */
import { z } from 'zod';

import { japanDateTime } from './contests';
import { M } from './messages';
import { parentPassword } from './parent-word';

export const CLASS_TYPES = ['real_time', 'recorded'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const SIGNUP_STATUSES = ['pending', 'confirmed'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** The only currency classes are sold in; its amounts have no minor unit. */
export const CLASS_CURRENCY = 'jpy';
/** Stripe's smallest JPY charge is 50 yen; the largest is ours. */
export const CLASS_PRICE_MIN = 50;
export const CLASS_PRICE_MAX = 1_000_000;

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** Multipart booleans arrive as text. */
const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** GET /api/artist-classes and …/my-classes (works spec §7): `is_free` is `true` or `false`, absent for all. */
export const classQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.string().trim().max(100).optional(),
  is_free: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  class_type: z.enum(CLASS_TYPES).optional(),
});

/** The calling profile's sign-up (works spec §3): `status` is null when it has none. */
export const memberSignup = z.object({
  is_signed_up: z.boolean(),
  status: z.enum(SIGNUP_STATUSES).nullable(),
  signup_id: z.number().nullable(),
});

/**
 * A class as a family reads it (works spec §3). `tags` are tag ids (the PWA names them from the tag list);
 * `price` is 0 for a free class; `start_at` is a live class's start (ISO instant). `url` (the meeting link) is
 * null unless the caller's profile is signed up and confirmed.
 */
export const artistClass = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  organization: z.object({ id: z.number(), name: z.string() }),
  is_free: z.boolean(),
  price: z.number(),
  currency: z.string(),
  class_type: z.enum(CLASS_TYPES),
  start_at: z.string().nullable(),
  url: z.string().nullable(),
  has_video: z.boolean(),
  tags: z.array(z.number()),
  member_signup: memberSignup,
  created_at: z.string(),
});

/** POST /api/artist-classes/signup/: `member` (the profile) is the token's own when given. */
export const classSignupBody = z.object({
  artist_class: dbId,
  member: dbId.optional(),
  /** A paid class: the parent account's password, typed on the child's device (decisions.md "A parent's word"). */
  parent_password: parentPassword.optional(),
});

/**
 * The signup response (works spec §3). A free class answers `confirmed` with no payment intent; a paid one
 * `pending` with the intent's client secret and id, its amount and currency. Signing up again while pending
 * answers the same intent.
 */
export const classSignupResponse = z.object({
  message: z.string(),
  signup_id: z.number(),
  artist_class: z.number(),
  status: z.enum(SIGNUP_STATUSES),
  payment_intent_client_secret: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
});

/** A provider's payment intent id: `pi_` and letters, digits and underscores. */
export const paymentIntentId = z
  .string({ error: M.paymentSessionInvalid.id })
  .trim()
  .min(1, { error: M.paymentSessionInvalid.id, abort: true })
  .max(255, M.paymentSessionInvalid.id)
  .regex(/^pi_[A-Za-z0-9_]+$/, M.paymentSessionInvalid.id);

/** POST /api/artist-classes/confirm-payment/ (works spec §7). */
export const confirmPaymentBody = z.object({ payment_intent: paymentIntentId });
export const confirmPaymentResponse = z.object({
  message: z.string(),
  signup_id: z.number(),
  artist_class: z.number(),
  status: z.enum(SIGNUP_STATUSES),
});

/**
 * POST /api/artist-classes/{id}/video-url/ body (issue 28): none, or `resend: false`, reads the links (the e-mail
 * went at confirmation); `resend: true` ("Send the link again") e-mails them again, 3 per hour per sign-up.
 */
export const classVideoBody = z.object({ resend: z.boolean().optional() });

/**
 * POST /api/artist-classes/{id}/video-url/ (works spec §7): the recorded video (`url`, null for a live class
 * without one) and the live meeting link, for a confirmed sign-up; `message` says they were e-mailed.
 */
export const classVideo = z.object({
  message: z.string(),
  url: z.string().nullable(),
  meeting_url: z.string().nullable(),
  start_at: z.string().nullable(),
});

// ---- the console ---------------------------------------------------------------------------------

/** An https address (a meeting or a video), or empty. */
const httpsUrl = z
  .string()
  .trim()
  .max(2000, M.classUrlInvalid.id)
  .optional()
  .refine((v) => !v || (/^https:\/\/[^\s]+$/.test(v) && URL.canParse(v)), M.classUrlInvalid.id)
  .transform((v) => v || null);

/**
 * Text fields of the console's class form (multipart; the thumbnail is `thumbnail`, required on create). A paid
 * class has a price in JPY; a live (`real_time`) class a meeting link and a start in Japan time; a recorded one a
 * video URL.
 */
export const classFields = z
  .object({
    name: z
      .string({ error: M.classNameRequired.id })
      .trim()
      .min(1, { error: M.classNameRequired.id, abort: true })
      .max(100, M.classNameTooLong.id),
    description: z.string().trim().max(5000, M.contestTextTooLong.id).default(''),
    is_free: formBool.default(true),
    // Empty for a free class; otherwise whole yen in range (a word, a fraction or a list is the same one error).
    price: z
      .union([z.string(), z.number()], { error: M.classPriceInvalid.id })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
        const yen = Number(v);
        if (Number.isInteger(yen) && yen >= CLASS_PRICE_MIN && yen <= CLASS_PRICE_MAX) return yen;
        ctx.addIssue({ code: 'custom', message: M.classPriceInvalid.id });
        return z.NEVER;
      }),
    class_type: z.enum(CLASS_TYPES, { error: M.classTypeRequired.id }),
    url: httpsUrl,
    start_at: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(japanDateTime.optional()),
    video_url: httpsUrl,
    // One tag arrives as a single form value, several as a repeated field.
    tags: z.union([dbId.transform((id) => [id]), z.array(dbId).max(20)]).default([]),
    published: formBool.default(false),
  })
  .check((ctx) => {
    const v = ctx.value as Record<string, unknown>;
    const issue = (path: string, message: string) => ctx.issues.push({ code: 'custom', message, path: [path], input: v[path] });
    if (v.is_free === false && (v.price === null || v.price === undefined)) issue('price', M.classPriceInvalid.id);
    if (v.class_type === 'real_time') {
      if (!v.url) issue('url', M.classMeetingUrlRequired.id);
      if (!(v.start_at instanceof Date)) issue('start_at', M.dateTimeRequired.id);
    }
    if (v.class_type === 'recorded' && !v.video_url) issue('video_url', M.classVideoUrlRequired.id);
  });

/** A class as its organization's staff see it: the family's view plus what only staff and confirmed sign-ups get. */
export const consoleClass = artistClass.extend({
  video_url: z.string().nullable(),
  published: z.boolean(),
  signup_count: z.number(),
  confirmed_count: z.number(),
});

/** One sign-up in the console: the child's username and its state (never the family's e-mail or real name). */
export const consoleSignup = z.object({
  id: z.number(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  status: z.enum(SIGNUP_STATUSES),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export const consoleSignups = z.object({ results: z.array(consoleSignup) });

export type ArtistClass = z.infer<typeof artistClass>;
export type ConsoleClass = z.infer<typeof consoleClass>;
export type ConsoleSignup = z.infer<typeof consoleSignup>;
export type ClassQuery = z.input<typeof classQuery>;
export type ClassSignupResponse = z.infer<typeof classSignupResponse>;
export type ClassVideo = z.infer<typeof classVideo>;
export type ClassFields = z.input<typeof classFields>;
