/**
 * E-mail from the console (issue 12): staff write to their organization's approved members' parents or to its
 * staff, or (issue 13) to the parents of a class's confirmed sign-ups; a super admin to every verified user. The answer says how many will receive it, never who; each message
 * is addressed to one recipient only, so nobody sees another's address. The send is logged (bulk_mails: sender,
 * audience, subject, body, how many) before the answer, and delivered after it in batches of BULK_MAIL_BATCH, one
 * batch after another with a short pause, the row counting `sent` and `failed` as they go and `finished_at` at the
 * end. Recipients go in user id order and the row keeps the last one tried (`cursor_user_id`), never an address:
 * a send whose instance stopped (no progress for BULK_MAIL_STALL_MS) is taken over by the sweep (main.ts) and goes
 * on after that id, to the audience as it is then.
 */
import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';

import type { MailLogEntry, StaffAudience } from '@contract/console';
import type { Language } from '@contract/limits';
import { M } from '@contract/messages';
import {
  artistClasses,
  bulkMails,
  classSignups,
  organizationStaff,
  organizations,
  profileOrganizations,
  profiles,
  users,
  type BulkMailRow,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError, ValidationError } from '../errors';
import { translator } from '../i18n';
import { errorFields, log } from '../log';
import { MAIL } from '../mail-messages';
import { oneLine } from './inquiries';

/** Recipients per batch; the batches go one after another. */
export const BULK_MAIL_BATCH = 50;
/** Messages of a batch in flight at once (each its own SMTP transaction). */
export const BULK_MAIL_CONCURRENCY = 5;
/** The pause between two batches, so that a large send does not flood the mail server. */
export const BULK_MAIL_PAUSE_MS = 500;
/** A send with no progress for this long is taken over by the sweep (an instance writes after every batch). */
export const BULK_MAIL_STALL_MS = 5 * 60 * 1000;
/** How many entries a log shows (newest first). */
export const MAIL_LOG_LIMIT = 50;

/** `class`: the parents of one class's confirmed sign-ups (its `classId`). */
export type MailAudience = StaffAudience | 'all' | 'class';

interface Recipient {
  id: number;
  email: string;
}

/** Who an e-mail reaches: each address once, in user id order. Only verified accounts. */
export async function audienceOf(
  deps: AppDeps,
  audience: MailAudience,
  orgId: number | null,
  classId: number | null = null,
): Promise<Recipient[]> {
  const verified = isNotNull(users.emailVerifiedAt);
  if (audience === 'all') {
    return deps.db.select({ id: users.id, email: users.email }).from(users).where(verified).orderBy(asc(users.id));
  }
  if (orgId === null) return [];
  if (audience === 'class') {
    // The parents of the class's confirmed sign-ups (two children of one family: one e-mail); never a pending one's.
    if (classId === null) return [];
    return deps.db
      .selectDistinct({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .innerJoin(classSignups, eq(classSignups.profileId, profiles.id))
      .innerJoin(artistClasses, eq(artistClasses.id, classSignups.classId))
      .where(
        and(eq(classSignups.classId, classId), eq(artistClasses.organizationId, orgId), eq(classSignups.status, 'confirmed'), verified),
      )
      .orderBy(asc(users.id));
  }
  if (audience === 'staff') {
    return deps.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(organizationStaff, eq(organizationStaff.userId, users.id))
      .where(and(eq(organizationStaff.organizationId, orgId), verified))
      .orderBy(asc(users.id));
  }
  // The parents of the approved members (a family with two member children gets one e-mail); never a pending one's.
  return deps.db
    .selectDistinct({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(profileOrganizations, eq(profileOrganizations.profileId, profiles.id))
    .where(and(eq(profileOrganizations.organizationId, orgId), eq(profileOrganizations.status, 'approved'), verified))
    .orderBy(asc(users.id));
}

/**
 * How many the e-mail reaches, and with a draft (its subject and body) the e-mail as each recipient gets it: the
 * sender, the marked subject and the body with its footer, in the language of the request, as the send makes it.
 */
export async function previewMail(
  deps: AppDeps,
  audience: MailAudience,
  orgId: number | null,
  draft: { subject?: string | undefined; body?: string | undefined } = {},
  lang: Language = 'ja',
): Promise<{ recipients: number; message?: { from: string; subject: string; text: string } }> {
  const recipients = (await audienceOf(deps, audience, orgId)).length;
  if (draft.subject === undefined || draft.body === undefined) return { recipients };
  const organization = orgId === null ? null : await organizationName(deps, orgId);
  const message = letter(deps, lang, { audience, subject: draft.subject, body: draft.body }, organization);
  return { recipients, message: { from: deps.config.mailFrom, ...message } };
}

async function organizationName(deps: AppDeps, orgId: number): Promise<string> {
  const [org] = await deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new ApiError(404, M.notFound);
  return org.name;
}

export interface BulkMailInput {
  audience: MailAudience;
  /** For the audience `class`. */
  classId?: number | null;
  subject: string;
  body: string;
}

interface Letter {
  subject: string;
  text: string;
}

const FOOTERS = {
  all: MAIL.bulkFooterAll,
  members: MAIL.bulkFooterMembers,
  staff: MAIL.bulkFooterStaff,
  class: MAIL.bulkFooterClass,
} as const;

/** The subject with its sender's mark, and the body with a footer saying who sent it, why, and from where. */
function letter(deps: AppDeps, lang: Language, input: BulkMailInput, organization: string | null, className = ''): Letter {
  const t = translator(lang);
  const values = { organization: organization ?? '', site: deps.config.publicUrl, subject: oneLine(input.subject), class: className };
  const footer = FOOTERS[input.audience];
  return {
    subject: t(input.audience === 'all' ? MAIL.bulkSubjectAll : MAIL.bulkSubjectOrg, values),
    text: `${input.body}\n\n${t(footer, values)}`,
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Delivers one e-mail to each recipient (in user id order), batch by batch, counting on the log row as it goes. */
export async function deliverBulkMail(deps: AppDeps, id: number, recipients: Recipient[], message: Letter): Promise<void> {
  for (let start = 0; start < recipients.length; start += BULK_MAIL_BATCH) {
    if (start > 0) await pause(BULK_MAIL_PAUSE_MS);
    const batch = recipients.slice(start, start + BULK_MAIL_BATCH);
    let sent = 0;
    let failed = 0;
    for (let i = 0; i < batch.length; i += BULK_MAIL_CONCURRENCY) {
      const results = await Promise.allSettled(
        batch.slice(i, i + BULK_MAIL_CONCURRENCY).map((r) => deps.mail.send({ to: r.email, subject: message.subject, text: message.text })),
      );
      for (const result of results) {
        if (result.status === 'fulfilled') sent += 1;
        else {
          failed += 1;
          log('error', `bulk e-mail #${id}: a message failed`, errorFields(result.reason));
        }
      }
    }
    await deps.db
      .update(bulkMails)
      .set({
        sent: sql`${bulkMails.sent} + ${sent}`,
        failed: sql`${bulkMails.failed} + ${failed}`,
        cursorUserId: batch[batch.length - 1]!.id,
        progressAt: deps.clock(),
      })
      .where(eq(bulkMails.id, id));
  }
  await deps.db.update(bulkMails).set({ finishedAt: deps.clock() }).where(eq(bulkMails.id, id));
}

/**
 * Logs the e-mail and starts its delivery after the answer. 400 when it would reach nobody (the rate limit then
 * gives the attempt back: only sends count).
 */
export async function sendBulkMail(
  deps: AppDeps,
  sender: { id: number; email: string },
  orgId: number | null,
  input: BulkMailInput,
  lang: Language,
): Promise<{ id: number; recipients: number }> {
  const classId = input.audience === 'class' ? (input.classId ?? null) : null;
  const recipients = await audienceOf(deps, input.audience, orgId, classId);
  if (recipients.length === 0) throw ValidationError.nonField(M.mailNoRecipients.id);
  const className = classId === null ? '' : await classNameOf(deps, classId);
  const organization = orgId === null ? null : await organizationName(deps, orgId);
  const [row] = await deps.db
    .insert(bulkMails)
    .values({
      organizationId: orgId,
      classId,
      senderId: sender.id,
      senderEmail: sender.email,
      audience: input.audience,
      subject: input.subject,
      body: input.body,
      recipients: recipients.length,
      language: lang,
      createdAt: deps.clock(),
      progressAt: deps.clock(),
    })
    .returning({ id: bulkMails.id });
  const id = row!.id;
  const message = letter(deps, lang, input, organization, className);
  // After the answer: the handler returns first, the batches follow on their own.
  setImmediate(() => {
    deliverBulkMail(deps, id, recipients, message).catch((err: unknown) => log('error', `bulk e-mail #${id} stopped`, errorFields(err)));
  });
  return { id, recipients: recipients.length };
}

/**
 * Takes over the sends whose instance stopped (main.ts runs it every 5 minutes): each is claimed by a conditional
 * update, so one instance resumes it, and goes on after its cursor. Answers how many it resumed.
 */
export async function sweepBulkMails(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const stalled = await deps.db
    .select()
    .from(bulkMails)
    .where(and(isNull(bulkMails.finishedAt), lt(bulkMails.progressAt, new Date(now.getTime() - BULK_MAIL_STALL_MS))))
    .orderBy(asc(bulkMails.id));
  let resumed = 0;
  for (const row of stalled) {
    const [claimed] = await deps.db
      .update(bulkMails)
      .set({ progressAt: now })
      .where(and(eq(bulkMails.id, row.id), isNull(bulkMails.finishedAt), eq(bulkMails.progressAt, row.progressAt)))
      .returning();
    if (!claimed) continue;
    await resume(deps, claimed);
    resumed += 1;
  }
  return resumed;
}

async function classNameOf(deps: AppDeps, classId: number): Promise<string> {
  const [found] = await deps.db.select({ name: artistClasses.name }).from(artistClasses).where(eq(artistClasses.id, classId));
  return found?.name ?? '';
}

async function resume(deps: AppDeps, row: BulkMailRow): Promise<void> {
  const audience = row.audience;
  // A class deleted since (class_id set null) has no audience left: the send finishes with nobody more.
  const rest = (await audienceOf(deps, audience, row.organizationId, row.classId)).filter((r) => r.id > row.cursorUserId);
  let organization: string | null = null;
  if (row.organizationId !== null) {
    const [org] = await deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organizationId));
    organization = org?.name ?? null;
  }
  const lang: Language = row.language === 'en' ? 'en' : 'ja';
  log('info', `bulk e-mail #${row.id}: resuming after user #${row.cursorUserId} (${rest.length} to go)`);
  const className = row.classId === null ? '' : await classNameOf(deps, row.classId);
  await deliverBulkMail(
    deps,
    row.id,
    rest,
    letter(deps, lang, { audience, subject: row.subject, body: row.body }, organization, className),
  );
}

/** An organization's e-mails (orgId), or the super admins' e-mails to all (null): newest first. */
export async function mailLog(deps: AppDeps, orgId: number | null): Promise<{ results: MailLogEntry[] }> {
  const rows = await deps.db
    .select()
    .from(bulkMails)
    .where(orgId === null ? eq(bulkMails.audience, 'all') : eq(bulkMails.organizationId, orgId))
    .orderBy(desc(bulkMails.createdAt), desc(bulkMails.id))
    .limit(MAIL_LOG_LIMIT);
  return {
    results: rows.map((r) => ({
      id: r.id,
      audience: r.audience,
      subject: r.subject,
      sender: r.senderEmail,
      recipients: r.recipients,
      sent: r.sent,
      failed: r.failed,
      created_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
    })),
  };
}
