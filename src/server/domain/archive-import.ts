/**
 * The open archive's import (issue 15): `npm run admin -- import <zip> <email>` brings a zip made by
 * GET /api/account/export/ into this museum, for an account that already exists here (the family signs up first; the
 * archive never carries a password). What it does:
 *   - the whole archive is read and checked first (manifest.json, every child.json against src/contract/archive.ts);
 *     a bad zip or a bad file is refused before anything is written;
 *   - each child becomes a new profile of the account (a username the account already has gets `-2`, `-3`…), with its
 *     picture; the profiles' sharing among themselves is restored;
 *   - each work is created with its title, description, date (created_at as in the archive), visibility, category
 *     and tags (matched by name, English or Japanese, among this museum's; names it does not have are dropped and
 *     reported); its pictures are checked and re-encoded exactly as uploads are (file-type, sharp: no metadata
 *     survives) and stored through the storage adapter as pending files adopted with their rows;
 *   - not re-created: likes (the archive has only their count: likes are one profile's act and those profiles are
 *     not here), contest entries (the contests belong to the other museum's organizations; they stay in the zip as
 *     data), organization memberships. The plan's image limit is not applied (an administrator's act): the account
 *     may be over its free limit afterwards.
 * Each work is one transaction: a failure stops the import with the works before it kept; running the same import
 * again adds the children once more (as new profiles), so it is meant to run once.
 */
import { randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';

import {
  ARCHIVE_VERSION,
  archiveChild,
  archiveManifest,
  type ArchiveChild,
  type ArchiveManifest,
  type ArchiveWork,
} from '@contract/archive';
import { LIMITS } from '@contract/limits';
import { ImageRejected, makeAvatar, type WorkImageFiles } from '../adapters/images';
import { artworkImages, artworks, artworkTags, categories, profiles, profileShares, tags, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ValidationError } from '../errors';
import { adoptPending, discardPending, putPending } from './pending-files';
import { adoptImages, encodeImages, removeImages, storeImages } from './work-files';
import { ZipError, ZipReader } from './archive-zip';

type ImportDeps = Pick<AppDeps, 'db' | 'storage' | 'clock'>;

/** A problem with the archive or the request: the message is for the person running the command. */
export class ImportError extends Error {}

export interface ImportSummary {
  email: string;
  profiles: { from: string; username: string; id: number; works: number }[];
  works: number;
  pictures: number;
  /** What was left out or changed, one line each. */
  warnings: string[];
}

/** The largest child.json / manifest.json read (a family of 100,000 works is about 100 MB of JSON). */
const MAX_JSON_BYTES = 256 * 1024 * 1024;
const USERNAME = /^[A-Za-z0-9@.+\-_]+$/;

interface Loaded {
  root: string;
  manifest: ArchiveManifest;
  children: ArchiveChild[];
}

const inRoot = (root: string, path: string) => (root ? `${root}/${path}` : path);

async function readJson(zip: ZipReader, name: string): Promise<unknown> {
  const bytes = await zip.read(name, MAX_JSON_BYTES);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ImportError(`${name} is not valid JSON`);
  }
}

const issues = (err: { issues: { path: PropertyKey[]; message: string }[] }) =>
  err.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(top)'}: ${i.message}`)
    .join('; ');

/** The manifest (at the zip's top or in its one folder) and every child's file, checked. */
async function load(zip: ZipReader): Promise<Loaded> {
  const manifests = [...zip.entries.keys()].filter((n) => /^(?:[^/]+\/)?manifest\.json$/.test(n));
  if (manifests.length !== 1) {
    throw new ImportError(
      manifests.length === 0
        ? 'this zip is not a Little Museum archive (no manifest.json at its top or in its folder)'
        : 'this zip holds more than one manifest.json',
    );
  }
  const root = manifests[0]!.includes('/') ? manifests[0]!.slice(0, manifests[0]!.indexOf('/')) : '';
  const rawManifest = (await readJson(zip, manifests[0]!)) as { version?: unknown };
  if (typeof rawManifest?.version === 'number' && rawManifest.version > ARCHIVE_VERSION) {
    throw new ImportError(`this archive's format version is ${rawManifest.version}; this museum reads version ${ARCHIVE_VERSION} at most`);
  }
  const manifest = archiveManifest.safeParse(rawManifest);
  if (!manifest.success) throw new ImportError(`manifest.json is not a Little Museum manifest: ${issues(manifest.error)}`);
  const children: ArchiveChild[] = [];
  for (const c of manifest.data.children) {
    const name = inRoot(root, c.file);
    if (!zip.entries.has(name)) throw new ImportError(`${c.file} (listed in manifest.json) is not in the zip`);
    const child = archiveChild.safeParse(await readJson(zip, name));
    if (!child.success) throw new ImportError(`${c.file} is not a Little Museum child file: ${issues(child.error)}`);
    if (child.data.version > ARCHIVE_VERSION) throw new ImportError(`${c.file} is of format version ${child.data.version}`);
    if (Number.isNaN(Date.parse(`${child.data.profile.date_of_birth}T00:00:00Z`))) {
      throw new ImportError(`${c.file}: the date of birth ${child.data.profile.date_of_birth} is not a date`);
    }
    children.push(child.data);
  }
  return { root, manifest: manifest.data, children };
}

/** A username this account does not have yet: the archive's, made valid, with -2, -3… when taken. */
function freeUsername(wanted: string, taken: Set<string>): string {
  const base = (USERNAME.test(wanted) ? wanted : wanted.replace(/[^A-Za-z0-9@.+\-_]/g, '_')).slice(0, 30) || 'child';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 30 - String(n).length - 1)}-${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/** Name -> id, by English and Japanese names. */
async function catalogs(deps: ImportDeps): Promise<{ category: Map<string, number>; tag: Map<string, number> }> {
  const byName = (rows: { id: number; nameEn: string; nameJa: string }[]) => {
    const map = new Map<string, number>();
    for (const r of rows) {
      map.set(`en:${r.nameEn}`, r.id);
      map.set(`ja:${r.nameJa}`, r.id);
    }
    return map;
  };
  return { category: byName(await deps.db.select().from(categories)), tag: byName(await deps.db.select().from(tags)) };
}

const lookup = (map: Map<string, number>, n: { en: string; ja: string }) => map.get(`en:${n.en}`) ?? map.get(`ja:${n.ja}`) ?? null;

/** The work's pictures from the zip, each checked and re-encoded as an upload is; the ones refused are reported. */
async function workImages(zip: ZipReader, root: string, work: ArchiveWork, where: string, warnings: string[]): Promise<WorkImageFiles[]> {
  const out: WorkImageFiles[] = [];
  for (const image of work.images.slice(0, LIMITS.maxImagesPerWork)) {
    const name = inRoot(root, image.file);
    try {
      const bytes = await zip.read(name, LIMITS.maxUploadBytes);
      out.push(...(await encodeImages([bytes])));
    } catch (err) {
      if (!(err instanceof ZipError) && !(err instanceof ValidationError)) throw err;
      warnings.push(
        `${where}: picture ${image.file} left out (${err instanceof ZipError ? err.message : 'not an image this museum accepts'})`,
      );
    }
  }
  if (work.images.length > LIMITS.maxImagesPerWork) warnings.push(`${where}: only the first ${LIMITS.maxImagesPerWork} pictures kept`);
  return out;
}

async function importWork(
  deps: ImportDeps,
  zip: ZipReader,
  root: string,
  profileId: number,
  work: ArchiveWork,
  refs: Awaited<ReturnType<typeof catalogs>>,
  where: string,
  warnings: string[],
): Promise<number> {
  const encoded = await workImages(zip, root, work, where, warnings);
  if (encoded.length === 0) {
    warnings.push(`${where}: left out (no picture could be imported)`);
    return 0;
  }
  const categoryId = work.category ? lookup(refs.category, work.category) : null;
  if (work.category && categoryId === null) warnings.push(`${where}: category "${work.category.en}" is not in this museum (left empty)`);
  const tagIds = new Set<number>();
  for (const t of work.tags) {
    const id = lookup(refs.tag, t);
    if (id === null) warnings.push(`${where}: tag "${t.en}" is not in this museum (dropped)`);
    else tagIds.add(id);
  }
  const title = work.title.trim().slice(0, 100) || 'Untitled';
  const stored = await storeImages(deps, encoded);
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(artworks)
        .values({
          profileId,
          title,
          description: work.description.slice(0, 2000),
          categoryId,
          isPublic: work.is_public,
          createdAt: new Date(work.created_at),
        })
        .returning({ id: artworks.id });
      await adoptImages(tx, stored);
      await tx.insert(artworkImages).values(stored.map((img, position) => ({ artworkId: row!.id, position, ...img })));
      if (tagIds.size > 0) await tx.insert(artworkTags).values([...tagIds].map((tagId) => ({ artworkId: row!.id, tagId })));
    });
  } catch (err) {
    await removeImages(deps, stored);
    throw err;
  }
  return stored.length;
}

async function importAvatar(
  deps: ImportDeps,
  zip: ZipReader,
  root: string,
  child: ArchiveChild,
  warnings: string[],
): Promise<string | null> {
  const path = child.profile.picture;
  if (!path) return null;
  try {
    const bytes = await makeAvatar(await zip.read(inRoot(root, path), LIMITS.maxUploadBytes));
    const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
    await putPending(deps, [{ key, bytes, contentType: 'image/webp' }]);
    return key;
  } catch (err) {
    if (!(err instanceof ZipError) && !(err instanceof ImageRejected)) throw err;
    warnings.push(
      `${child.profile.username}: profile picture left out (${err instanceof ZipError ? err.message : 'not an image this museum accepts'})`,
    );
    return null;
  }
}

/** Imports the zip at `path` into the account with this e-mail address. */
export async function importArchive(
  deps: ImportDeps,
  path: string,
  email: string,
  progress: (line: string) => void = () => {},
): Promise<ImportSummary> {
  const [user] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new ImportError(`no account has the e-mail address ${email}: sign up in this museum first, then import`);
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(path);
  } catch (err) {
    throw err instanceof ZipError ? new ImportError(err.message) : err;
  }
  try {
    const { root, children } = await load(zip).catch((err: unknown) => {
      throw err instanceof ZipError ? new ImportError(err.message) : err;
    });
    const refs = await catalogs(deps);
    const taken = new Set(
      (await deps.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, user.id))).map((p) =>
        p.username.toLowerCase(),
      ),
    );
    const summary: ImportSummary = { email: user.email, profiles: [], works: 0, pictures: 0, warnings: [] };
    const idOf = new Map<string, number>();
    for (const child of children) {
      const p = child.profile;
      const username = freeUsername(p.username, taken);
      if (username !== p.username) summary.warnings.push(`${p.username}: the account already has this username; imported as ${username}`);
      const pictureKey = await importAvatar(deps, zip, root, child, summary.warnings);
      let row: { id: number } | undefined;
      try {
        row = await deps.db.transaction(async (tx) => {
          await adoptPending(tx, [pictureKey]);
          const [inserted] = await tx
            .insert(profiles)
            .values({
              userId: user.id,
              username,
              firstName: p.first_name,
              dateOfBirth: p.date_of_birth,
              address: p.address,
              pictureKey,
              isPublished: p.is_published,
              createdAt: new Date(p.created_at),
            })
            .returning({ id: profiles.id });
          return inserted;
        });
      } catch (err) {
        await discardPending(deps, [pictureKey]);
        throw err;
      }
      idOf.set(p.username, row!.id);
      const imported = { from: p.username, username, id: row!.id, works: 0 };
      summary.profiles.push(imported);
      for (const [i, work] of child.works.entries()) {
        const pictures = await importWork(deps, zip, root, row!.id, work, refs, `${p.username}, work "${work.title}"`, summary.warnings);
        if (pictures > 0) {
          imported.works += 1;
          summary.works += 1;
          summary.pictures += pictures;
        }
        if ((i + 1) % 100 === 0) progress(`${username}: ${i + 1} of ${child.works.length} works`);
      }
      progress(`${username}: ${imported.works} works imported`);
    }
    // Sharing among the imported children (a name not among them is left out: it was not in this archive).
    for (const child of children) {
      const owner = idOf.get(child.profile.username)!;
      for (const target of child.profile.shares_with) {
        const targetId = idOf.get(target);
        if (targetId === undefined || targetId === owner) continue;
        await deps.db.insert(profileShares).values({ ownerProfileId: owner, targetProfileId: targetId }).onConflictDoNothing();
      }
    }
    return summary;
  } finally {
    await zip.close();
  }
}
