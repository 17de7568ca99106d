/**
 * The class's link, e-mailed to the parent of the signed-up child (issue 13): a recorded class's video, or a live
 * class's meeting link and its start in Japan time (and its recording, when it has one). Sent when a sign-up is
 * confirmed (./class-signups.ts: by the one update that stamps `mailed_at`), and again only when the child asks
 * for it ("Send the link again": POST …/video-url/ with `resend: true`, 3 per hour per sign-up). Opening the
 * class's page reads the links (the same call without `resend`) and sends nothing (issue 28, item 7).
 */
import { and, eq, isNull } from 'drizzle-orm';

import type { ClassVideo } from '@contract/classes';
import type { Language } from '@contract/limits';
import { M } from '@contract/messages';
import { RATE_LIMITS } from '@contract/rate-limits';
import { artistClasses, classSignups, organizations, profiles, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { translator, type Translate } from '../i18n';
import { MAIL } from '../mail-messages';
import { sendMail } from './accounts';
import { hit } from './rate-limit';
import { formatMoney, historyUrl, mailTime } from './receipts';

/** E-mails the class's link (the video, or the meeting and its start) to the parent of the sign-up's child. */
export async function sendClassLink(deps: AppDeps, signupId: number, lang: Language): Promise<void> {
  const [found] = await deps.db
    .select({
      cls: artistClasses,
      email: users.email,
      username: profiles.username,
      organization: organizations.name,
      amount: classSignups.amount,
      currency: classSignups.currency,
    })
    .from(classSignups)
    .innerJoin(artistClasses, eq(artistClasses.id, classSignups.classId))
    .innerJoin(profiles, eq(profiles.id, classSignups.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(organizations, eq(organizations.id, artistClasses.organizationId))
    .where(eq(classSignups.id, signupId));
  if (!found) return;
  const { cls } = found;
  const t = translator(lang);
  const live = cls.classType === 'real_time' && cls.meetingUrl !== null;
  const values = {
    username: found.username,
    class: cls.name,
    organization: found.organization,
    video: cls.videoUrl ?? '',
    meeting: cls.meetingUrl ?? '',
    start: cls.startsAt ? mailTime(lang, cls.startsAt) : '',
    recording: live && cls.videoUrl ? `\n\n${t(MAIL.classRecordingLine, { video: cls.videoUrl })}` : '',
    classes: `${deps.config.publicUrl}/my-artist-classes`,
    // A paid sign-up says what was paid (issue 28); its receipt is an e-mail of its own (./receipts.ts).
    paid: found.amount > 0 ? t(MAIL.classPaidLine, { amount: formatMoney(found.amount, found.currency), history: historyUrl(deps) }) : '',
  };
  // Sent after the answer, as every e-mail is (accounts.ts); `link` is what the outbox logs.
  sendMail(deps, found.email, lang, [MAIL.classLinkSubject, live ? MAIL.classLiveBody : MAIL.classVideoBody], {
    ...values,
    link: live ? values.meeting : values.video,
  });
}

/**
 * POST /api/artist-classes/{id}/video-url/: for the child's confirmed sign-up of that class only (pending: 403
 * M.paymentPending; none: 403 M.classNotSignedUp; an unknown class: 404). Answers the links. They were e-mailed
 * at confirmation; a confirmed sign-up never mailed (none today, but a row may say so) is mailed now, once, by
 * the update that stamps `mailed_at`. `resend` e-mails them again, 3 per hour per sign-up (then 429).
 */
export async function classVideo(
  deps: AppDeps,
  profileId: number,
  classId: number,
  resend: boolean,
  lang: Language,
  t: Translate,
): Promise<ClassVideo> {
  const [cls] = await deps.db.select().from(artistClasses).where(eq(artistClasses.id, classId));
  const [signup] = cls
    ? await deps.db
        .select()
        .from(classSignups)
        .where(and(eq(classSignups.classId, classId), eq(classSignups.profileId, profileId)))
    : [];
  // An unpublished class is found only by a child signed up for it.
  if (!cls || (!cls.published && !signup)) throw new ApiError(404, M.notFound);
  if (!signup) throw new ApiError(403, M.classNotSignedUp);
  if (signup.status !== 'confirmed') throw new ApiError(403, M.paymentPending);
  const live = cls.classType === 'real_time' && cls.meetingUrl !== null;
  if (resend) {
    try {
      await hit(deps.db, RATE_LIMITS.classLinkResend, String(signup.id), deps.clock());
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) throw new ApiError(429, M.classLinkResendLimited);
      throw err;
    }
    await sendClassLink(deps, signup.id, lang);
  } else if (signup.mailedAt === null) {
    const stamped = await deps.db
      .update(classSignups)
      .set({ mailedAt: deps.clock() })
      .where(and(eq(classSignups.id, signup.id), isNull(classSignups.mailedAt)))
      .returning({ id: classSignups.id });
    if (stamped.length > 0) await sendClassLink(deps, signup.id, lang);
  }
  return {
    message: t(resend ? M.classLinkSentAgain : live ? M.classMeetingSent : M.classVideoSent),
    url: cls.videoUrl,
    meeting_url: cls.classType === 'real_time' ? cls.meetingUrl : null,
    start_at: cls.startsAt?.toISOString() ?? null,
  };
}
