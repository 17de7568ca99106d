/**
 * Accounts, sessions, profiles and organizations (accounts spec §7): request bodies and the
 * response shapes the PWA reads. Messages are ids from ./messages, translated where shown.
 */
import { z } from 'zod';

import { ID_MAX } from './endpoint';
import { LIMITS } from './limits';
import { M } from './messages';
import { ADDRESS_OPTIONS } from './places';

/** A required text: when empty, that is the only message (later checks are skipped). */
const required = (id: string) => z.string({ error: id }).trim().min(1, { error: id, abort: true });

export const email = required(M.emailRequired.id)
  .max(254, M.emailInvalid.id)
  .pipe(z.email(M.emailInvalid.id))
  .transform((s) => s.toLowerCase());

/** Sign-up and reset rules: 8-32 letters and digits with an upper, a lower and a digit. */
export const newPassword = z
  .string({ error: M.passwordRequired.id })
  .min(1, { error: M.passwordRequired.id, abort: true })
  .refine((s) => s.length === 0 || (s.length >= LIMITS.passwordMin && s.length <= LIMITS.passwordMax), M.passwordLength.id)
  .refine((s) => s.length === 0 || /^[A-Za-z0-9]+$/.test(s), M.passwordAlnum.id)
  .refine((s) => s.length === 0 || (/[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s)), M.passwordMix.id);

/** Account form rule: optional; if given, 8-32 letters and digits with an upper and a digit. */
export const accountPassword = z
  .string()
  .refine(
    (s) => s.length >= LIMITS.passwordMin && s.length <= LIMITS.passwordMax && /^[A-Za-z0-9]+$/.test(s) && /[A-Z]/.test(s) && /\d/.test(s),
    M.accountPassword.id,
  );

/**
 * Usernames (accounts spec: "letters, digits and @ . + - _"; decisions.md 2026-11-27, "Japanese usernames"): letters
 * of any script (hiragana, katakana, kanji, Latin…) with their combining marks (a dakuten), decimal digits, and
 * @ . + - _. Normalised with NFKC first, so full-width ｈａｎａ is hana and half-width ｶﾅ is カナ; stored that way.
 * Two usernames of one family are the same name when their `usernameKey`s are equal (case-insensitive): はな and
 * ハナ are two names, Hana and hana one. Spaces, emoji, NUL and other symbols are refused.
 */
export const normalizeUsername = (s: string): string => s.normalize('NFKC');
export const usernameKey = (s: string): string => normalizeUsername(s).toLowerCase();
export const USERNAME_PATTERN = /^[\p{L}\p{M}\p{Nd}@.+\-_]+$/u;

export const username = required(M.usernameRequired.id)
  .overwrite(normalizeUsername)
  .max(30, M.usernameTooLong.id)
  .regex(USERNAME_PATTERN, M.usernameChars.id);

export const address = required(M.addressRequired.id).refine((s) => ADDRESS_OPTIONS.has(s), M.addressInvalid.id);

/** YYYY-MM-DD, not in the future (age ≥ 0) and not earlier than 225 years ago. */
export function dateOfBirth(requiredId: string) {
  return (
    required(requiredId)
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dobInvalid.id, abort: true })
      // A real calendar day: Date.parse rolls 2015-02-29 over to March 1st, so the day must come back unchanged.
      .refine((s) => isRealDate(s), { error: M.dobInvalid.id, abort: true })
      .refine((s) => s <= isoDate(new Date()), M.dobMinAge.id)
      .refine((s) => s >= isoDate(yearsAgo(LIMITS.maxAgeYears)), M.dobTooOld.id)
  );
}

/** YYYY-MM-DD that names a day that exists (no February 30th, no month 13). */
export function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDate(d) === s;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function yearsAgo(years: number, from = new Date()): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

/** Japan's offset from UTC (no daylight saving): the calendar the families' days are counted on. */
export const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * A work's `creator_age` and the timeline's age (issue 15): whole years from a YYYY-MM-DD birth date to a moment's
 * calendar day in Japan (a drawing made at 08:00 in Tokyo on the birthday is of the new age), one less before the
 * birthday (a 29 February birthday comes on 1 March in common years), never below 0; null without a usable date.
 * The server's SQL for the counts per age (domain/timeline.ts) counts the same way.
 */
export function ageAt(dateOfBirth: string | null | undefined, at: Date | string): number | null {
  const m = dateOfBirth ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth) : null;
  const when = new Date((typeof at === 'string' ? Date.parse(at) : at.getTime()) + JAPAN_OFFSET_MS);
  if (!m || Number.isNaN(when.getTime())) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = when.getUTCFullYear() - y;
  const month = when.getUTCMonth() + 1;
  if (month < mo || (month === mo && when.getUTCDate() < d)) age -= 1;
  return Math.max(0, age);
}

/** Whole years between a YYYY-MM-DD birth date and `at`. */
export function ageOn(dob: string, at = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = at.getFullYear() - y;
  if (at.getMonth() + 1 < m || (at.getMonth() + 1 === m && at.getDate() < d)) age -= 1;
  return age;
}

export const orgCode = z.string().regex(new RegExp(`^\\d{${LIMITS.orgCodeLength}}$`), M.orgCodeDigits.id);

// ---- requests ----------------------------------------------------------------------------------

export const loginBody = z.object({
  email: required(M.emailRequired.id).transform((s) => s.toLowerCase()),
  password: z.string({ error: M.passwordRequired.id }).min(1, M.passwordRequired.id),
});

export const signupBody = z
  .object({
    email,
    password: newPassword,
    confirm_password: z.string({ error: M.confirmPasswordRequired.id }).min(1, M.confirmPasswordRequired.id),
    /**
     * The guardian's consent to the terms and the privacy policy (issue 28; the terms ask a parent's consent for a
     * child's use): the spec's sign-up sends email, password and confirm_password only; ours adds this tick box, and
     * the server refuses a sign-up without it. A backend that follows the spec ignores the extra field.
     */
    accept_terms: z.literal(true, { error: M.termsConsentRequired.id }),
  })
  .refine((b) => b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: M.passwordsDoNotMatch.id,
    // Checked even when the box is unticked (a refused literal would otherwise skip it), so both show at once.
    when: ({ value }) => {
      const b = value as { password?: unknown; confirm_password?: unknown };
      return typeof b.password === 'string' && typeof b.confirm_password === 'string';
    },
  });

export const passwordResetBody = z.object({ email });

export const passwordResetConfirmBody = z
  .object({
    new_password: newPassword,
    confirm_password: z.string({ error: M.confirmPasswordRequired.id }).min(1, M.confirmPasswordRequired.id),
  })
  .refine((b) => b.new_password === b.confirm_password, { path: ['confirm_password'], message: M.passwordsDoNotMatch.id });

export const refreshBody = z.object({ refresh: z.string({ error: M.sessionExpired.id }).min(1, M.sessionExpired.id) });

export const logoutBody = z.object({ refresh: z.string().optional() });

/** Multipart text fields of POST /api/register-profile/ (the file is `profile_picture`). */
export const registerProfileFields = z.object({
  address,
  username,
  first_name: required(M.realNameRequired.id).max(100, M.invalidValue.id),
  date_of_birth: dateOfBirth(M.dobRequired.id),
});

/** A database id (int4): anything larger names nothing and must not reach SQL, where it would overflow. */
const dbId = z.coerce.number().int().positive().max(ID_MAX);

export const sharedUserInput = z.object({ id: dbId, is_shared: z.boolean() });

/** PATCH /api/profile/ (JSON): every field optional; arrays replace the stored sets. */
export const profilePatchBody = z.object({
  username: username.optional(),
  first_name: required(M.realNameRequired.id).max(100, M.invalidValue.id).optional(),
  address: address.optional(),
  date_of_birth: dateOfBirth(M.dobRequiredProfile.id).optional(),
  is_published: z.boolean().optional(),
  organizations: z.array(dbId).max(50).optional(),
  shared_users: z.array(sharedUserInput).max(100).optional(),
});

export const profileLoginBody = z.object({ username: required(M.usernameRequired.id) });

/**
 * PATCH /api/account-info/ (JSON). `password` is sent only when the parent changed it; a new `email` or
 * `password` needs `current_password` (decisions.md, "Re-authentication").
 */
export const accountInfoFields = z.object({
  first_name: required(M.nameRequired.id).min(LIMITS.nameMin, M.nameMin.id).max(100, M.invalidValue.id).optional(),
  address: address.optional(),
  email: email.optional(),
  password: accountPassword.optional(),
  current_password: z
    .string()
    .max(LIMITS.passwordMax * 4, M.currentPasswordWrong.id)
    .optional(),
});
export const accountInfoPatchBody = accountInfoFields.refine(
  (b) => b.first_name !== undefined || b.address !== undefined || b.email !== undefined || b.password !== undefined,
  { message: M.nothingToChange.id },
);

// ---- responses ---------------------------------------------------------------------------------

/**
 * An organization as a family sees it. In a profile's list, `status` says whether staff approved the membership
 * (`pending`: "Waiting for approval", no member rights); absent, it is approved.
 */
export const organization = z.object({ id: z.number(), name: z.string(), status: z.enum(['approved', 'pending']).optional() });
export const sharedUser = z.object({
  id: z.number(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  is_shared: z.boolean(),
});
export const profile = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  date_of_birth: z.string(),
  address: z.string(),
  profile_picture: z.string().nullable(),
  is_logged_in: z.boolean(),
  is_published: z.boolean(),
  organizations: z.array(organization),
  shared_users: z.array(sharedUser),
});
export const tokenPair = z.object({ access: z.string(), refresh: z.string(), message: z.string().optional() });
export const signupResponse = z.object({ email: z.string(), success: z.boolean(), message: z.string() });
export const messageResponse = z.object({ message: z.string() });
export const detailResponse = z.object({ detail: z.string() });
/**
 * The verified address with the message, for the login form that follows (often opened in a mail app's browser,
 * which holds nothing of the sign-up). Only the link's holder learns it: the link was sent to that address, and it
 * answers once.
 */
export const verifyEmailResponse = detailResponse.extend({ email: z.string().optional() });
/**
 * `terms_accepted` (ours, issue 28; optional, as a backend that follows the spec has none): when the parent agreed to
 * the terms and the privacy policy, and to which version (the terms' date, contract/legal.ts); null for an account
 * made before sign-up asked for it.
 */
export const termsAcceptance = z.object({ at: z.string(), version: z.string() });
export const accountInfo = z.object({
  email: z.string(),
  first_name: z.string(),
  address: z.string(),
  profiles: z.array(z.object({ id: z.number(), username: z.string(), profile_picture: z.string().nullable() })),
  terms_accepted: termsAcceptance.nullable().optional(),
});
/**
 * The answer to PATCH /api/account-info/: the info as stored (a new e-mail shows only once confirmed), a
 * message to show, and a fresh parent pair after a password change (the old tokens are revoked).
 */
export const accountInfoPatchResponse = accountInfo.extend({
  message: z.string().optional(),
  access: z.string().optional(),
  refresh: z.string().optional(),
});
/** `is_staff` and `is_super_admin` (parent tokens only; false for a child's): whether the menu offers the console. */
export const me = z.object({
  email: z.string(),
  username: z.string().nullable(),
  is_staff: z.boolean().optional(),
  is_super_admin: z.boolean().optional(),
});
export const organizationList = z.object({ results: z.array(organization) });
export const navbarLink = z.object({ navbar_type: z.string(), url: z.string() });

export type LoginBody = z.input<typeof loginBody>;
export type SignupBody = z.input<typeof signupBody>;
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBody>;
export type RegisterProfileFields = z.input<typeof registerProfileFields>;
export type ProfilePatchBody = z.input<typeof profilePatchBody>;
export type AccountInfoPatchBody = z.input<typeof accountInfoPatchBody>;
export type Organization = z.infer<typeof organization>;
export type SharedUser = z.infer<typeof sharedUser>;
export type Profile = z.infer<typeof profile>;
export type TokenPair = z.infer<typeof tokenPair>;
export type SignupResponse = z.infer<typeof signupResponse>;
export type AccountInfo = z.infer<typeof accountInfo>;
export type Me = z.infer<typeof me>;
export type NavbarLink = z.infer<typeof navbarLink>;

/** JWT payload fields the PWA reads (it decodes, never verifies). */
export interface TokenClaims {
  exp: number;
  typ: 'access' | 'refresh' | 'child_access' | 'child_refresh';
  sub: string;
  pid?: number;
}
