/**
 * The organization console (`/org`, issue 12): what an organization's staff and a super admin read and send.
 * Staff see members by their profile's username and picture only, never the family's e-mail or the child's real
 * name; bulk e-mail never shows the recipients' addresses to the sender.
 */
import { z } from 'zod';

import { M } from './messages';

export const JOIN_POLICIES = ['code', 'approval'] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];

/** Who a staff e-mail goes to: the approved members' parent accounts, or the organization's staff. */
export const STAFF_AUDIENCES = ['members', 'staff'] as const;
export type StaffAudience = (typeof STAFF_AUDIENCES)[number];

const email = z
  .string({ error: M.emailRequired.id })
  .trim()
  .min(1, { error: M.emailRequired.id, abort: true })
  .max(254, M.emailInvalid.id)
  .pipe(z.email(M.emailInvalid.id))
  .transform((s) => s.toLowerCase());

/** An organization the caller runs. */
export const consoleOrganization = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  join_policy: z.enum(JOIN_POLICIES),
  member_count: z.number(),
  pending_count: z.number(),
});

/** GET /api/org/: the caller's roles, for the menu and the console's first screen. */
export const consoleHome = z.object({
  is_super_admin: z.boolean(),
  organizations: z.array(consoleOrganization),
});

export const orgMember = z.object({
  profile_id: z.number(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  status: z.enum(['approved', 'pending']),
  requested_at: z.string(),
});

export const orgMembers = z.object({ pending: z.array(orgMember), approved: z.array(orgMember) });

export const orgSettingsBody = z.object({ join_policy: z.enum(JOIN_POLICIES) });

/** The console's wall of entries: a contest's entries with the child's username (as agreed at entry). */
export const consoleEntry = z.object({
  id: z.number(),
  work_id: z.number(),
  title: z.string(),
  image: z.string().nullable(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  submission_date: z.string(),
  is_winner: z.boolean(),
});

// ---- e-mail ------------------------------------------------------------------------------------

const mailText = {
  subject: z
    .string({ error: M.mailSubjectRequired.id })
    .trim()
    .min(1, { error: M.mailSubjectRequired.id, abort: true })
    .max(200, M.mailSubjectTooLong.id),
  body: z
    .string({ error: M.mailBodyRequired.id })
    .trim()
    .min(1, { error: M.mailBodyRequired.id, abort: true })
    .max(10_000, M.mailBodyTooLong.id),
};

/** The draft, when given (both parts), comes back as it will arrive; without it the preview is the count alone. */
const draftText = { subject: mailText.subject.optional(), body: mailText.body.optional() };
export const staffMailPreviewBody = z.object({ audience: z.enum(STAFF_AUDIENCES), ...draftText });
export const adminMailPreviewBody = z.object(draftText);
export const staffMailBody = z.object({ audience: z.enum(STAFF_AUDIENCES), ...mailText });
export const adminMailBody = z.object(mailText);

/**
 * How many would receive it (never who), and for a draft with its subject and body the e-mail each gets: the sender
 * (the site's address), the subject with its mark and the body with the footer the server adds.
 */
export const mailPreview = z.object({
  recipients: z.number(),
  message: z.object({ from: z.string(), subject: z.string(), text: z.string() }).optional(),
});
export const mailSent = z.object({ message: z.string(), recipients: z.number(), id: z.number() });

/** One e-mail sent from the console: who sent what, when, to how many, and how far its batches got. */
export const mailLogEntry = z.object({
  id: z.number(),
  audience: z.enum(['members', 'staff', 'all', 'class']),
  subject: z.string(),
  sender: z.string(),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export const mailLog = z.object({ results: z.array(mailLogEntry) });

// ---- the super admin ---------------------------------------------------------------------------

export const staffMember = z.object({
  /** Null while the address has no verified account (an invitation). */
  user_id: z.number().nullable(),
  email: z.string(),
  status: z.enum(['active', 'invited']),
});

export const adminOrganization = consoleOrganization.extend({ staff: z.array(staffMember) });
export const adminOrganizations = z.object({ results: z.array(adminOrganization) });

export const createOrganizationBody = z.object({
  name: z.string({ error: M.orgNameRequired.id }).trim().min(1, { error: M.orgNameRequired.id, abort: true }).max(100, M.orgNameTooLong.id),
});

export const staffInviteBody = z.object({ email });
export const staffInviteResponse = z.object({ message: z.string(), organization: adminOrganization });

/** A YYYY-MM-DD day (Japan), or empty for an open bound. */
const optionalDay = z
  .string()
  .trim()
  .max(10, M.dateInvalid.id)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]) || Number(m[1]) < 2000 || Number(m[1]) > 2200) {
      ctx.addIssue({ code: 'custom', message: M.dateInvalid.id });
      return z.NEVER;
    }
    return value;
  });

/**
 * Text fields of a sponsor banner (multipart; the image is `banner_image`, required on create). Active from the
 * first day's start to the end of the last day, Japan time; an empty bound is open.
 */
export const bannerFields = z
  .object({
    name: z
      .string({ error: M.bannerNameRequired.id })
      .trim()
      .min(1, { error: M.bannerNameRequired.id, abort: true })
      .max(100, M.contestNameTooLong.id),
    url: z
      .string()
      .trim()
      .max(2000, M.bannerUrlInvalid.id)
      .optional()
      .refine((v) => !v || /^https:\/\/[^\s]+$/.test(v) || /^\/(?!\/)[^\s]*$/.test(v), M.bannerUrlInvalid.id)
      .transform((v) => v || null),
    starts_on: optionalDay,
    ends_on: optionalDay,
    sort_order: z.coerce.number().int().min(-1000).max(1000).default(0),
  })
  .check((ctx) => {
    const { starts_on, ends_on } = ctx.value;
    if (starts_on && ends_on && ends_on < starts_on) {
      ctx.issues.push({ code: 'custom', message: M.bannerEndBeforeStart.id, path: ['ends_on'], input: ends_on });
    }
  });

export const adminBanner = z.object({
  id: z.number(),
  name: z.string(),
  banner_image: z.string(),
  url: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  sort_order: z.number(),
  active: z.boolean(),
});
export const adminBanners = z.object({ results: z.array(adminBanner) });

export type ConsoleHome = z.infer<typeof consoleHome>;
export type ConsoleOrganization = z.infer<typeof consoleOrganization>;
export type OrgMember = z.infer<typeof orgMember>;
export type OrgMembers = z.infer<typeof orgMembers>;
export type ConsoleEntry = z.infer<typeof consoleEntry>;
export type MailLogEntry = z.infer<typeof mailLogEntry>;
export type AdminOrganization = z.infer<typeof adminOrganization>;
export type AdminBanner = z.infer<typeof adminBanner>;
export type BannerFields = z.input<typeof bannerFields>;
