/**
 * Works, galleries and likes (works notes). Thin: read and validate with the contract, call the
 * domain, answer. Profile-acting calls need a child token; the public list and the detail do not.
 */
import { Hono, type Context } from 'hono';

import { M } from '../../contract/messages';
import { IDEMPOTENCY_HEADER } from '../../contract/paths';
import { artworkFields, artworkUpdateFields, listQuery } from '../../contract/works';
import type { AppDeps } from '../deps';
import { findReplay, parseIdempotencyKey, requestFingerprint } from '../domain/idempotency';
import { setLike } from '../domain/likes';
import { imageCount } from '../domain/quota';
import { visibleWork } from '../domain/visibility';
import { listWorks, type ListFilters, type ListKind } from '../domain/work-lists';
import { workView } from '../domain/work-views';
import { admitNewWork, createWork, deleteWork, updateWork, type Actor } from '../domain/works';
import type { AppEnv } from '../env';
import { ValidationError } from '../errors';
import { authRequired, childRequired, requireAuth, requireChild } from '../middleware/auth';
import { uploadSlot } from '../middleware/multipart';
import { parseOrThrow } from '../middleware/validate';
import { idParam } from './params';
import { readWorkForm } from './work-form';

function filters(c: Context<AppEnv>): ListFilters {
  const raw = (name: string) => {
    const v = c.req.query(name);
    return v === undefined || v.trim() === '' ? undefined : v;
  };
  const search = raw('search');
  if (search?.includes('\u0000')) throw ValidationError.of('search', M.invalidValue.id);
  const tags = (c.req.queries('tags') ?? []).filter((t) => t.trim() !== '');
  const q = parseOrThrow(listQuery, { page: raw('page'), search, category: raw('category'), tags: tags.length > 0 ? tags : undefined });
  return { page: q.page, search: q.search || undefined, category: q.category, tags: q.tags === undefined ? undefined : [q.tags].flat() };
}

const actor = (c: Context<AppEnv>): Actor => {
  const auth = requireChild(c);
  return { userId: auth.user.id, profileId: auth.profile.id, lang: c.get('lang') };
};

/**
 * Bodies up to this size are read before a full account is refused: the PWA sends a work of five compressed photos
 * (well under 8 MB), and a phone on a slow uplink that is answered and cut off mid-send would see only a network
 * error, and retry forever. Larger (or undeclared) bodies are refused unread (issue 9, finding 6).
 */
const READ_BEFORE_REFUSING_BYTES = 8 * 1024 * 1024;

export function artworkRoutes(deps: AppDeps) {
  const list = (kind: (c: Context<AppEnv>) => ListKind, child: boolean) => async (c: Context<AppEnv>) => {
    const viewer = child ? requireChild(c).profile.id : (c.get('auth')?.profile?.id ?? null);
    // The path as the client wrote it (c.req.path drops a trailing slash in non-strict mode).
    const url = new URL(c.req.url);
    const links = { path: url.pathname, query: url.searchParams };
    return c.json(await listWorks(deps, kind(c), filters(c), viewer, c.get('lang'), links));
  };

  return new Hono<AppEnv>({ strict: false })
    .get('/artworks', list(() => ({ kind: 'public' }), false))
    .get('/artworks/my', childRequired, list(() => ({ kind: 'my' }), true))
    .get('/artworks/my-collection', childRequired, list(() => ({ kind: 'collection' }), true))
    .get('/artworks/family-gallery', childRequired, list(() => ({ kind: 'family' }), true))
    .get('/artworks/member/:id', childRequired, list((c) => ({ kind: 'member', memberId: idParam(c, 'id') }), true))
    .get('/artworks/:id{[0-9]+}', async (c) => {
      const viewer = c.get('auth')?.profile?.id ?? null;
      const { work } = await visibleWork(deps.db, idParam(c, 'id'), viewer);
      return c.json(await workView(deps, work, viewer, c.get('lang')));
    })
    .post('/artworks', childRequired, uploadSlot(deps), async (c) => {
      const who = actor(c);
      const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      // A full account is refused before a large body is read (unless the key may be a replay). A phone's upload
      // is small: it is read first, so that a phone still sending receives the refusal, not a reset connection.
      if (!(Number(c.req.header('content-length')) <= READ_BEFORE_REFUSING_BYTES)) await admitNewWork(deps, who, key);
      const form = await readWorkForm(c, artworkFields, 1);
      const fingerprint = requestFingerprint(form.entries, form.fileDigests);
      // A replay must be answered before the quota is checked: its images are already counted.
      const earlier = key ? await findReplay(deps.db, who.profileId, key, fingerprint) : null;
      const reply = earlier ?? (await createWork(deps, who, form.fields, form.files, key ? { key, fingerprint } : null));
      return c.json(reply.body as object, reply.status as 201);
    })
    .post('/artworks/:id{[0-9]+}/update', childRequired, uploadSlot(deps), async (c) => {
      const who = actor(c);
      const id = idParam(c, 'id');
      const form = await readWorkForm(c, artworkUpdateFields, 0);
      return c.json(await updateWork(deps, who, id, form.fields, form.files));
    })
    .delete('/artworks/:id{[0-9]+}/delete', childRequired, async (c) => {
      await deleteWork(deps, requireChild(c).profile.id, idParam(c, 'id'));
      return c.json({ message: c.get('t')(M.workDeleted) });
    })
    .post('/artworks/:id{[0-9]+}/like', childRequired, async (c) => c.json(await setLike(deps, requireChild(c).profile.id, idParam(c, 'id'), true)))
    .post('/artworks/:id{[0-9]+}/unlike', childRequired, async (c) => c.json(await setLike(deps, requireChild(c).profile.id, idParam(c, 'id'), false)))
    .get('/billing/user-image-count', authRequired, async (c) => c.json(await imageCount(deps.db, requireAuth(c).user.id)));
}
