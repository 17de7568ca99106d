/**
 * Web Push (issue 32) with the `web-push` package: the payload is encrypted for the subscription (RFC 8291,
 * aes128gcm) and the request signed with the server's VAPID key (RFC 8292). A subscription belongs to one login
 * (login_sessions): it stops when that login ends, and a parent login gets the family's and the fan's notices, a child
 * login only its own profile's.
 *
 * Sending never holds up the request that caused it (notify() runs after the answer), and an endpoint the push
 * service says is gone (404, 410) is forgotten.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import webpush from 'web-push';

import type { CircleRole, PushPayload } from '@contract/circle';
import type { Language } from '@contract/limits';
import { CIRCLE } from '../circle-messages';
import { loginSessions, pushSubscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { ValidationError } from '../errors';
import { translator, type Translate } from '../i18n';
import { errorFields, log } from '../log';

/**
 * The push services of the browsers people use: Chrome and Android (FCM), Firefox (autopush), Safari on iPhone and
 * Mac, Edge (WNS). A subscription's endpoint is where this server sends requests, so no other address is accepted:
 * never one inside our own network.
 */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

/** Subscriptions kept per login (a browser has one; a few allow for a reinstall or a changed key). */
const MAX_PER_LOGIN = 3;

/** Whether `endpoint` is a push service's: https at a known service, or (tests) any scheme at a configured host. */
export function allowedEndpoint(deps: AppDeps, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (deps.config.push.extraHosts.includes(url.host.toLowerCase())) return url.protocol === 'http:' || url.protocol === 'https:';
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICES.some((re) => re.test(url.hostname.toLowerCase()));
}

/** POST /api/push/subscriptions/: this device's subscription, under the caller's login (a new login takes it over). */
export async function subscribe(
  deps: AppDeps,
  sessionId: string,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
  lang: Language,
): Promise<void> {
  if (!allowedEndpoint(deps, body.endpoint)) throw ValidationError.of('endpoint', CIRCLE.pushEndpointRefused.id);
  const values = { endpoint: body.endpoint, sessionId, p256dh: body.keys.p256dh, auth: body.keys.auth, lang };
  await deps.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { sessionId, p256dh: values.p256dh, auth: values.auth, lang, createdAt: sql`now()` },
    });
  // A login is one device: its newest few subscriptions are kept, so no caller makes each notice go to many endpoints.
  await deps.db.execute(sql`
    delete from ${pushSubscriptions} where ${pushSubscriptions.sessionId} = ${sessionId} and ${pushSubscriptions.endpoint} not in (
      select ${pushSubscriptions.endpoint} from ${pushSubscriptions} where ${pushSubscriptions.sessionId} = ${sessionId}
      order by ${pushSubscriptions.createdAt} desc limit ${MAX_PER_LOGIN})`);
}

/** POST /api/push/subscriptions/remove/: forgets the endpoint if it is one of the caller's account's logins. */
export async function unsubscribe(deps: AppDeps, userId: number, endpoint: string): Promise<void> {
  await deps.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        sql`${pushSubscriptions.sessionId} in (select ${loginSessions.id} from ${loginSessions} where ${loginSessions.userId} = ${userId})`,
      ),
    );
}

/** Who a notice is for: an account's parent logins (`profileId` null), or a child's own logins. */
export type PushTarget = { userId: number; profileId: null } | { userId: number; profileId: number };

/** The role as the notice names it: the parent's label for `other`. */
export function roleText(t: Translate, role: CircleRole, label: string): string {
  if (role === 'other') return label || t(CIRCLE.roleOther);
  const names = {
    grandpa: CIRCLE.roleGrandpa,
    grandma: CIRCLE.roleGrandma,
    uncle: CIRCLE.roleUncle,
    aunt: CIRCLE.roleAunt,
    cousin: CIRCLE.roleCousin,
  };
  return t(names[role]);
}

/**
 * A live login: not ended, and still holding a refresh token. A logout ends the session, a password change revokes its
 * tokens (and opens another session), and an unused login's last token expires; a device past any of these hears
 * nothing. `session` names the login_sessions row in the statement around it (its alias, or the table). The one rule
 * for both the notices and the weekly e-mail's "has a device that hears" (circle-digest.ts).
 */
export function liveLogin(session: SQL): SQL {
  return sql`(${session}.revoked_at is null and exists (select 1 from refresh_tokens live_r
    where live_r.family = ${session}.id and live_r.revoked_at is null and live_r.expires_at > now()))`;
}

/** The subscriptions of live logins of the targets: an account's own login for a parent, a profile's for a child. */
async function subscriptionsOf(deps: AppDeps, targets: readonly PushTarget[]) {
  const parents = targets.filter((t) => t.profileId === null).map((t) => t.userId);
  const children = targets.flatMap((t) => (t.profileId === null ? [] : [t.profileId]));
  if (parents.length === 0 && children.length === 0) return [];
  const whose = or(
    parents.length > 0 ? and(inArray(loginSessions.userId, parents), isNull(loginSessions.profileId)) : undefined,
    children.length > 0 ? inArray(loginSessions.profileId, children) : undefined,
  );
  return deps.db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      lang: pushSubscriptions.lang,
    })
    .from(pushSubscriptions)
    .innerJoin(loginSessions, eq(loginSessions.id, pushSubscriptions.sessionId))
    .where(and(liveLogin(sql.raw('login_sessions')), whose));
}

/** Sends each target's devices the notice, written in each device's language; returns how many were delivered. */
export async function send(deps: AppDeps, targets: readonly PushTarget[], compose: (t: Translate) => PushPayload): Promise<number> {
  if (targets.length === 0) return 0;
  const subscriptions = await subscriptionsOf(deps, targets);
  const { publicKey, privateKey, subject } = deps.config.push;
  let delivered = 0;
  await Promise.all(
    subscriptions.map(async (s) => {
      // Checked again at sending: a host taken off PUSH_EXTRA_HOSTS is not sent to any more.
      if (!allowedEndpoint(deps, s.endpoint)) return;
      const payload = JSON.stringify(compose(translator(s.lang)));
      // web-push encrypts and signs; the request goes through fetch, which follows no redirect (a push service never
      // redirects, and a redirect is how an allowed host could point the server at one that is not).
      const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails: { subject, publicKey, privateKey },
        // A day: a phone that is off for longer gets the next one instead.
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
      });
      try {
        const res = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) {
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
        } else if (res.status >= 200 && res.status < 300) {
          delivered += 1;
        } else {
          log('warn', 'a push was not delivered', { status: res.status });
        }
      } catch (err) {
        log('warn', 'a push was not delivered', errorFields(err));
      }
    }),
  );
  return delivered;
}

/** Pushes that run after the answer; tests wait for them with settled(). */
const pending = new Set<Promise<unknown>>();

/** Starts sending without holding up the caller; a failure is logged, never thrown. */
export function notify(work: () => Promise<unknown>): void {
  const p = work()
    .catch((err: unknown) => log('error', 'push notification failed', errorFields(err)))
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Resolves when the pushes started so far have been sent (tests; a shutdown). */
export async function settled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
