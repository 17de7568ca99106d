/**
 * Web Push on this device (issue 32): the family circle's notices. Permission is asked only when the user taps the
 * button that says why (ui/push-card.tsx). The subscription is the browser's; the server ties it to a login: the
 * account's own (POST /api/push/subscriptions/: a fan's and a parent's notices) or the child's
 * (POST /api/push/child-subscriptions/: its approved comments), whichever the card is for.
 * Loaded with the circle's pages only.
 */
import '@web/lib/console-routes';

import type { PushSubscriptionBody } from '@contract/circle';
import { api } from './http';
import { useSession } from './session';
import { storage } from './storage';

/** The access tokens under which the subscription was renewed since the app started (renewPush). */
const renewedFor = new Set<string>();

/** Which login this device's subscription was made under, by this app ('parent' or 'child'). */
const OWNER_KEY = 'push_login';
type PushLogin = 'parent' | 'child';

/** What the card shows: on, off (may be turned on), blocked by the user, or impossible here (iPhone: install first). */
export type PushState = 'on' | 'off' | 'blocked' | 'install-first' | 'unsupported';

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * The worker's registration, for a tap on "Turn on". The app registers it a while after the first view
 * (lib/pwa.ts), and its first install fetches the whole app: a grandma who opens the circle from her invitation and
 * taps at once would otherwise find none. So it is registered now if it is not yet (the same script and scope:
 * the app's own registration later finds it), and its activation is waited for.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  if (!(await navigator.serviceWorker.getRegistration('/'))) {
    if (!import.meta.env.PROD) return undefined;
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  }
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 60_000))]);
}

export async function pushState(login: PushLogin): Promise<PushState> {
  // Safari on iPhone offers push only to a web app opened from the Home Screen.
  if (!supported()) return isAppleMobile() && !standalone() ? 'install-first' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  const owner = storage.get(OWNER_KEY);
  return sub && Notification.permission === 'granted' && (owner === null || owner === login) ? 'on' : 'off';
}

/**
 * Tells the server again that this device's subscription is `login`'s, where it is already on. A password change,
 * or a login after the tokens ran out, opens another login on the server, and the subscription, tied to the old one,
 * would hear nothing while the card still said "On". Quiet: offline, or refused, the card stays as it was.
 */
export async function renewPush(login: PushLogin): Promise<void> {
  // Only the owner's card renews (one kept before the owner was, by a parent's card): a child's card never takes over.
  const owner = storage.get(OWNER_KEY);
  if (owner !== login && !(owner === null && login === 'parent')) return;
  // Once per access token (a new login always brings a new one; a token lives minutes), not on every visit to a
  // card's page: the calls' rate limit (30 in ten minutes) stays for the taps.
  const token = login === 'child' ? useSession.getState().childToken : useSession.getState().token;
  if (!token || renewedFor.has(token)) return;
  renewedFor.add(token);
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (sub) await tellServer(login, sub, true);
}

/** The subscription, to the server under the login whose notices these are (the account's own, or the child's). */
async function tellServer(login: PushLogin, sub: PushSubscription, silent = false): Promise<void> {
  await api(login === 'child' ? 'pushSubscribeChild' : 'pushSubscribe', { json: sub.toJSON() as PushSubscriptionBody, silent });
  storage.set(OWNER_KEY, login);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && new Uint8Array(a).every((v, i) => v === b[i]) && a.byteLength === b.length;

/**
 * Asks for permission (from the user's tap), subscribes with the server's key and tells the server. Resolves to the
 * state after: 'blocked' when the user said no.
 */
export async function turnOnPush(login: PushLogin): Promise<PushState> {
  if (!supported()) return pushState(login);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const reg = await registration();
  if (!reg) throw new Error('no service worker');
  const key = keyBytes((await api('pushKey', {})).public_key);
  let sub = await reg.pushManager.getSubscription();
  // Made with another key (the server's changed): it cannot carry this server's pushes.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await tellServer(login, sub);
  return 'on';
}

export async function turnOffPush(login: PushLogin): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    // The server forgets it first; the browser's unsubscribe then ends it at the push service too.
    await api('pushUnsubscribe', { json: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  storage.set(OWNER_KEY, null);
  return pushState(login);
}
