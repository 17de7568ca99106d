/**
 * The pure rules of the class pages (works spec §2, §3, §4; issue 13): the filters as the API reads them, the pages
 * of a list put together (page 1 replaces, later pages append, each class once), tag names, the price label, the
 * ids a page is opened with, a live class's start in Japan time, and which video addresses a <video> can play.
 * No React here, so it is tested in Node.
 */
import type { ArtistClass, ClassQuery, ClassSignupResponse, ClassType, ClassVideo } from '@contract/classes';
import { formatPrice } from '@web/lib/billing-format';
import { formatInJapan } from '@web/lib/japan-time';
import { pageIdFrom } from '@web/lib/page-id';

export type PriceFilter = 'all' | 'free' | 'paid';
export type TypeFilter = 'all' | ClassType;

export interface ClassFilters {
  search?: string;
  price: PriceFilter;
  type: TypeFilter;
}

export const NO_FILTERS: ClassFilters = { price: 'all', type: 'all' };

/** The filters as the list calls take them (works spec §7): `is_free` true or false, absent for all. */
export function toClassQuery(filters: ClassFilters): Omit<ClassQuery, 'page'> {
  const query: Omit<ClassQuery, 'page'> = {};
  const words = filters.search?.trim();
  if (words) query.search = words;
  if (filters.price !== 'all') query.is_free = filters.price === 'free' ? 'true' : 'false';
  if (filters.type !== 'all') query.class_type = filters.type;
  return query;
}

/**
 * One page added to the classes shown (works spec §4): page 1 replaces what was there, a later page appends. A class
 * already shown is kept once, where it was first seen (the list can shift between pages while it is read).
 */
export function mergeClassPage(current: readonly ArtistClass[], page: number, results: readonly ArtistClass[]): ArtistClass[] {
  const base = page <= 1 ? [] : current;
  const seen = new Set(base.map((c) => c.id));
  const out = [...base];
  for (const item of results) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

/** The pages of a paged list, first to last, as the wall shows them. */
export function flattenClasses(pages: readonly { results: readonly ArtistClass[] }[]): ArtistClass[] {
  return pages.reduce<ArtistClass[]>((shown, page, i) => mergeClassPage(shown, i + 1, page.results), []);
}

/** A class's tag names from the tag list, in the class's order; `unknown` ("Unknown Tag") for an id not in it. */
export function tagNames(ids: readonly number[], tags: readonly { id: number; name: string }[] | undefined, unknown: string): string[] {
  const byId = new Map((tags ?? []).map((tag) => [tag.id, tag.name]));
  return ids.map((id) => byId.get(id) ?? unknown);
}

/** The price of a class: null for a free one, else its price tag. */
export function priceLabel(item: Pick<ArtistClass, 'is_free' | 'price' | 'currency'>, locale: string): string | null {
  return item.is_free ? null : formatPrice(item.price, item.currency, locale);
}

/**
 * A class id from the navigation state first (`stateKey`, e.g. artistClassId), then the query (`queryKey`, e.g.
 * `id` or `class_id`: a reload or a shared link); null when neither names one.
 */
export function classIdFrom(state: unknown, search: string, stateKey: string, queryKey: string): number | null {
  return pageIdFrom(state, search, stateKey, queryKey);
}

/** Where a class's sign-up page is opened: the id in the navigation state, and in `?id=` so a reload works too. */
export function signupDetailHref(id: number): { href: string; state: { artistClassId: number } } {
  return { href: `/artist-signup-detail?id=${id}`, state: { artistClassId: id } };
}

/** The payment page, with the signup response in the state and the class in `?class_id=` (a reload signs up again). */
export function paymentHref(signup: ClassSignupResponse): { href: string; state: { signup: ClassSignupResponse } } {
  return { href: `/payment?class_id=${signup.artist_class}`, state: { signup } };
}

export function linkDetailHref(classId: number): { href: string; state: { class_id: number } } {
  return { href: `/link-detail?class_id=${classId}`, state: { class_id: classId } };
}

/** The signup response the payment page was opened with, when the navigation state holds one for this class. */
export function signupFrom(state: unknown, classId: number | null): ClassSignupResponse | null {
  const signup = (state as { signup?: Partial<ClassSignupResponse> } | null)?.signup;
  if (!signup || typeof signup !== 'object') return null;
  if (typeof signup.artist_class !== 'number' || (classId !== null && signup.artist_class !== classId)) return null;
  return signup as ClassSignupResponse;
}

/**
 * The video page (issue 27, finding 7): opened with a class id only, in the state and in `?class_id=` so a reload
 * works. It never takes an address from the navigation state or the query: a link anyone could write would be shown
 * inside the museum's page as the class's video.
 */
export function linkUrlHref(classId: number): { href: string; state: { class_id: number } } {
  return { href: `/link-url?class_id=${classId}`, state: { class_id: classId } };
}

/** What the video page shows for a class: the video, the meeting link and its start, each from the server. */
export interface VideoTarget {
  url: string | null;
  meetingUrl: string | null;
  startAt: string | null;
}

/** An http(s) address, or null: a javascript: or data: address from a class's form never becomes a link. */
function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Why the calling profile gets no link for a class: it is not signed up, or its payment is pending; null when it does. */
export type NoLinkReason = 'not-signed-up' | 'pending';

export function noLinkReason(item: Pick<ArtistClass, 'member_signup'>): NoLinkReason | null {
  const status = item.member_signup.status;
  return status === 'confirmed' ? null : status === 'pending' ? 'pending' : 'not-signed-up';
}

/**
 * Whether the page must ask for the class's video (POST …/video-url/, which e-mails the link too): only for a
 * confirmed sign-up of a class that has one. A live class without a recording shows the meeting link its detail
 * already holds (`url`, given to a confirmed sign-up only), and sends no e-mail.
 */
export function needsVideoCall(item: Pick<ArtistClass, 'member_signup' | 'has_video'>): boolean {
  return noLinkReason(item) === null && item.has_video;
}

/** The links the server gave this profile: the video call's answer when it was asked, else the class's detail. */
export function videoTargetOf(
  item: Pick<ArtistClass, 'member_signup' | 'url' | 'start_at'>,
  answer: Pick<ClassVideo, 'url' | 'meeting_url' | 'start_at'> | null,
): VideoTarget {
  if (noLinkReason(item) !== null) return { url: null, meetingUrl: null, startAt: null };
  return {
    url: httpUrl(answer?.url),
    meetingUrl: httpUrl(answer?.meeting_url ?? item.url),
    startAt: answer?.start_at ?? item.start_at,
  };
}

/**
 * Whether a <video> can play an address: a page of a video site (YouTube, Vimeo and the like) is a web page, not
 * a media file, so it is opened as a link instead. Anything else is tried, and falls back to a link on error.
 */
export function isVideoPage(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^www\.|^m\./, '');
    return /(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|dailymotion\.com|nicovideo\.jp|nico\.ms|loom\.com|wistia\.com|zoom\.us|meet\.google\.com|teams\.microsoft\.com)$/.test(
      host,
    );
  } catch {
    return true;
  }
}

/** An instant in Japan time (the classes are held in Japan), in the reader's language; null for none or unreadable. */
export function formatJapanDateTime(iso: string | null | undefined, locale: string): string | null {
  return formatInJapan(iso, locale, {
    year: 'numeric',
    month: locale === 'ja' ? 'long' : 'short',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
