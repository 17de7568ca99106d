/**
 * What a visitor meets around the galleries (works spec §2, §3, §5, §7): the landing page's sponsor banners and
 * the contact form. Messages are ids from ./messages, translated where shown.
 */
import { z } from 'zod';

import { LIMITS } from './limits';
import { M } from './messages';

/** A required text: when empty, that is the only message (later checks are skipped). */
const required = (id: string) => z.string({ error: id }).trim().min(1, { error: id, abort: true });

/**
 * One advertisement (works spec §3): `add_type` is `banner` for the landing page's sponsor banners; `url` is the
 * page the banner opens (an outside site, or a path of ours), null when it opens nothing.
 */
export const advertisement = z.object({
  id: z.number(),
  name: z.string(),
  banner_image: z.string(),
  add_type: z.string(),
  url: z.string().nullable(),
});

/**
 * GET /api/health/ (a load balancer's probe): 200 when this instance's database and storage both answer; otherwise
 * 503 with the same fields, each part `ok` or `failed` (never why: the reason goes to the server's log).
 */
export const healthResult = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  storage: z.literal('ok'),
});

/** `add_type` narrows the list to one kind (the landing page asks for `banner`). */
export const advertisementQuery = z.object({
  add_type: z.string().trim().max(32).optional(),
});

/**
 * POST /api/inquiry/ as form data (works spec §7). Everyone gives a subject and details of at least 10
 * characters; the sender's e-mail and name are given by the visitor, or come from the current user (§2).
 */
export const inquiryFields = z.object({
  subject: required(M.subjectRequired.id).max(LIMITS.inquirySubjectMax, M.subjectTooLong.id),
  inquiry_message: required(M.inquiryRequired.id)
    .min(LIMITS.inquiryMessageMin, M.inquiryTooShort.id)
    .max(LIMITS.inquiryMessageMax, M.inquiryTooLong.id),
  user_email: required(M.emailRequired.id)
    .max(254, M.contactEmailInvalid.id)
    .pipe(z.email(M.contactEmailInvalid.id))
    .transform((s) => s.toLowerCase()),
  user_name: required(M.fullNameRequired.id).max(LIMITS.inquiryNameMax, M.fullNameTooLong.id),
});

export type Advertisement = z.infer<typeof advertisement>;
export type InquiryFields = z.input<typeof inquiryFields>;

/** The seller's facts (./seller.ts, which imports nothing, so that pages read them without zod). */
export { SELLER } from './seller';
