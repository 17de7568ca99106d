/**
 * The contact form (works spec §2, §7, §9): an inquiry is stored, then mailed to support with a reply-to of its
 * sender, and the sender gets a receipt in the language of the request (the subject, the promise of a reply within
 * 3 to 5 business days, the contact hours). The e-mails go out after the answer, as every e-mail does; the stored
 * row is the record, and `notified_at` is set once support's copy has gone.
 */
import { eq } from 'drizzle-orm';

import type { Language } from '@contract/limits';
import { inquiries } from '../db/schema';
import type { AppDeps } from '../deps';
import { translator } from '../i18n';
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

export async function submitInquiry(
  deps: AppDeps,
  inquiry: Inquiry,
  from: { lang: Language; userId: number | null; ip: string },
): Promise<void> {
  const now = deps.clock();
  const [row] = await deps.db
    .insert(inquiries)
    .values({ ...inquiry, language: from.lang, userId: from.userId, ip: from.ip, createdAt: now })
    .returning({ id: inquiries.id });
  const id = row!.id;

  const support = translator(SUPPORT_LANGUAGE);
  const notice = {
    to: deps.config.supportEmail,
    subject: support(MAIL.inquirySupportSubject, { id, subject: oneLine(inquiry.subject) }),
    text: support(MAIL.inquirySupportBody, {
      name: oneLine(inquiry.name),
      email: inquiry.email,
      account: from.userId === null ? support(MAIL.inquiryGuest) : support(MAIL.inquiryAccount, { id: from.userId }),
      language: from.lang,
      received: japanTime.format(now),
      subject: oneLine(inquiry.subject),
      message: inquiry.message,
    }),
    replyTo: { name: oneLine(inquiry.name), address: inquiry.email },
  };
  const t = translator(from.lang);
  const receipt = {
    to: inquiry.email,
    subject: t(MAIL.inquiryReceiptSubject),
    text: t(MAIL.inquiryReceiptBody, { name: oneLine(inquiry.name), subject: oneLine(inquiry.subject) }),
    replyTo: deps.config.supportEmail,
  };

  void deps.mail
    .send(notice)
    .then(() => deps.db.update(inquiries).set({ notifiedAt: deps.clock() }).where(eq(inquiries.id, id)))
    .catch((err: unknown) => console.error(`[mail] inquiry #${id}: the notice to support failed`, err));
  void deps.mail.send(receipt).catch((err: unknown) => console.error(`[mail] inquiry #${id}: the receipt failed`, err));
}
