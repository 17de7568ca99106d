/**
 * The contact form (works spec §2, §7, §9): an inquiry is stored, then mailed to support with a reply-to of its
 * sender, and the sender gets a receipt in the language of the request (the subject, the promise of a reply within
 * 3 to 5 business days, the contact hours). The e-mails go out after the answer, as every e-mail does; the stored
 * row is the record, and `notified_at` is set once support's copy has gone. A copy that could not be sent is sent
 * again by the sweeper (main.ts runs it every few minutes): after 2 minutes, then after twice as long each time, up
 * to an hour, for at most NOTIFY_MAX_ATTEMPTS tries. Each try is claimed in the database first, so of several
 * instances only one sends it. The sender's receipt is a courtesy and is not sent again.
 */
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';

import type { Language } from '@contract/limits';
import { inquiries } from '../db/schema';
import type { AppDeps } from '../deps';
import { translator } from '../i18n';
import { errorFields, log } from '../log';
import { MAIL } from '../mail-messages';

export interface Inquiry {
  subject: string;
  message: string;
  email: string;
  name: string;
}

/** Support reads Japanese (the product is Japanese first); the sender's language is named in the notice. */
const SUPPORT_LANGUAGE: Language = 'ja';

/** Control characters (CR, LF, tabs) and Unicode line separators, as a space: a header is one line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;
export const oneLine = (text: string): string => text.replace(LINE_BREAKS, ' ').trim();

const japanTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });

/** The first wait before the sweeper sends a notice again (the first send has gone or failed by then). */
export const NOTIFY_RETRY_MS = 2 * 60_000;
const NOTIFY_MAX_WAIT_MS = 60 * 60_000;
export const NOTIFY_MAX_ATTEMPTS = 20;
const SWEEP_BATCH = 20;

type InquiryRow = typeof inquiries.$inferSelect;

/** Support's copy of an inquiry, in Japanese, with a reply-to of its sender. */
function supportNotice(
  deps: AppDeps,
  row: Pick<InquiryRow, 'id' | 'subject' | 'message' | 'email' | 'name' | 'language' | 'userId' | 'createdAt'>,
) {
  const support = translator(SUPPORT_LANGUAGE);
  return {
    to: deps.config.supportEmail,
    subject: support(MAIL.inquirySupportSubject, { id: row.id, subject: oneLine(row.subject) }),
    text: support(MAIL.inquirySupportBody, {
      name: oneLine(row.name),
      email: row.email,
      account: row.userId === null ? support(MAIL.inquiryGuest) : support(MAIL.inquiryAccount, { id: row.userId }),
      language: row.language,
      received: japanTime.format(row.createdAt),
      subject: oneLine(row.subject),
      message: row.message,
    }),
    replyTo: { name: oneLine(row.name), address: row.email },
  };
}

/** Sends support's copy; a success is recorded, a failure left for the sweeper (its next try is already set). */
async function notifySupport(deps: AppDeps, row: Parameters<typeof supportNotice>[1]): Promise<boolean> {
  try {
    await deps.mail.send(supportNotice(deps, row));
  } catch (err) {
    log('error', `inquiry #${row.id}: the notice to support failed, will retry`, errorFields(err));
    return false;
  }
  await deps.db.update(inquiries).set({ notifiedAt: deps.clock() }).where(eq(inquiries.id, row.id));
  return true;
}

/**
 * Sends again every notice to support that is due; returns how many went. A row is claimed by moving its next try
 * on (an UPDATE that only one instance can win), then sent.
 */
export async function sweepInquiryNotices(deps: AppDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = deps.clock();
    const due = await deps.db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(and(isNull(inquiries.notifiedAt), lte(inquiries.notifyNextAt, now), lt(inquiries.notifyAttempts, NOTIFY_MAX_ATTEMPTS)))
      .orderBy(asc(inquiries.notifyNextAt))
      .limit(SWEEP_BATCH);
    for (const { id } of due) {
      const [claimed] = await deps.db
        .update(inquiries)
        .set({
          notifyAttempts: sql`${inquiries.notifyAttempts} + 1`,
          notifyNextAt: sql`${now.toISOString()}::timestamptz + least(${NOTIFY_MAX_WAIT_MS}, ${NOTIFY_RETRY_MS} * power(2, ${inquiries.notifyAttempts})) * interval '1 millisecond'`,
        })
        .where(and(eq(inquiries.id, id), isNull(inquiries.notifiedAt), lte(inquiries.notifyNextAt, now)))
        .returning();
      if (claimed && (await notifySupport(deps, claimed))) sent += 1;
    }
    if (due.length < SWEEP_BATCH) break;
  }
  return sent;
}

export async function submitInquiry(
  deps: AppDeps,
  inquiry: Inquiry,
  from: { lang: Language; userId: number | null; ip: string },
): Promise<void> {
  const now = deps.clock();
  const [row] = await deps.db
    .insert(inquiries)
    .values({
      ...inquiry,
      language: from.lang,
      userId: from.userId,
      ip: from.ip,
      createdAt: now,
      // The sweeper's turn, should the send below fail (or this instance stop before it is done).
      notifyNextAt: new Date(now.getTime() + NOTIFY_RETRY_MS),
    })
    .returning();
  const stored = row!;
  const id = stored.id;

  const t = translator(from.lang);
  const receipt = {
    to: inquiry.email,
    subject: t(MAIL.inquiryReceiptSubject),
    text: t(MAIL.inquiryReceiptBody, { name: oneLine(inquiry.name), subject: oneLine(inquiry.subject) }),
    replyTo: deps.config.supportEmail,
  };

  void notifySupport(deps, stored);
  void deps.mail.send(receipt).catch((err: unknown) => log('error', `inquiry #${id}: the receipt failed`, errorFields(err)));
}
