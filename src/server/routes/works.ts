/**
 * Works, galleries and likes (works notes). Thin: the entry's checks have run; call the domain and answer.
 * The lists share one handler; the path they were called with makes their next/previous links.
 */
import type { Context } from 'hono';
import type { z } from 'zod';

import { ENDPOINTS } from '@contract/endpoints';
import { M } from '@contract/messages';
import { IDEMPOTENCY_HEADER } from '@contract/headers';
import type { listQuery, Work } from '@contract/works';
import type { AppDeps } from '../deps';
import { findReplay, parseIdempotencyKey, requestFingerprint } from '../domain/idempotency';
import { setLike } from '../domain/likes';
import { imageCount } from '../domain/quota';
import { arrivedVersions, KeptAnswers } from '../domain/versions';
import { visibleWork } from '../domain/visibility';
import { currentWallVersion, listWorks, type ListKind } from '../domain/work-lists';
import { workView } from '../domain/work-views';
import { admitNewWork, createWork, deleteWork, updateWork, type Actor } from '../domain/works';
import type { ChildAuth } from '../middleware/auth';
import { setEarlyHeader } from '../middleware/early-headers';
import type { AppEnv } from '../env';
import { linksOf } from './list-links';
import { Reply, type Handlers } from './register';
import { encodedAnswer, encodedPage, keepEncodedPage, noneMatchHits, notModified, sharedAnswer, WALL_VARY, wallTag } from './wall-cache';
import { readWorkForm } from './work-form';

const actor = (c: Context<AppEnv>, auth: ChildAuth): Actor => ({ userId: auth.user.id, profileId: auth.profile.id, lang: c.get('lang') });

type ParsedQuery = z.output<typeof listQuery>;

function list(c: Context<AppEnv>, deps: AppDeps, kind: ListKind, q: ParsedQuery, viewer: number | null) {
  const filters = {
    page: q.page,
    search: q.search || undefined,
    category: q.category,
    tags: q.tags === undefined ? undefined : [q.tags].flat(),
  };
  return listWorks(deps, kind, filters, viewer, c.get('lang'), linksOf(c));
}

/**
 * Bodies up to this size are read before a full account is refused: the PWA sends a work of five compressed photos
 * (well under 8 MB), and a phone on a slow uplink that is answered and cut off mid-send would see only a network
 * error, and retry forever. Larger (or undeclared) bodies are refused unread (issue 9, finding 6).
 */
const READ_BEFORE_REFUSING_BYTES = 8 * 1024 * 1024;

/** Works' details as viewers last read them (issue 30), at most this many per instance. */
const keptWorks = new KeptAnswers<Work>(4_000);

export const workHandlers = {
  publicWorks: async ({ c, deps, auth, query }) => {
    // Shared caching (wall-cache.ts): anonymous answers only; a token's keep the API's no-store.
    setEarlyHeader(c, 'Vary', WALL_VARY);
    if (c.req.header('Authorization') !== undefined)
      return (await list(c, deps, { kind: 'public' }, query, auth?.profile?.id ?? null)).page;
    const asked = c.req.header('If-None-Match');
    // One version read (shared with the requests that arrive during one): a revalidation's 304, or the page's JSON
    // made for that version before; neither builds the page.
    const now = wallTag(deps, c, arrivedVersions(c.env)?.wall ?? (await currentWallVersion(deps)));
    if (asked !== undefined && noneMatchHits(asked, now)) return notModified(c, now);
    const json = encodedPage(deps, now);
    if (json !== undefined) return encodedAnswer(c, now, json);
    const { page, version } = await list(c, deps, { kind: 'public' }, query, null);
    const tag = version === undefined ? undefined : wallTag(deps, c, version);
    if (asked !== undefined && tag !== undefined && noneMatchHits(asked, tag)) return notModified(c, tag);
    sharedAnswer(c, tag);
    // Encoded here once more for the next asker; this answer goes out as every other (checked in tests).
    if (tag !== undefined) keepEncodedPage(deps, tag, JSON.stringify(page));
    return page;
  },
  myWorks: async ({ c, deps, auth, query }) => (await list(c, deps, { kind: 'my' }, query, auth.profile.id)).page,
  myCollection: async ({ c, deps, auth, query }) => (await list(c, deps, { kind: 'collection' }, query, auth.profile.id)).page,
  familyGallery: async ({ c, deps, auth, query }) => (await list(c, deps, { kind: 'family' }, query, auth.profile.id)).page,
  memberWorks: async ({ c, deps, auth, params, query }) =>
    (await list(c, deps, { kind: 'member', memberId: params.id }, query, auth.profile.id)).page,
  work: async ({ deps, auth, params, lang }) => {
    const viewer = auth?.profile?.id ?? null;
    // Kept per viewer while nothing it rests on changed (versions.ts); a work not found is never kept.
    return keptWorks.get(deps, `${viewer}:${params.id}:${lang}`, async () => {
      const { work } = await visibleWork(deps.db, params.id, viewer);
      return workView(deps, work, viewer, lang);
    });
  },
  workCreate: async ({ c, deps, auth }) => {
    const who = actor(c, auth);
    const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    // A full account is refused before a large body is read (unless the key may be a replay). A phone's upload
    // is small: it is read first, so that a phone still sending receives the refusal, not a reset connection.
    if (!(Number(c.req.header('content-length')) <= READ_BEFORE_REFUSING_BYTES)) await admitNewWork(deps, who, key);
    const form = await readWorkForm(c, ENDPOINTS.workCreate.body, 1);
    const fingerprint = requestFingerprint(form.entries, form.fileDigests);
    // A replay must be answered before the quota is checked: its images are already counted.
    const earlier = key ? await findReplay(deps.db, who.profileId, key, fingerprint) : null;
    const reply = earlier ?? (await createWork(deps, who, form.fields, form.files, key ? { key, fingerprint } : null));
    return new Reply(reply.status, reply.body);
  },
  workUpdate: async ({ c, deps, auth, params }) => {
    const form = await readWorkForm(c, ENDPOINTS.workUpdate.body, 0);
    return updateWork(deps, actor(c, auth), params.id, form.fields, form.files);
  },
  workDelete: async ({ deps, auth, params, t }) => {
    await deleteWork(deps, auth.profile.id, params.id);
    return { message: t(M.workDeleted) };
  },
  workLike: async ({ deps, auth, params }) => setLike(deps, auth.profile.id, params.id, true),
  workUnlike: async ({ deps, auth, params }) => setLike(deps, auth.profile.id, params.id, false),
  imageCount: async ({ deps, auth }) => imageCount(deps.db, auth.user.id, deps.clock()),
} satisfies Partial<Handlers>;
