/**
 * The open archive's export (issue 15): GET /api/account/export/ streams one zip of the family (or of one child)
 * without ever holding it: fflate's streaming Zip with stored (uncompressed) entries, pulled by the HTTP response
 * (a pull-based ReadableStream, so a slow client slows the reads down: backpressure). Works are read in pages
 * (keyset on the index the galleries use) and every picture is streamed from the storage adapter (disk or S3), one at
 * a time. Memory stays flat: a page of rows and one chunk of one file at a time.
 *
 * The entries, in this order: README.txt, then per child its child.json, avatar, pictures and thumbnails, then
 * data.js, index.html, account.json and manifest.json (src/contract/archive.ts describes them). Each of the three
 * readings (JSON, pictures, data.js) pages through the works again; a work added or deleted meanwhile may be in one
 * and not another (a picture deleted meanwhile is left out, and counted in the manifest's notes).
 *
 * The size cannot be sent as Content-Length (the texts are written as they go, and the family may change while the
 * zip streams: a wrong length would fail the download). X-Archive-Expected-Bytes estimates it for a progress bar:
 * the pictures exactly from their rows, the thumbnails from a sample of their sizes, the texts from their count.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';

import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  archiveName,
  type ArchiveAccount,
  type ArchiveChild,
  type ArchiveManifest,
  type ArchiveProfile,
  type ArchiveWork,
} from '@contract/archive';
import { ageAt } from '@contract/accounts';
import type { Language } from '@contract/limits';
import { M } from '@contract/messages';
import {
  artworkImages,
  artworks,
  artworkTags,
  categories,
  contestEntries,
  contests,
  likes,
  circleComments,
  circleFans,
  circleStamps,
  organizations,
  profileOrganizations,
  profiles,
  profileShares,
  tags,
  users,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { translator } from '../i18n';
import { log, errorFields } from '../log';
import { DATA_GLOBAL, indexHtml, readmeText } from './archive-html';
import { ARCHIVE_TEXT } from './archive-messages';

/** Works read per query. */
export const EXPORT_PAGE = 100;
/** fflate writes no ZIP64: offsets and sizes must stay below 4 GiB, entries below 65,535. Kept with a margin. */
export const MAX_ARCHIVE_BYTES = 3_900_000_000;
export const MAX_ARCHIVE_ENTRIES = 60_000;
/** Per work, what its texts take in child.json and data.js together (measured: 0.9 to 1 KB with tags and an entry). */
const TEXT_BYTES_PER_WORK = 1_000;
/** Per child, the profile at the head of child.json and data.js (measured: about 0.5 KB). */
const TEXT_BYTES_PER_CHILD = 600;
/** README, index.html, account.json, manifest.json (measured: about 14.5 KB). */
const TEXT_BYTES_FIXED = 15_000;
/** Texts are gathered into chunks of this size before they are written to the zip. */
const TEXT_CHUNK = 64 * 1024;

export interface ExportRequest {
  userId: number;
  /** Only this child, or the whole family. */
  profileId: number | null;
  lang: Language;
}

export interface ExportStream {
  /** `little-museum-YYYY-MM-DD.zip` (the date in Japan time). */
  filename: string;
  expectedBytes: number;
  body: ReadableStream<Uint8Array>;
}

interface Child {
  row: typeof profiles.$inferSelect;
  folder: string;
  profile: ArchiveProfile;
}

/** Japan's calendar date: the family's "today". */
export const japanDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(at);

/** A file-system-safe folder name from a username (letters, digits, . _ -), unique among the family's. */
function folderNames(usernames: string[]): string[] {
  const used = new Set<string>();
  return usernames.map((name) => {
    const base =
      name
        .replace(/[^A-Za-z0-9._-]/g, '_')
        .replace(/^\.+/, '_')
        .slice(0, 40) || 'child';
    let folder = base;
    for (let n = 2; used.has(folder.toLowerCase()); n++) folder = `${base}-${n}`;
    used.add(folder.toLowerCase());
    return folder;
  });
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase() || 'webp';

/** The paths of a work's n-th picture and thumbnail inside the archive. */
function picturePaths(folder: string, work: { id: number; date: string }, n: number, key: { display: string; thumb: string }) {
  const stem = `${work.date}-${work.id}-${n + 1}`;
  return {
    file: `children/${folder}/pictures/${stem}.${extOf(key.display)}`,
    thumb: `children/${folder}/thumbs/${stem}.${extOf(key.thumb)}`,
  };
}

// ---- reading --------------------------------------------------------------------------------------

async function familyChildren(deps: AppDeps, req: ExportRequest): Promise<Child[]> {
  const rows = await deps.db
    .select()
    .from(profiles)
    .where(req.profileId === null ? eq(profiles.userId, req.userId) : and(eq(profiles.userId, req.userId), eq(profiles.id, req.profileId)))
    .orderBy(asc(profiles.id));
  // Another family's profile, or none: as for any object that is not the caller's.
  if (req.profileId !== null && rows.length === 0) throw new ApiError(404, M.notFound);
  const ids = rows.map((r) => r.id);
  const orgs = ids.length
    ? await deps.db
        .select({ profileId: profileOrganizations.profileId, name: organizations.name })
        .from(profileOrganizations)
        .innerJoin(organizations, eq(organizations.id, profileOrganizations.organizationId))
        .where(and(inArray(profileOrganizations.profileId, ids), eq(profileOrganizations.status, 'approved')))
        .orderBy(asc(organizations.name))
    : [];
  const shares = ids.length
    ? await deps.db
        .select({ owner: profileShares.ownerProfileId, target: profiles.username })
        .from(profileShares)
        .innerJoin(profiles, eq(profiles.id, profileShares.targetProfileId))
        .where(and(inArray(profileShares.ownerProfileId, ids), eq(profiles.userId, req.userId)))
        .orderBy(asc(profiles.username))
    : [];
  const folders = folderNames(rows.map((r) => r.username));
  return rows.map((row, i) => ({
    row,
    folder: folders[i]!,
    profile: {
      id: row.id,
      username: row.username,
      first_name: row.firstName,
      date_of_birth: row.dateOfBirth,
      address: row.address,
      is_published: row.isPublished,
      created_at: row.createdAt.toISOString(),
      picture: row.pictureKey ? `children/${folders[i]!}/avatar.${extOf(row.pictureKey)}` : null,
      organizations: orgs.filter((o) => o.profileId === row.id).map((o) => ({ name: o.name })),
      shares_with: shares.filter((s) => s.owner === row.id).map((s) => s.target),
    },
  }));
}

interface ImageCell {
  d: string;
  t: string;
  w: number;
  h: number;
  b: number;
}
interface TagCell {
  en: string;
  ja: string;
}
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** A work as the archive keeps it, with its storage keys beside (for the pictures' reading). */
export interface ExportedWork {
  work: ArchiveWork;
  keys: { display: string; thumb: string }[];
}

/**
 * The child's works, newest first, a page at a time: keyset on (created_at, id) over artworks_profile_created_idx.
 * The cursor's time goes back as PostgreSQL's own text, so that microseconds are not lost to a JS Date.
 */
function workPage(deps: AppDeps, child: Child, cursor: { at: string; id: number } | null) {
  return deps.db
    .select({
      work: artworks,
      at: sql<string>`${artworks.createdAt}::text`,
      categoryEn: categories.nameEn,
      categoryJa: categories.nameJa,
      images: sql<unknown>`(select coalesce(json_agg(json_build_object('d', ${artworkImages.displayKey}, 't', ${artworkImages.thumbKey}, 'w', ${artworkImages.width}, 'h', ${artworkImages.height}, 'b', ${artworkImages.bytes}) order by ${artworkImages.position}, ${artworkImages.id}), '[]'::json) from ${artworkImages} where ${artworkImages.artworkId} = ${artworks.id})`,
      tags: sql<unknown>`(select coalesce(json_agg(json_build_object('en', ${tags.nameEn}, 'ja', ${tags.nameJa}) order by ${tags.sortOrder}, ${tags.id}), '[]'::json) from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${artworkTags.artworkId} = ${artworks.id})`,
      likesCount: sql<number>`(select count(*) from ${likes} where ${likes.artworkId} = ${artworks.id})`.mapWith(Number),
    })
    .from(artworks)
    .leftJoin(categories, eq(categories.id, artworks.categoryId))
    .where(
      cursor
        ? and(
            eq(artworks.profileId, child.row.id),
            sql`(${artworks.createdAt}, ${artworks.id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
          )
        : eq(artworks.profileId, child.row.id),
    )
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(EXPORT_PAGE);
}

async function* workPages(deps: AppDeps, child: Child): AsyncGenerator<ExportedWork[]> {
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const page = await workPage(deps, child, cursor);
    if (page.length === 0) return;
    const ids = page.map((p) => p.work.id);
    const entries = await deps.db
      .select({
        artworkId: contestEntries.artworkId,
        entryId: contestEntries.id,
        contest: contests.name,
        organization: organizations.name,
        enteredAt: contestEntries.createdAt,
        consentedAt: contestEntries.consentedAt,
        startsAt: contests.startsAt,
        endsAt: contests.endsAt,
        winnerEntryId: contests.winnerEntryId,
      })
      .from(contestEntries)
      .innerJoin(contests, eq(contests.id, contestEntries.contestId))
      .innerJoin(organizations, eq(organizations.id, contests.organizationId))
      .where(inArray(contestEntries.artworkId, ids))
      .orderBy(asc(contestEntries.createdAt), asc(contestEntries.id));
    // The family circle's stickers and approved comments (issue 32), by role: never a relative's name or address.
    const stamps = await deps.db
      .select({ artworkId: circleStamps.artworkId, stamp: circleStamps.stamp, role: circleFans.role, label: circleFans.roleLabel })
      .from(circleStamps)
      .innerJoin(circleFans, eq(circleFans.id, circleStamps.fanId))
      .where(inArray(circleStamps.artworkId, ids))
      .orderBy(asc(circleStamps.createdAt));
    const comments = await deps.db
      .select({
        artworkId: circleComments.artworkId,
        body: circleComments.body,
        at: circleComments.createdAt,
        role: circleFans.role,
        label: circleFans.roleLabel,
      })
      .from(circleComments)
      .innerJoin(circleFans, eq(circleFans.id, circleComments.fanId))
      .where(and(inArray(circleComments.artworkId, ids), eq(circleComments.status, 'approved')))
      .orderBy(asc(circleComments.createdAt), asc(circleComments.id));
    yield page.map((p) => {
      const w = p.work;
      const date = w.createdAt.toISOString().slice(0, 10);
      const images = parsed<ImageCell[]>(p.images);
      const keys = images.map((i) => ({ display: i.d, thumb: i.t }));
      return {
        keys,
        work: {
          id: w.id,
          title: w.title,
          description: w.description,
          created_at: w.createdAt.toISOString(),
          date,
          age_at_creation: ageAt(child.row.dateOfBirth, w.createdAt),
          category: p.categoryEn !== null ? { en: p.categoryEn, ja: p.categoryJa ?? '' } : null,
          tags: parsed<TagCell[]>(p.tags).map((t) => ({ en: t.en, ja: t.ja })),
          likes_count: p.likesCount,
          is_public: w.isPublic,
          visibility: w.isPublic ? 'public' : w.inCircle ? 'circle' : 'private',
          images: images.map((i, n) => ({
            ...picturePaths(child.folder, { id: w.id, date }, n, keys[n]!),
            width: i.w,
            height: i.h,
            bytes: i.b,
          })),
          contest_entries: entries
            .filter((e) => e.artworkId === w.id)
            .map((e) => ({
              contest: e.contest,
              organization: e.organization,
              entered_at: e.enteredAt.toISOString(),
              consented_at: e.consentedAt.toISOString(),
              contest_starts_at: e.startsAt.toISOString(),
              contest_ends_at: e.endsAt.toISOString(),
              winner: e.winnerEntryId === e.entryId,
            })),
          circle: {
            stamps: stamps.filter((x) => x.artworkId === w.id).map((x) => ({ stamp: x.stamp, role: x.role, label: x.label })),
            comments: comments
              .filter((c) => c.artworkId === w.id)
              .map((c) => ({ role: c.role, label: c.label, body: c.body, at: c.at.toISOString() })),
          },
        },
      };
    });
    if (page.length < EXPORT_PAGE) return;
    const last = page[page.length - 1]!;
    cursor = { at: last.at, id: last.work.id };
  }
}

/** What the export will hold, from the rows (exact for pictures), and a sampled thumbnail size. */
async function estimate(deps: AppDeps, children: Child[]): Promise<{ bytes: number; entries: number }> {
  const ids = children.map((c) => c.row.id);
  if (ids.length === 0) return { bytes: TEXT_BYTES_FIXED, entries: 6 };
  const [sums] = await deps.db
    .select({
      works: sql<number>`count(distinct ${artworks.id})`.mapWith(Number),
      images: sql<number>`count(${artworkImages.id})`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${artworkImages.bytes}), 0)`.mapWith(Number),
    })
    .from(artworks)
    .leftJoin(artworkImages, eq(artworkImages.artworkId, artworks.id))
    .where(inArray(artworks.profileId, ids));
  const sample = await deps.db
    .select({ key: artworkImages.thumbKey })
    .from(artworkImages)
    .innerJoin(artworks, eq(artworks.id, artworkImages.artworkId))
    .where(inArray(artworks.profileId, ids))
    .limit(8);
  const sizes = (await Promise.all(sample.map((s) => deps.storage.head(s.key).catch(() => null)))).flatMap((h) => (h ? [h.size] : []));
  const thumb = sizes.length ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0;
  const { works = 0, images = 0, bytes = 0 } = sums ?? {};
  // Per stored entry: local header (30) + data descriptor (16) + central record (46) + its name twice (~60 each).
  const entries = images * 2 + children.length * 3 + 5;
  const overhead = entries * (30 + 16 + 46 + 110) + 22;
  const texts = works * TEXT_BYTES_PER_WORK + children.length * TEXT_BYTES_PER_CHILD + TEXT_BYTES_FIXED;
  return { bytes: Math.round(bytes + images * thumb + texts + overhead), entries };
}

// ---- writing --------------------------------------------------------------------------------------

/** fflate's Zip, its output gathered between two reads of the stream (one chunk of one file at a time). */
class ZipOut {
  private out: Uint8Array[] = [];
  private zip = new Zip((err, chunk, _final) => {
    if (err) throw err;
    this.out.push(chunk);
  });

  constructor(
    private readonly root: string,
    private readonly mtime: Date,
  ) {}

  /** A stored entry (no compression: the pictures are WebP already, and stored files are the simplest to read). */
  open(name: string, mtime = this.mtime): ZipPassThrough {
    const file = new ZipPassThrough(`${this.root}/${name}`);
    // A zip's dates run from 1980 to 2107 (fflate refuses others): an imported work may be older than 1980.
    file.mtime = new Date(Math.min(Math.max(mtime.getTime(), ZIP_EPOCH), ZIP_END));
    this.zip.add(file);
    return file;
  }

  end(): void {
    this.zip.end();
  }

  take(): Uint8Array[] {
    const chunks = this.out;
    this.out = [];
    return chunks;
  }
}

const ZIP_EPOCH = new Date(1980, 0, 2).getTime();
const ZIP_END = new Date(2099, 11, 31).getTime();

const encoder = new TextEncoder();

/** JSON for a .js file: U+2028 and U+2029 escaped too, for the JavaScript engines that predate ES2019. */
const js = (value: unknown) => JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** Writes text pieces as one entry, gathered into chunks of TEXT_CHUNK bytes. */
async function* textEntry(zip: ZipOut, name: string, pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Uint8Array[]> {
  const file = zip.open(name);
  let buffer = '';
  for await (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= TEXT_CHUNK) {
      file.push(encoder.encode(buffer));
      buffer = '';
      yield zip.take();
    }
  }
  file.push(encoder.encode(buffer), true);
  yield zip.take();
}

/** Streams one stored file into the zip; false (and nothing written) when storage has no such file. */
async function* storedEntry(zip: ZipOut, deps: AppDeps, key: string, name: string, mtime: Date): AsyncGenerator<Uint8Array[], boolean> {
  const object = await deps.storage.get(key);
  if (!object) return false;
  try {
    const file = zip.open(name, mtime);
    for await (const chunk of object.body as AsyncIterable<Uint8Array>) {
      file.push(chunk);
      yield zip.take();
    }
    file.push(new Uint8Array(0), true);
    yield zip.take();
    return true;
  } finally {
    object.body.destroy();
  }
}

interface Tally {
  works: number;
  pictures: number;
  missing: number;
}

async function* childJson(deps: AppDeps, child: Child, tally: Tally): AsyncGenerator<string> {
  const head: Omit<ArchiveChild, 'works'> = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, profile: child.profile };
  const opening = JSON.stringify(head, null, 1);
  yield `${opening.slice(0, -2)},\n "works": [`;
  let first = true;
  for await (const page of workPages(deps, child)) {
    for (const { work } of page) {
      tally.works += 1;
      yield `${first ? '\n' : ',\n'}  ${JSON.stringify(work)}`;
      first = false;
    }
  }
  yield '\n ]\n}\n';
}

/** data.js: what the offline museum shows, in the requester's language (names of categories and tags). */
async function* dataJs(deps: AppDeps, children: Child[], meta: Record<string, unknown>, lang: Language): AsyncGenerator<string> {
  const name = (n: { en: string; ja: string }) => (lang === 'ja' ? n.ja || n.en : n.en || n.ja);
  yield `/* ${ARCHIVE_FORMAT} ${ARCHIVE_VERSION}: the works shown by index.html */\nwindow.${DATA_GLOBAL} = ${js(meta).slice(0, -1)}, "children": [`;
  for (const [ci, child] of children.entries()) {
    const p = child.profile;
    const head = { username: p.username, first_name: p.first_name, date_of_birth: p.date_of_birth, picture: p.picture };
    yield `${ci ? ',' : ''}\n${js(head).slice(0, -1)}, "works": [`;
    let first = true;
    for await (const page of workPages(deps, child)) {
      for (const { work: w } of page) {
        const shown = {
          id: w.id,
          title: w.title,
          description: w.description,
          date: w.date,
          age_at_creation: w.age_at_creation,
          category: w.category ? name(w.category) : null,
          tags: w.tags.map(name),
          likes_count: w.likes_count,
          is_public: w.is_public,
          images: w.images.map((i) => ({ file: i.file, thumb: i.thumb, width: i.width, height: i.height })),
          contests: w.contest_entries.map((e) => ({ name: e.contest, winner: e.winner })),
        };
        yield `${first ? '\n' : ',\n'}${js(shown)}`;
        first = false;
      }
    }
    yield ']}';
  }
  yield '\n]};\n';
}

async function* archiveChunks(deps: AppDeps, req: ExportRequest, children: Child[], now: Date): AsyncGenerator<Uint8Array[]> {
  const t = translator(req.lang);
  const date = japanDate(now);
  const zip = new ZipOut(archiveName(date), now);
  const [user] = await deps.db.select().from(users).where(eq(users.id, req.userId));
  const account: ArchiveAccount = {
    email: user?.email ?? '',
    first_name: user?.firstName ?? '',
    address: user?.address ?? '',
    created_at: (user?.createdAt ?? now).toISOString(),
  };
  const only = req.profileId !== null ? children[0] : undefined;
  const title = only
    ? t(ARCHIVE_TEXT.childTitle, { name: only.profile.first_name || only.profile.username })
    : account.first_name
      ? t(ARCHIVE_TEXT.familyTitle, { name: account.first_name })
      : t(ARCHIVE_TEXT.familyTitleUnnamed);
  const tally: Tally = { works: 0, pictures: 0, missing: 0 };

  yield* textEntry(zip, 'README.txt', [
    // The README says "the Little Museum archive of {name}": a name, never the title, which already says Little Museum.
    readmeText(t, only ? only.profile.first_name || only.profile.username : account.first_name || t(ARCHIVE_TEXT.familyUnnamed), date),
  ]);
  for (const child of children) {
    yield* textEntry(zip, `children/${child.folder}/child.json`, childJson(deps, child, tally));
    if (child.row.pictureKey && child.profile.picture) {
      if (!(yield* storedEntry(zip, deps, child.row.pictureKey, child.profile.picture, child.row.createdAt))) tally.missing += 1;
    }
    for await (const page of workPages(deps, child)) {
      for (const { work, keys } of page) {
        const at = new Date(work.created_at);
        for (const [n, image] of work.images.entries()) {
          const key = keys[n]!;
          if (yield* storedEntry(zip, deps, key.display, image.file, at)) tally.pictures += 1;
          else tally.missing += 1;
          if (!(yield* storedEntry(zip, deps, key.thumb, image.thumb, at))) tally.missing += 1;
        }
      }
    }
  }
  const meta = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, title, exported_at: now.toISOString(), language: req.lang };
  yield* textEntry(zip, 'data.js', dataJs(deps, children, meta, req.lang));
  yield* textEntry(zip, 'index.html', [indexHtml(t, { lang: req.lang, title, date })]);
  yield* textEntry(zip, 'account.json', [`${JSON.stringify(account, null, 1)}\n`]);
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: now.toISOString(),
    language: req.lang,
    scope: only ? 'profile' : 'family',
    generator: `Little Museum (${deps.config.publicUrl})`,
    account: 'account.json',
    children: children.map((c) => ({ username: c.profile.username, file: `children/${c.folder}/child.json` })),
    counts: { children: children.length, works: tally.works, pictures: tally.pictures },
    notes: [
      'likes_count is the number of likes a work had; likes themselves (who liked) are not part of the archive.',
      'contest_entries are a record of the contests a work was entered in.',
      ...(tally.missing > 0 ? [`${tally.missing} stored file(s) could not be read when the archive was made and are missing.`] : []),
    ],
  };
  yield* textEntry(zip, 'manifest.json', [`${JSON.stringify(manifest, null, 1)}\n`]);
  zip.end();
  yield zip.take();
}

/**
 * Checks the request (404: a profile that is not the family's; 409: too large for one zip) and returns the zip as a
 * stream that is read only as the client takes it.
 */
export async function exportArchive(deps: AppDeps, req: ExportRequest): Promise<ExportStream> {
  const children = await familyChildren(deps, req);
  const size = await estimate(deps, children);
  if (size.bytes > MAX_ARCHIVE_BYTES || size.entries > MAX_ARCHIVE_ENTRIES) throw new ApiError(409, M.archiveTooLarge);
  const now = deps.clock();
  const chunks = archiveChunks(deps, req, children, now);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          // Until something comes out: an entry can begin with nothing to send yet (an empty page).
          for (;;) {
            const next = await chunks.next();
            if (next.done) {
              controller.close();
              return;
            }
            const out = next.value.filter((c) => c.byteLength > 0);
            for (const chunk of out) controller.enqueue(chunk);
            if (out.length > 0) return;
          }
        } catch (err) {
          log('error', 'export: the archive stream failed', { userId: req.userId, ...errorFields(err) });
          controller.error(err);
        }
      },
      async cancel() {
        // The client went away: the open file's stream is closed by storedEntry's finally.
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return { filename: `${archiveName(japanDate(now))}.zip`, expectedBytes: size.bytes, body };
}
