/**
 * The weekly e-mail of the circle's new works (issue 32), for fans whom no push reaches: no parent login of theirs has
 * a push subscription. One click stops it: the link in the e-mail (a page that posts it) and the List-Unsubscribe-Post
 * header (RFC 8058), whose token is the account's uuid signed with a key derived from the JWT secret.
 *
 * The sweep (main.ts, every 5 minutes) claims each due fan in one UPDATE, so two instances never send one twice.
 * A fan's first sweep only starts the clock: the first e-mail covers the week after.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';

import { parseLanguage, translator } from '../i18n';
import { CIRCLE } from '../circle-messages';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { errorFields, log } from '../log';
import { liveLogin } from './push';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Fans claimed per round: a large circle is worked through over a few sweeps. */
const BATCH = 200;

function signature(deps: AppDeps, uuid: string): Buffer {
  return createHmac('sha256', deps.config.jwtSecret).update(`little-museum:circle-digest-off:${uuid}`).digest();
}

/**
 * The stop link's token: the account's uuid (32 hex digits) and its signature (43 base64url characters), with no dot
 * between them (a path with one would be taken for a file).
 */
export function digestOffToken(deps: AppDeps, uuid: string): string {
  return `${uuid.replace(/-/g, '')}${signature(deps, uuid).toString('base64url')}`;
}

/** POST /api/circle/digest-off/{stop}/: the weekly e-mail stops; a token that is not ours answers 404. */
export async function digestOff(deps: AppDeps, token: string): Promise<void> {
  const m = /^([0-9a-f]{32})([A-Za-z0-9_-]{43})$/.exec(token);
  const uuid = m ? m[1]!.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5') : '';
  const given = m ? Buffer.from(m[2]!, 'base64url') : Buffer.alloc(0);
  const expected = m ? signature(deps, uuid) : Buffer.alloc(32);
  if (!m || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(404, CIRCLE.digestLinkInvalid);
  // A deleted account's link: nothing to stop, and nothing to tell.
  await deps.db.update(users).set({ circleDigest: false }).where(eq(users.uuid, uuid));
}

/** GET and PATCH /api/fan/settings/. */
export async function fanSettingsOf(deps: AppDeps, userId: number, digest?: boolean): Promise<{ digest: boolean }> {
  if (digest !== undefined) await deps.db.update(users).set({ circleDigest: digest }).where(eq(users.id, userId));
  const [row] = await deps.db.select({ digest: users.circleDigest }).from(users).where(eq(users.id, userId));
  return { digest: row?.digest ?? false };
}

interface Due {
  id: number;
  email: string;
  uuid: string;
  prev: string | null;
  lang: string | null;
}

/** Sends the week's e-mails that are due; returns how many went. */
export async function sweepCircleDigests(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const result = (await deps.db.execute(sql`
    with due as (
      select u.id, u.circle_digest_at::text as prev from users u
      where u.circle_digest
        and (u.circle_digest_at is null or u.circle_digest_at <= ${weekAgo})
        and exists (select 1 from circle_fans f where f.fan_user_id = u.id)
        and not exists (
          select 1 from push_subscriptions p join login_sessions s on s.id = p.session_id
          where s.user_id = u.id and s.profile_id is null and ${liveLogin(sql.raw('s'))})
      order by u.id
      limit ${BATCH}
      for update of u skip locked)
    update users set circle_digest_at = ${now} from due where users.id = due.id
    returning users.id, users.email, users.uuid::text as uuid, due.prev,
      (select f.lang from circle_fans f where f.fan_user_id = users.id order by f.created_at desc limit 1) as lang`)) as unknown as {
    rows: Due[];
  };
  let sent = 0;
  for (const fan of result.rows) {
    if (fan.prev === null) continue;
    try {
      if (await sendDigest(deps, fan, new Date(fan.prev))) sent += 1;
    } catch (err) {
      // The claim moved the window on: it is moved back, so the next sweep (5 minutes on) tries again with the same
      // works, unless this instance's claim was already taken over. A recipient the mail server refuses for good (an
      // SMTP 5xx) is not retried every 5 minutes: next week's e-mail is its next try.
      const permanent = smtpCode(err) >= 500;
      if (!permanent)
        await deps.db.execute(sql`update users set circle_digest_at = ${fan.prev}::timestamptz
          where id = ${fan.id} and circle_digest_at = ${now}`);
      log('error', 'a weekly circle e-mail was not sent', { user: fan.id, retried: !permanent, ...errorFields(err) });
    }
  }
  return sent;
}

/** The SMTP reply code of nodemailer's error (0 when there is none: a connection that failed, a timeout). */
function smtpCode(err: unknown): number {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : 0;
}

async function sendDigest(deps: AppDeps, fan: Due, since: Date): Promise<boolean> {
  // The circle's works (shared with it, or public) of the children the fan follows now, since the last e-mail.
  const counts = (await deps.db.execute(sql`
    select p.username, count(*)::int as n
    from circle_fans f
    join circle_follows w on w.fan_id = f.id
    join profiles p on p.id = w.profile_id
    join artworks a on a.profile_id = p.id
    where f.fan_user_id = ${fan.id} and (a.in_circle or a.is_public) and a.created_at > ${since}
    group by p.id, p.username
    order by p.username`)) as unknown as { rows: { username: string; n: number }[] };
  if (counts.rows.length === 0) return false;
  const t = translator(parseLanguage(fan.lang ?? undefined));
  const stopApi = `${deps.config.publicUrl}/api/circle/digest-off/${digestOffToken(deps, fan.uuid)}/`;
  const stopPage = `${deps.config.publicUrl}/circle/digest-off/${digestOffToken(deps, fan.uuid)}`;
  await deps.mail.send({
    to: fan.email,
    subject: t(CIRCLE.digestSubject),
    text: t(CIRCLE.digestBody, {
      lines: counts.rows.map((r) => t(CIRCLE.digestLine, { username: r.username, count: r.n })).join('\n'),
      link: `${deps.config.publicUrl}/circle`,
      stop: stopPage,
    }),
    link: stopPage,
    headers: { 'List-Unsubscribe': `<${stopApi}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return true;
}
