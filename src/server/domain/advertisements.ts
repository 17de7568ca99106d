/**
 * Advertisements (works spec §3): those running now, in their order. The landing page asks for `add_type=banner`
 * (its sponsor banners); the image is served from storage under /media/, as a work's is.
 */
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';

import type { Advertisement } from '@contract/site';
import { advertisements } from '../db/schema';
import type { AppDeps } from '../deps';

/** Control characters and spaces have no place in a link; a backslash after the first slash makes it `//` to a browser. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * The link a banner may open: an outside https URL, or a path of ours (`/contest-list`, not `//elsewhere`).
 * Anything else (`javascript:`, plain http, a protocol-relative URL) opens nothing.
 */
export function safeLink(link: string | null): string | null {
  if (!link || UNSAFE.test(link)) return null;
  if (link.startsWith('/')) return link.startsWith('//') ? null : link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' ? link : null;
  } catch {
    return null;
  }
}

export async function activeAdvertisements(deps: AppDeps, addType: string | undefined): Promise<Advertisement[]> {
  const now = deps.clock();
  const rows = await deps.db
    .select()
    .from(advertisements)
    .where(
      and(
        addType === undefined ? undefined : eq(advertisements.addType, addType),
        or(isNull(advertisements.startsAt), lte(advertisements.startsAt, now)),
        or(isNull(advertisements.endsAt), gt(advertisements.endsAt, now)),
      ),
    )
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    banner_image: deps.storage.url(r.imageKey),
    add_type: r.addType,
    url: safeLink(r.linkUrl),
  }));
}
