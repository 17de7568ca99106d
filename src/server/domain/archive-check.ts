/**
 * The archive import's check pass (issue 27): everything the import will write is checked here, before anything is
 * written, one child at a time (no more than one child's file is in memory; a family's whole archive never is).
 *   - manifest.json and every child.json against src/contract/archive.ts, which applies the API's own rules (the
 *     lengths, usernames, addresses, real calendar days, no NUL, no date in the future, no work before its child's
 *     birth);
 *   - each child file listed once, each picture named by one work only, each username once: every entry is read
 *     once per pass, so an archive cannot make the import read one large entry many times;
 *   - every picture, by its type and its dimensions from its header (the write pass decodes and re-encodes them;
 *     one that fails there still fails the whole import, and its pending files are discarded);
 *   - the categories and tags this museum does not have: reported, not refused.
 * Every problem is an ImportError whose message names the file and the field.
 */
import { usernameKey } from '@contract/accounts';
import { ARCHIVE_VERSION, archiveChild, archiveManifest, type ArchiveChild, type ArchiveWork } from '@contract/archive';
import { LIMITS } from '@contract/limits';
import { checkImage, ImageRejected } from '../adapters/images';
import type { AppDeps } from '../deps';
import { categories, tags } from '../db/schema';
import { isKnownMessageId, translator } from '../i18n';
import { ARCHIVE_BOUNDS, ZipError, type ZipReader } from './archive-zip';

/** A problem with the archive or the request: the message is for the person running the command. */
export class ImportError extends Error {}

export interface Catalogs {
  category: Map<string, number>;
  tag: Map<string, number>;
}

export interface CheckedChild {
  /** child.json's name in the zip. */
  file: string;
  username: string;
  works: number;
}

export interface CheckedArchive {
  root: string;
  children: CheckedChild[];
  /** What will be left out or changed, one line each. */
  warnings: string[];
}

const english = translator('en');

/** The schema's issues on one line: `works.0.title: Title must be at most 100 characters`. */
const issues = (err: { issues: { path: PropertyKey[]; message: string }[] }) =>
  err.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(top)'}: ${isKnownMessageId(i.message) ? english(i.message) : i.message}`)
    .join('; ');

export const inRoot = (root: string, path: string) => (root ? `${root}/${path}` : path);

/** Runs `work`, turning the zip's errors into the import's. */
export async function fromZip<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof ZipError ? new ImportError(err.message) : err;
  }
}

async function readJson(zip: ZipReader, name: string): Promise<unknown> {
  const bytes = await fromZip(() => zip.read(name, ARCHIVE_BOUNDS.jsonBytes));
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ImportError(`${name} is not valid JSON`);
  }
}

/** One child's file, read and checked (the check pass and the write pass read it the same way). */
export async function readChild(zip: ZipReader, name: string): Promise<ArchiveChild> {
  const raw = (await readJson(zip, name)) as { version?: unknown };
  if (typeof raw?.version === 'number' && raw.version > ARCHIVE_VERSION)
    throw new ImportError(`${name} is of format version ${raw.version}`);
  const child = archiveChild.safeParse(raw);
  if (!child.success) throw new ImportError(`${name} is not a Little Museum child file: ${issues(child.error)}`);
  return child.data;
}

/** Name -> id, by English and Japanese names. */
export async function catalogs(deps: Pick<AppDeps, 'db'>): Promise<Catalogs> {
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

export const lookup = (map: Map<string, number>, n: { en: string; ja: string }) => map.get(`en:${n.en}`) ?? map.get(`ja:${n.ja}`) ?? null;

/** A picture's bytes from the zip (at most an upload's size). */
export const readPicture = (zip: ZipReader, root: string, file: string) =>
  fromZip(() => zip.read(inRoot(root, file), LIMITS.maxUploadBytes));

/** Refuses a picture that is not one this museum takes in, from its header. */
async function checkPicture(zip: ZipReader, root: string, file: string, where: string): Promise<void> {
  try {
    await checkImage(await readPicture(zip, root, file));
  } catch (err) {
    if (err instanceof ImageRejected)
      throw new ImportError(`${where}: picture ${file} is not an image this museum accepts (${english(err.messageId)})`);
    throw err;
  }
}

function catalogWarnings(work: ArchiveWork, refs: Catalogs, where: string, warnings: string[]): void {
  if (work.category && lookup(refs.category, work.category) === null) {
    warnings.push(`${where}: category "${work.category.en}" is not in this museum (left empty)`);
  }
  for (const t of work.tags) if (lookup(refs.tag, t) === null) warnings.push(`${where}: tag "${t.en}" is not in this museum (dropped)`);
}

/** The manifest (at the zip's top or in its one folder), then every child, one at a time, with its pictures. */
export async function checkArchive(zip: ZipReader, refs: Catalogs): Promise<CheckedArchive> {
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

  const checked: CheckedArchive = { root, children: [], warnings: [] };
  const usernames = new Set<string>();
  const pictures = new Set<string>();
  const once = (file: string, where: string) => {
    if (pictures.has(file)) throw new ImportError(`${where}: picture ${file} is named more than once in the archive`);
    pictures.add(file);
  };
  for (const listed of manifest.data.children) {
    const name = inRoot(root, listed.file);
    if (!zip.entries.has(name)) throw new ImportError(`${listed.file} (listed in manifest.json) is not in the zip`);
    const child = await readChild(zip, name);
    const p = child.profile;
    if (usernames.has(usernameKey(p.username)))
      throw new ImportError(`${listed.file}: the username ${p.username} is in the archive more than once`);
    usernames.add(usernameKey(p.username));
    if (p.picture) {
      once(p.picture, p.username);
      await checkPicture(zip, root, p.picture, `${p.username}, profile picture`);
    }
    for (const work of child.works) {
      const where = `${p.username}, work "${work.title}"`;
      for (const image of work.images) {
        once(image.file, where);
        await checkPicture(zip, root, image.file, where);
      }
      catalogWarnings(work, refs, where, checked.warnings);
    }
    checked.children.push({ file: name, username: p.username, works: child.works.length });
  }
  return checked;
}
